package builder

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/endpointkit/endpoint/headers"
	"github.com/endpointkit/endpoint/internal/value"
)

// The octokit JSON shape of options: reserved keys (method, baseUrl, url,
// headers, mediaType, data, request) and, beside them, one key per
// parameter, in order.

// ErrReservedParam is returned when options with a parameter named like a
// reserved key (url, data …) are written as JSON: the octokit shape has no
// place for it. Build takes such a parameter as an ordinary one.
var ErrReservedParam = errors.New("parameter name is a reserved option key")

// MarshalJSON writes o in the shape @octokit/endpoint uses, as v6 writes
// its merged options: keys in the order they were set (reserved keys,
// then parameters, for Options built in Go), and mediaType always, as
// {"format":…,"previews":[…]}. A removed header is written as null, a
// []byte Data as a string, and an io.Reader Data (which cannot be read
// here) is left out.
func (o Options) MarshalJSON() ([]byte, error) {
	for _, p := range o.Params {
		if isReserved(p.Name) {
			return nil, newError("marshal", p.Name, ErrReservedParam)
		}
	}
	l, err := toLayer(&o)
	if err != nil {
		return nil, err
	}
	l.Keys = keyOrder{keys: l.order()}
	return l.marshalJSON()
}

func (l *layer) marshalJSON() ([]byte, error) {
	for _, p := range l.Params.list {
		if isReserved(p.name) {
			return nil, newError("marshal", p.name, ErrReservedParam)
		}
	}
	keys := withMediaType(l.order())
	return encodeJSON(func(b []byte) []byte {
		b = append(b, '{')
		for i, k := range keys {
			if i > 0 {
				b = append(b, ',')
			}
			b = value.AppendString(b, k)
			b = append(b, ':')
			b = l.appendMember(b, k)
		}
		return append(b, '}')
	}), nil
}

// withMediaType puts mediaType where v6's root DEFAULTS has it, after
// headers (or baseUrl, or method), when the layer does not set it.
func withMediaType(keys []string) []string {
	if slices.Contains(keys, keyMediaType) {
		return keys
	}
	at := 0
	for _, after := range [...]string{keyMethod, keyBaseURL, keyHeaders} {
		if i := slices.Index(keys, after); i >= 0 {
			at = i + 1
		}
	}
	return slices.Insert(keys, at, keyMediaType)
}

// appendMember writes the value of one key.
func (l *layer) appendMember(b []byte, key string) []byte {
	switch key {
	case keyMethod:
		return value.AppendString(b, l.Method)
	case keyBaseURL:
		return value.AppendString(b, l.BaseURL)
	case keyURL:
		return value.AppendString(b, l.URL)
	case keyHeaders:
		b = append(b, '{')
		for i, h := range l.Headers.list {
			if i > 0 {
				b = append(b, ',')
			}
			b = value.AppendString(b, h.name)
			b = append(b, ':')
			if h.removed {
				b = append(b, "null"...)
			} else {
				b = value.AppendString(b, h.value)
			}
		}
		return append(b, '}')
	case keyMediaType:
		b = append(b, `{"format":`...)
		b = value.AppendString(b, l.Format)
		b = append(b, `,"previews":[`...)
		for i, p := range l.Previews.names {
			if i > 0 {
				b = append(b, ',')
			}
			b = value.AppendString(b, p)
		}
		return append(b, "]}"...)
	case keyData:
		switch raw := l.Data.raw.(type) {
		case []byte:
			return value.AppendString(b, string(raw))
		case io.Reader:
			return append(b, "null"...)
		}
		if l.Data.asJSON {
			// JSON text that is a string ("x" with its quotes, from a
			// time.Time): the octokit shape reads a string as the raw
			// body, so the text goes as one, quotes and all.
			return value.AppendString(b, string(value.AppendJSON(nil, l.Data.v)))
		}
		return value.AppendJSON(b, l.Data.v)
	case keyRequest:
		return value.AppendJSON(b, l.Request)
	}
	v, _ := l.Params.get(key)
	return value.AppendJSON(b, v)
}

// MarshalJSON writes the parameters as one JSON object, in order.
func (p Params) MarshalJSON() ([]byte, error) {
	v, err := paramsObject(p, value.NewBudget(), 0)
	if err != nil {
		return nil, err
	}
	if v.Kind() == value.Null {
		return []byte("{}"), nil
	}
	return value.AppendJSON(nil, v), nil
}

