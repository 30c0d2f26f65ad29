package builder

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/endpointkit/endpoint/headers"
)

// isReserved reports whether key is one of the option keys of the octokit
// JSON shape; every other key is a parameter.
func isReserved(key string) bool {
	switch key {
	case "method", "baseUrl", "url", "headers", "mediaType", "data", "request":
		return true
	}
	return false
}

// ErrReservedParam: a parameter whose name is a reserved option key cannot
// be written in the octokit JSON shape.
var ErrReservedParam = errors.New("parameter name is a reserved option key")

// MarshalJSON writes o in the shape @octokit/endpoint uses: reserved keys
// first, then the parameters in order. Empty fields are left out. Names
// and strings are written as encoding/json writes them (HTML escaping
// off), so any name, even one with control characters or invalid UTF-8,
// reads back.
func (o Options) MarshalJSON() ([]byte, error) {
	for _, p := range o.Params {
		if isReserved(p.Name) {
			return nil, newError("marshal", p.Name, ErrReservedParam)
		}
	}
	return encodeJSON(func(b []byte) ([]byte, error) {
		b = append(b, '{')
		first := true
		key := func(name string) {
			if !first {
				b = append(b, ',')
			}
			first = false
			b = appendJSONString(b, name)
			b = append(b, ':')
		}
		if o.Method != "" {
			key("method")
			b = appendJSONString(b, o.Method)
		}
		if o.BaseURL != "" {
			key("baseUrl")
			b = appendJSONString(b, o.BaseURL)
		}
		if o.URL != "" {
			key("url")
			b = appendJSONString(b, o.URL)
		}
		if o.Headers != nil {
			key("headers")
			b = appendStringMap(b, o.Headers)
		}
		if mt := o.MediaType; mt.Format != "" || mt.Previews != nil {
			key("mediaType")
			b = append(b, `{"format":`...)
			b = appendJSONString(b, mt.Format)
			if len(mt.Previews) > 0 {
				b = append(b, `,"previews":`...)
				b = appendStringArray(b, mt.Previews)
			}
			b = append(b, '}')
		}
		var err error
		field := func(name string, v any) {
			if err == nil {
				key(name)
				if b, err = appendJSON(b, v); err != nil {
					err = paramError(name, err)
				}
			}
		}
		if o.Data != nil {
			field("data", o.Data)
		}
		if o.Request != nil {
			field("request", o.Request)
		}
		for _, p := range o.Params {
			field(p.Name, p.Value)
		}
		return append(b, '}'), err
	})
}

// MarshalJSON writes the parameters as one JSON object, in order.
func (p Params) MarshalJSON() ([]byte, error) {
	return encodeJSON(func(b []byte) ([]byte, error) {
		var e jsonEncoder
		return e.params(b, p)
	})
}

// UnmarshalJSON reads the octokit shape: reserved keys into their fields,
// every other key into Params in document order. Numbers become
// json.Number, so that large integers survive; objects become
// map[string]any. A null header or field means "not set".
//
// decodeOptions reads the JSON that JSON.stringify and encoding/json
// write in one pass; whatever it is not sure of, and every error, is
// left to unmarshalOptions, whose result it matches exactly.
func (o *Options) UnmarshalJSON(data []byte) error {
	out, ok := decodeOptions(data)
	if !ok {
		var err error
		if out, err = unmarshalOptions(data); err != nil {
			return err
		}
	}
	*o = out
	return nil
}

// unmarshalOptions is the reference decoder, token by token through
// encoding/json: slow, but every rule and error message of the shape is
// encoding/json's.
func unmarshalOptions(data []byte) (Options, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var out Options
	if err := expectDelim(dec, '{'); err != nil {
		return Options{}, err
	}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return Options{}, invalid("", err)
		}
		key := tok.(string)
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return Options{}, invalid(key, err)
		}
		if err := out.setJSON(key, raw); err != nil {
			return Options{}, err
		}
	}
	if _, err := dec.Token(); err != nil {
		return Options{}, invalid("", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return Options{}, invalid("", errors.New("data after the options object"))
	}
	return out, nil
}

