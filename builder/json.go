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

// ErrReservedParam is returned when options with a parameter named like a
// reserved key (url, data …) are written as JSON, which has no place for it.
var ErrReservedParam = errors.New("parameter name is a reserved option key")

// MarshalJSON writes o in @octokit/endpoint's shape, as v6 writes merged
// options: the reserved keys and one key a parameter, in the order set,
// mediaType always. A removed header is null, a []byte Data a string, an
// io.Reader Data null.
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

// withMediaType puts mediaType where v6's DEFAULTS has it, after headers
// (or baseUrl, or method), when the layer does not set it.
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
		return appendHeaderList(b, l.Headers.list)
	case keyMediaType:
		b = append(b, `{"format":`...)
		b = value.AppendString(b, l.Format)
		b = append(b, `,"previews":[`...)
		for i, name := range l.Previews.names {
			if i > 0 {
				b = append(b, ',')
			}
			b = value.AppendString(b, name)
		}
		return append(b, "]}"...)
	case keyData:
		return l.appendData(b)
	case keyRequest:
		return value.AppendJSON(b, l.Request)
	}
	return value.AppendJSON(b, l.Params.list[l.Params.find(key)].v) // order holds set keys only
}

// appendHeaderList writes headers as an object, a removed one null.
func appendHeaderList(b []byte, hs []header) []byte {
	b = append(b, '{')
	for i, h := range hs {
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
}

// appendData writes the data option; a JSON string (from a time.Time)
// goes quotes and all, since the octokit shape reads a string as raw.
func (l *layer) appendData(b []byte) []byte {
	switch raw := l.Data.raw.(type) {
	case []byte:
		return value.AppendString(b, string(raw))
	case io.Reader:
		return append(b, "null"...)
	}
	if l.Data.asJSON {
		return value.AppendString(b, string(value.AppendJSON(nil, l.Data.v)))
	}
	return value.AppendJSON(b, l.Data.v)
}

// MarshalJSON writes the parameters as one JSON object, in order.
func (p Params) MarshalJSON() ([]byte, error) {
	v, err := paramsObject(p, new(value.Budget), 0)
	if err != nil {
		return nil, err
	}
	if v.Kind() == value.Null {
		return []byte("{}"), nil
	}
	return value.AppendJSON(nil, v), nil
}

// UnmarshalJSON reads the octokit shape, every key but the reserved ones a
// parameter, as JSON.parse has it: a repeated key's last value wins in
// the first one's place, of two spellings of a header the later, and a
// null option is not set (a null header is in RemoveHeaders). mediaType's
// keys match in any case, as encoding/json's fields do.
func (o *Options) UnmarshalJSON(data []byte) error {
	l, err := decodeLayer(data, true)
	if err != nil {
		return err
	}
	*o = l.export()
	return nil
}

// decodeLayer reads options JSON into a checked layer, with its keys'
// order when withOrder.
func decodeLayer(data []byte, withOrder bool) (layer, error) {
	d, err := value.NewDecoder(data)
	if err != nil {
		return layer{}, optionsError(err)
	}
	var l layer
	ps := paramSet{list: make([]param, 0, 8)}
	var order []string
	if withOrder {
		order = make([]string, 0, 8)
	}
	err = d.Members("want an object", func(key string) error {
		if isReserved(key) {
			return decodeReserved(d, &l, key, &order, withOrder, len(ps.list))
		}
		dst, fresh, err := ps.add(key)
		if err != nil {
			return err
		}
		if fresh && withOrder {
			order = append(order, key)
		}
		*dst, err = d.Value()
		return err
	})
	if err != nil {
		return layer{}, optionsError(err)
	}
	l.Params = paramList{ps.list}
	l.Keys.keys = order
	if len(data) > maxPinned {
		for i, h := range l.Headers.list {
			l.Headers.list[i].name, l.Headers.list[i].value = strings.Clone(h.name), strings.Clone(h.value)
		}
	}
	if err := check(&l); err != nil {
		return layer{}, err
	}
	return l, nil
}

// Decoded strings point into the decoder's copy of the options, which a
// result's header map would pin: past maxPinned, headers are copied out.
const maxPinned = 1 << 10

// decodeReserved reads a reserved key's value over any before, a null
// leaving the option not set; nParams parameters came before it.
func decodeReserved(d *value.Decoder, l *layer, key string, order *[]string, withOrder bool, nParams int) error {
	null := d.Null()
	if null {
		if key == keyURL {
			l.Keys.urlAt = 0
		}
		*order = slices.DeleteFunc(*order, func(k string) bool { return k == key })
	} else {
		if withOrder && !slices.Contains(*order, key) {
			*order = append(*order, key)
		}
		if key == keyURL && l.Keys.urlAt == 0 { // its first place, as in order
			l.Keys.urlAt = nParams + 1
		}
	}
	return decodeOption(d, l, key, null)
}

// decodeOption sets the reserved option key to its value, or clears it
// for null.
func decodeOption(d *value.Decoder, l *layer, key string, null bool) error {
	var err error
	switch key {
	case keyMethod:
		l.Method, err = decodeString(d, key, null)
	case keyBaseURL:
		l.BaseURL, err = decodeString(d, key, null)
	case keyURL:
		l.URL, err = decodeString(d, key, null)
	case keyHeaders:
		l.Headers = headerList{}
		if !null {
			err = decodeHeaders(d, &l.Headers)
		}
	case keyMediaType:
		l.Format, l.Previews = "", previewList{}
		if !null {
			err = decodeMediaType(d, l)
		}
	case keyData:
		l.Data = body{set: !null}
		if !null {
			l.Data.v, err = d.Value()
		}
	case keyRequest:
		l.Request = value.Value{}
		if !null && d.Peek() != '{' {
			return d.Errorf("request: want an object")
		}
		if !null {
			l.Request, err = d.Value()
		}
	}
	return err
}

// decodeString reads a string, "" for null.
func decodeString(d *value.Decoder, key string, null bool) (string, error) {
	if null {
		return "", nil
	}
	if d.Peek() != '"' {
		return "", d.Errorf(key + ": want a string")
	}
	return d.String(), nil
}

// decodeHeaders reads the headers object: numbers and booleans as text,
// null a removal.
func decodeHeaders(d *value.Decoder, hs *headerList) error {
	return d.Members("headers: want an object", func(name string) error {
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
		return hs.add(h)
	})
}

// decodeMediaType reads {"format", "previews"} as json.Unmarshal fills a
// struct: keys in any case, a null format ignored, unknown keys too.
func decodeMediaType(d *value.Decoder, l *layer) error {
	return d.Members("mediaType: want an object", func(key string) error {
		var err error
		switch {
		case strings.EqualFold(key, "format"):
			if !d.Null() {
				l.Format, err = decodeString(d, "mediaType.format", false)
			}
		case strings.EqualFold(key, "previews"):
			l.Previews = previewList{}
			if d.Null() {
				return nil
			}
			err = d.Items("mediaType.previews: want an array of strings", func() error {
				s, err := decodeString(d, "mediaType.previews", false)
				l.Previews.names = append(l.Previews.names, s)
				return err
			})
		default:
			_, err = d.Value()
		}
		return err
	})
}

// optionsError wraps a decoding error in ErrInvalidOptions, but a limit.
func optionsError(err error) error {
	if !errors.Is(err, ErrLimit) {
		err = fmt.Errorf("%w: %w", ErrInvalidOptions, err)
	}
	return wrapError("options", err)
}

// MarshalJSON writes {"method","url","headers","body"?,"request"?}:
// headers sorted, a JSON body as it is, a string or []byte body as a
// string, an io.Reader body left out, and request whenever set, as v6.
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
	slices.SortFunc(hs, func(x, y header) int { return strings.Compare(x.name, y.name) })
	var request value.Value // null when it cannot be converted
	if v, err := value.Of(r.Request); r.Request != nil && err == nil {
		request = v
	}
	return encodeJSON(func(b []byte) []byte {
		b = append(b, `{"method":`...)
		b = value.AppendString(b, r.Method)
		b = append(b, `,"url":`...)
		b = value.AppendString(b, r.URL)
		b = append(b, `,"headers":`...)
		b = appendHeaderList(b, hs)
		if hasBody {
			b = append(b, `,"body":`...)
			b = append(b, body...)
		}
		if request.Kind() == value.Object {
			b = append(b, `,"request":`...)
			b = value.AppendJSON(b, request)
		}
		return append(b, '}')
	}), nil
}
