package builder

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"

	"github.com/endpointkit/endpoint/headers"
)

// reserved are the option keys of the octokit JSON shape; every other key
// is a parameter.
var reserved = map[string]bool{
	"method": true, "baseUrl": true, "url": true, "headers": true,
	"mediaType": true, "data": true, "request": true,
}

// ErrReservedParam: a parameter whose name is a reserved option key cannot
// be written in the octokit JSON shape.
var ErrReservedParam = errors.New("parameter name is a reserved option key")

// MarshalJSON writes o in the shape @octokit/endpoint uses: reserved keys
// first, then the parameters in order. Empty fields are left out.
func (o Options) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	first := true
	field := func(name string, v any) error {
		if !first {
			b.WriteByte(',')
		}
		first = false
		b.Write(strconv.AppendQuote(nil, name))
		b.WriteByte(':')
		data, err := marshalValue(v)
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		b.Write(data)
		return nil
	}
	var err error
	add := func(name string, v any, set bool) {
		if set && err == nil {
			err = field(name, v)
		}
	}
	add("method", o.Method, o.Method != "")
	add("baseUrl", o.BaseURL, o.BaseURL != "")
	add("url", o.URL, o.URL != "")
	add("headers", o.Headers, o.Headers != nil)
	mt := o.MediaType
	add("mediaType", mediaTypeJSON(mt),
		mt.Format != "" || mt.Previews != nil)
	add("data", o.Data, o.Data != nil)
	add("request", o.Request, o.Request != nil)
	for _, p := range o.Params {
		if reserved[p.Name] {
			return nil, newError("marshal", p.Name, ErrReservedParam)
		}
		add(p.Name, p.Value, true)
	}
	if err != nil {
		return nil, err
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

type mediaTypeJSON struct {
	Format   string   `json:"format"`
	Previews []string `json:"previews,omitempty"`
}

// marshalValue encodes like json.Marshal without HTML escaping, so that
// URLs and templates stay readable in fixtures.
func marshalValue(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimRight(b.Bytes(), "\n"), nil
}

// MarshalJSON writes the parameters as one JSON object, in order.
func (p Params) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, e := range p {
		if i > 0 {
			b.WriteByte(',')
		}
		b.Write(strconv.AppendQuote(nil, e.Name))
		b.WriteByte(':')
		data, err := marshalValue(e.Value)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", e.Name, err)
		}
		b.Write(data)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// UnmarshalJSON reads the octokit shape: reserved keys into their fields,
// every other key into Params in document order. Numbers become
// json.Number, so that large integers survive; objects become
// map[string]any. A null header or field means "not set".
func (o *Options) UnmarshalJSON(data []byte) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var out Options
	if err := expectDelim(dec, '{'); err != nil {
		return err
	}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return invalid("", err)
		}
		key := tok.(string)
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return invalid(key, err)
		}
		if err := out.setJSON(key, raw); err != nil {
			return err
		}
	}
	if _, err := dec.Token(); err != nil {
		return invalid("", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return invalid("", errors.New("data after the options object"))
	}
	*o = out
	return nil
}

func (o *Options) setJSON(key string, raw json.RawMessage) error {
	if string(raw) == "null" {
		if reserved[key] {
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

// MarshalJSON writes {"method","url","headers","body"?,"request"?}.
func (r RequestOptions) MarshalJSON() ([]byte, error) {
	type out struct {
		Method  string         `json:"method"`
		URL     string         `json:"url"`
		Headers headers.Set    `json:"headers"`
		Body    any            `json:"body,omitempty"`
		Request map[string]any `json:"request,omitempty"`
	}
	v := out(r)
	if b, ok := r.Body.([]byte); ok {
		v.Body = string(b)
	}
	if _, ok := r.Body.(io.Reader); ok {
		v.Body = nil
	}
	if r.Headers == nil {
		v.Headers = headers.Set{}
	}
	return marshalValue(v)
}