func (o *Options) setJSON(key string, raw json.RawMessage) error {
	if string(raw) == "null" {
		if isReserved(key) {
			return nil
		}
		o.Params = o.Params.set(key, nil)
		return nil
	}
	var err error
	switch key {
	case "method":
		err = json.Unmarshal(raw, &o.Method)
	case "baseUrl":
		err = json.Unmarshal(raw, &o.BaseURL)
	case "url":
		err = json.Unmarshal(raw, &o.URL)
	case "headers":
		o.Headers, err = headersJSON(raw)
	case "mediaType":
		var mt struct {
			Format   *string  `json:"format"`
			Previews []string `json:"previews"`
		}
		err = json.Unmarshal(raw, &mt)
		if mt.Format != nil {
			o.MediaType.Format = *mt.Format
		}
		o.MediaType.Previews = mt.Previews
	case "data":
		o.Data, err = decodeValue(raw)
	case "request":
		var v any
		if v, err = decodeValue(raw); err == nil {
			m, ok := v.(map[string]any)
			if !ok {
				err = errors.New("want an object")
			}
			o.Request = m
		}
	default:
		var v any
		v, err = decodeValue(raw)
		o.Params = o.Params.set(key, v)
	}
	if err != nil {
		return invalid(key, err)
	}
	return nil
}

// headersJSON accepts string, number and boolean values (as their JSON
// text) and skips nulls. Names are lower-cased in document order, so that
// of two names differing only in case the later wins, as in JavaScript.
func headersJSON(raw json.RawMessage) (headers.Set, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	if err := expectDelim(dec, '{'); err != nil {
		return nil, err
	}
	out := headers.Set{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		name := tok.(string)
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, err
		}
		var s string
		switch {
		case string(v) == "null":
			continue
		case v[0] == '"':
			if err := json.Unmarshal(v, &s); err != nil {
				return nil, err
			}
		case v[0] == '{' || v[0] == '[':
			return nil, fmt.Errorf("header %q: want a string, number or boolean", name)
		default:
			s = string(v)
		}
		out[headers.Name(name)] = s
	}
	return out, nil
}

func decodeValue(raw json.RawMessage) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	err := dec.Decode(&v)
	return v, err
}

func expectDelim(dec *json.Decoder, d json.Delim) error {
	tok, err := dec.Token()
	if err != nil {
		return invalid("", err)
	}
	if tok != d {
		return invalid("", fmt.Errorf("want %v, got %v", d, tok))
	}
	return nil
}

func invalid(key string, err error) error {
	return newError("unmarshal", key, fmt.Errorf("%w: %w", ErrInvalidOptions, err))
}

// MarshalJSON writes {"method","url","headers","body"?,"request"?}:
// headers sorted by name, a []byte body as a string, an io.Reader body
// (which cannot be read here) left out.
func (r RequestOptions) MarshalJSON() ([]byte, error) {
	body := r.Body
	if b, ok := body.([]byte); ok {
		body = string(b)
	}
	if _, ok := r.Body.(io.Reader); ok {
		body = nil
	}
	return encodeJSON(func(b []byte) ([]byte, error) {
		b = append(b, `{"method":`...)
		b = appendJSONString(b, r.Method)
		b = append(b, `,"url":`...)
		b = appendJSONString(b, r.URL)
		b = append(b, `,"headers":`...)
		if r.Headers == nil {
			b = append(b, "{}"...) // an object, always
		} else {
			b = appendStringMap(b, r.Headers)
		}
		var err error
		if body != nil {
			b = append(b, `,"body":`...)
			if b, err = appendJSON(b, body); err != nil {
				return b, err
			}
		}
		if len(r.Request) > 0 {
			b = append(b, `,"request":`...)
			if b, err = appendJSON(b, r.Request); err != nil {
				return b, err
			}
		}
		return append(b, '}'), nil
	})
}