// UnmarshalJSON reads the octokit shape: reserved keys into their fields,
// every other key into Params, in document order. A repeated key's last
// value wins whole, in the first one's place, as JSON.parse has it (a
// second headers or mediaType object replaces the first); header names
// are lower-cased in document order, so of two spellings the later wins,
// as in JavaScript. A null option is not set, also after a value, and a
// null header is in RemoveHeaders.
// mediaType's keys are matched without regard to case, as encoding/json
// matches struct fields. Values come out as Options hold them (see
// Options); the time taken is linear in the input.
func (o *Options) UnmarshalJSON(data []byte) error {
	l, err := decodeLayer(data, true)
	if err != nil {
		return err
	}
	*o = l.export()
	return nil
}

// decodeLayer reads options JSON into a checked layer; with withOrder
// set, it also records the order of the keys, which only merged options
// show.
func decodeLayer(data []byte, withOrder bool) (layer, error) {
	d := value.NewDecoder(data)
	var l layer
	ps := paramSet{list: make([]param, 0, 8)} // room for the usual handful of keys
	var order []string
	if withOrder {
		order = make([]string, 0, 8)
	}
	d.Space()
	err := d.Object(func(key string) error {
		if isReserved(key) {
			// A key given again replaces what it gave, as JSON.parse has
			// it: a later null leaves the option not set.
			clearOption(&l, key)
			if d.Null() {
				if key == keyURL {
					l.Keys.urlAt = 0
				}
				if i := slices.Index(order, key); i >= 0 {
					order = slices.Delete(order, i, i+1)
				}
				return nil
			}
			if withOrder && !slices.Contains(order, key) {
				order = append(order, key)
			}
			if key == keyURL && l.Keys.urlAt == 0 { // its first place, as in order
				l.Keys.urlAt = len(ps.list) + 1
			}
			return decodeOption(d, &l, key)
		}
		i, free := ps.lookup(key)
		if i < 0 {
			if len(ps.list) == MaxParams {
				if err := d.Skip(); err != nil {
					return err // a bad value is reported first
				}
				return paramLimit()
			}
			if withOrder {
				order = append(order, key)
			}
		}
		// Read into its place in the list, not into a value copied there.
		return d.ValueInto(ps.slot(i, free, key))
	})
	if err == nil && !d.AtEnd() {
		err = d.Errorf("data after the options object")
	}
	if err != nil {
		return layer{}, optionsError(err)
	}
	l.Params = paramList{ps.list}
	l.Keys.keys = order
	if len(data) > maxPinned {
		unpinHeaders(l.Headers.list)
	}
	if err := check(&l); err != nil {
		return layer{}, err
	}
	return l, nil
}

// The decoded strings point into the decoder's one copy of the options.
// A header's is kept in a result's header map, and would pin all of the
// options (a large data member too): options longer than maxPinned have
// their headers' names and values copied out.
const maxPinned = 1 << 10

// unpinHeaders copies the names and values of hs out of what they point
// into.
func unpinHeaders(hs []header) {
	for i := range hs {
		hs[i].name, hs[i].value = strings.Clone(hs[i].name), strings.Clone(hs[i].value)
	}
}

// clearOption unsets what the reserved key sets.
func clearOption(l *layer, key string) {
	switch key {
	case keyMethod:
		l.Method = ""
	case keyBaseURL:
		l.BaseURL = ""
	case keyURL:
		l.URL = ""
	case keyHeaders:
		l.Headers = headerList{}
	case keyMediaType:
		l.Format, l.Previews = "", previewList{}
	case keyData:
		l.Data = body{}
	case keyRequest:
		l.Request = value.Value{}
	}
}

// decodeOption reads the value of a reserved key.
func decodeOption(d *value.Decoder, l *layer, key string) error {
	var err error
	switch key {
	case keyMethod:
		l.Method, err = decodeString(d, key)
	case keyBaseURL:
		l.BaseURL, err = decodeString(d, key)
	case keyURL:
		l.URL, err = decodeString(d, key)
	case keyHeaders:
		err = decodeHeaders(d, &l.Headers)
	case keyMediaType:
		err = decodeMediaType(d, l)
	case keyData:
		var v value.Value
		if v, err = d.Value(); err == nil {
			l.Data = body{set: true, v: v}
		}
	case keyRequest:
		if d.Peek() != '{' {
			return d.Errorf("request: want an object")
		}
		l.Request, err = d.Value()
	}
	return err
}

func decodeString(d *value.Decoder, key string) (string, error) {
	if d.Peek() != '"' {
		return "", d.Errorf(key + ": want a string")
	}
	return d.String()
}

// decodeHeaders reads the headers object: strings as they are, numbers
// and booleans as their JSON text, null as a removal.
func decodeHeaders(d *value.Decoder, hs *headerList) error {
	if d.Peek() != '{' {
		return d.Errorf("headers: want an object")
	}
	return d.Object(func(name string) error {
		v, err := d.Value()
		if err != nil {
			return err
		}
		h := header{name: headers.Name(name)}
		switch v.Kind() {
		case value.Null:
			h.removed = true
		case value.String, value.Number, value.Bool:
			h.value = v.Text()
		default:
			return d.Errorf("headers: want a string, number, boolean or null")
		}
		if i := hs.find(h.name); i >= 0 {
			hs.list[i] = h
		} else if err := headerLimit(len(hs.list) + 1); err != nil {
			return err
		} else {
			hs.list = append(hs.list, h)
		}
		return nil
	})
}

// decodeMediaType reads {"format": string|null, "previews": [string…]|null}
// as json.Unmarshal fills a struct: keys without regard to case, a null
// format leaves it as it is, unknown keys are ignored.
func decodeMediaType(d *value.Decoder, l *layer) error {
	if d.Peek() != '{' {
		return d.Errorf("mediaType: want an object")
	}
	return d.Object(func(key string) error {
		switch {
		case strings.EqualFold(key, "format"):
			if d.Null() {
				return nil
			}
			s, err := decodeString(d, "mediaType.format")
			l.Format = s
			return err
		case strings.EqualFold(key, "previews"):
			if d.Null() {
				l.Previews = previewList{}
				return nil
			}
			if d.Peek() != '[' {
				return d.Errorf("mediaType.previews: want an array of strings")
			}
			var names []string
			err := d.Array(func() error {
				s, err := decodeString(d, "mediaType.previews")
				names = append(names, s)
				return err
			})
			l.Previews = previewList{names}
			return err
		}
		_, err := d.Value()
		return err
	})
}

// optionsError wraps a decoding error in ErrInvalidOptions, unless it is
// a limit.
func optionsError(err error) error {
	if errors.Is(err, ErrLimit) {
		var e *Error
		if errors.As(err, &e) {
			return err
		}
		return newError("options", "", err)
	}
	return newError("options", "", fmt.Errorf("%w: %w", ErrInvalidOptions, err))
}

// MarshalJSON writes {"method","url","headers","body"?,"request"?}:
// headers sorted by name, a JSON body as it is, a string or []byte body
// as a string, an io.Reader body (which cannot be read here) left out,
// and request whenever it is set, even empty, as v6 does.
func (r RequestOptions) MarshalJSON() ([]byte, error) {
	body, hasBody, err := bodyJSON(r.Body)
	if err != nil {
		return nil, newError("marshal", "body", err)
	}
	var room [16]header
	hs := room[:0]
	for name, v := range r.Headers {
		hs = append(hs, header{name: name, value: v})
	}
	return encodeJSON(func(b []byte) []byte {
		return appendRequestJSON(b, r.Method, r.URL, hs, body, hasBody, requestValue(r.Request))
	}), nil
}

// requestValue is a RequestOptions.Request as a value (a Go map: its keys
// sorted); null when it is nil or cannot be converted.
func requestValue(m map[string]any) value.Value {
	if m == nil {
		return value.Value{}
	}
	v, err := value.Of(m)
	if err != nil {
		return value.Value{}
	}
	return v
}

// appendRequestJSON writes request options as JSON: the headers hs (see
// appendHeadersJSON), the body when there is one, request when it is not
// null.
func appendRequestJSON(b []byte, method, url string, hs []header, body []byte, hasBody bool, request value.Value) []byte {
	b = append(b, `{"method":`...)
	b = value.AppendString(b, method)
	b = append(b, `,"url":`...)
	b = value.AppendString(b, url)
	b = append(b, `,"headers":`...)
	b = appendHeadersJSON(b, hs)
	if hasBody {
		b = append(b, `,"body":`...)
		b = append(b, body...)
	}
	if request.Kind() == value.Object {
		b = append(b, `,"request":`...)
		b = value.AppendJSON(b, request) // members in their order
	}
	return append(b, '}')
}

// appendHeadersJSON writes headers as a JSON object, in name order (hs
// is sorted in place), the last of a name kept as a map keeps it.
func appendHeadersJSON(b []byte, hs []header) []byte {
	if len(hs) > 16 {
		slices.SortStableFunc(hs, func(x, y header) int { return strings.Compare(x.name, y.name) })
	}
	// Insertion sort, stable, for the usual handful of headers.
	for i := 1; i < len(hs); i++ {
		for j := i; j > 0 && hs[j].name < hs[j-1].name; j-- {
			hs[j], hs[j-1] = hs[j-1], hs[j]
		}
	}
	b = append(b, '{')
	for i, h := range hs {
		if i+1 < len(hs) && hs[i+1].name == h.name {
			continue // a map keeps the last
		}
		if b[len(b)-1] != '{' {
			b = append(b, ',')
		}
		b = value.AppendString(b, h.name)
		b = append(b, ':')
		b = value.AppendString(b, h.value)
	}
	return append(b, '}')
}
