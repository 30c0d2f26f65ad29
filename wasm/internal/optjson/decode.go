package optjson

import (
	"encoding/json"
	"unicode/utf8"

	"github.com/endpointkit/endpoint"
	"github.com/endpointkit/endpoint/headers"
)

// maxDepth bounds nesting; deeper input goes to the fallback, which has
// its own limit and error.
const maxDepth = 200

// Decode decodes an options object. ok is false when data is not
// something Decode is sure to decode as Options.UnmarshalJSON does.
func Decode(data []byte) (o endpoint.Options, ok bool) {
	s := scanner{b: data}
	s.space()
	if !s.eat('{') {
		return endpoint.Options{}, false
	}
	s.space()
	if !s.eat('}') {
		for {
			key, ok := s.str()
			if !ok || !s.colon() || !s.option(&o, key) {
				return endpoint.Options{}, false
			}
			more, ok := s.next('}')
			if !ok {
				return endpoint.Options{}, false
			}
			if !more {
				break
			}
		}
	}
	s.space()
	if s.i != len(s.b) {
		return endpoint.Options{}, false
	}
	return o, true
}

type scanner struct {
	b     []byte
	i     int
	depth int
}

// option decodes the value of key into o, as Options.UnmarshalJSON does.
func (s *scanner) option(o *endpoint.Options, key string) bool {
	if s.literal("null") {
		switch key {
		case "method", "baseUrl", "url", "headers", "mediaType", "data", "request":
		default:
			o.Params = setParam(o.Params, key, nil)
		}
		return true
	}
	var ok bool
	switch key {
	case "method":
		o.Method, ok = s.str()
	case "baseUrl":
		o.BaseURL, ok = s.str()
	case "url":
		o.URL, ok = s.str()
	case "headers":
		o.Headers, ok = s.headers()
	case "mediaType":
		ok = s.mediaType(&o.MediaType)
	case "data":
		o.Data, ok = s.value()
	case "request":
		if s.peek() != '{' {
			return false
		}
		var v any
		v, ok = s.value()
		o.Request, _ = v.(map[string]any)
	default:
		var v any
		v, ok = s.value()
		o.Params = setParam(o.Params, key, v)
	}
	return ok
}

// setParam sets name in place or appends it, like Params' own setter.
func setParam(p endpoint.Params, name string, v any) endpoint.Params {
	for i := range p {
		if p[i].Name == name {
			p[i].Value = v
			return p
		}
	}
	return append(p, endpoint.Param{Name: name, Value: v})
}

// headers: string values as they are, numbers and booleans as their JSON
// text, nulls skipped; names go through headers.Name in document order.
func (s *scanner) headers() (headers.Set, bool) {
	if !s.eat('{') {
		return nil, false
	}
	out := headers.Set{}
	s.space()
	if s.eat('}') {
		return out, true
	}
	for {
		name, ok := s.str()
		if !ok || !s.colon() {
			return nil, false
		}
		var v string
		switch c := s.peek(); {
		case c == '"':
			v, ok = s.str()
		case c == 'n':
			if !s.literal("null") {
				return nil, false
			}
			goto next
		case c == 't' || c == 'f':
			start := s.i
			ok = s.literal("true") || s.literal("false")
			v = string(s.b[start:s.i])
		default:
			var n json.Number
			n, ok = s.number()
			v = string(n)
		}
		if !ok {
			return nil, false
		}
		out[headers.Name(name)] = v
	next:
		more, ok := s.next('}')
		if !ok {
			return nil, false
		}
		if !more {
			return out, true
		}
	}
}

// mediaType accepts only the keys "format" (a string or null) and
// "previews" (an array of strings, or null); encoding/json would also
// match other spellings, so those go to the fallback.
func (s *scanner) mediaType(mt *endpoint.MediaType) bool {
	if !s.eat('{') {
		return false
	}
	var format *string // as encoding/json fills a *string: null resets it
	var previews []string
	s.space()
	if !s.eat('}') {
		for {
			key, ok := s.str()
			if !ok || !s.colon() {
				return false
			}
			switch key {
			case "format":
				if s.literal("null") {
					format = nil
				} else {
					f, ok := s.str()
					if !ok {
						return false
					}
					format = &f
				}
			case "previews":
				if s.literal("null") {
					previews = nil
				} else if previews, ok = s.strings(); !ok {
					return false
				}
			default:
				return false
			}
			more, ok := s.next('}')
			if !ok {
				return false
			}
			if !more {
				break
			}
		}
	}
	if format != nil {
		mt.Format = *format
	}
	mt.Previews = previews
	return true
}

// strings decodes an array of strings.
func (s *scanner) strings() ([]string, bool) {
	if !s.eat('[') {
		return nil, false
	}
	out := []string{}
	s.space()
	if s.eat(']') {
		return out, true
	}
	for {
		s.space()
		v, ok := s.str()
		if !ok {
			return nil, false
		}
		out = append(out, v)
		more, ok := s.next(']')
		if !ok {
			return nil, false
		}
		if !more {
			return out, true
		}
	}
}

// value decodes any JSON value as encoding/json does into an any with
// UseNumber: map[string]any, []any, json.Number, string, bool or nil.
func (s *scanner) value() (any, bool) {
	s.space()
	switch c := s.peek(); {
	case c == '"':
		return s.str()
	case c == '{':
		return s.object()
	case c == '[':
		return s.array()
	case c == 't':
		return true, s.literal("true")
	case c == 'f':
		return false, s.literal("false")
	case c == 'n':
		return nil, s.literal("null")
	default:
		return s.number()
	}
}

func (s *scanner) object() (any, bool) {
	if s.depth++; s.depth > maxDepth {
		return nil, false
	}
	defer func() { s.depth-- }()
	s.i++ // '{'
	m := make(map[string]any)
	s.space()
	if s.eat('}') {
		return m, true
	}
	for {
		s.space()
		key, ok := s.str()
		if !ok || !s.colon() {
			return nil, false
		}
		v, ok := s.value()
		if !ok {
			return nil, false
		}
		m[key] = v
		more, ok := s.next('}')
		if !ok {
			return nil, false
		}
		if !more {
			return m, true
		}
	}
}

func (s *scanner) array() (any, bool) {
	if s.depth++; s.depth > maxDepth {
		return nil, false
	}
	defer func() { s.depth-- }()
	s.i++ // '['
	a := make([]any, 0)
	s.space()
	if s.eat(']') {
		return a, true
	}
	for {
		v, ok := s.value()
		if !ok {
			return nil, false
		}
		a = append(a, v)
		more, ok := s.next(']')
		if !ok {
			return nil, false
		}
		if !more {
			return a, true
		}
	}
}

// str decodes a string. Plain UTF-8 is copied as it is; a string with
// escapes is handed to encoding/json, whose rules for lone surrogates
// and invalid UTF-8 then apply unchanged.
func (s *scanner) str() (string, bool) {
	s.space()
	if !s.eat('"') {
		return "", false
	}
	start := s.i
	ascii, escaped := true, false
	for ; s.i < len(s.b); s.i++ {
		switch c := s.b[s.i]; {
		case c == '"':
			raw := s.b[start:s.i]
			s.i++
			switch {
			case escaped:
				var v string
				if json.Unmarshal(s.b[start-1:s.i], &v) != nil {
					return "", false
				}
				return v, true
			case !ascii && !utf8.Valid(raw):
				return "", false
			}
			return string(raw), true
		case c == '\\':
			escaped = true
			s.i++ // skip the escaped byte; json.Unmarshal checks it
		case c < 0x20:
			return "", false
		case c >= 0x80:
			ascii = false
		}
	}
	return "", false
}

// number scans a JSON number strictly and keeps its text.
func (s *scanner) number() (json.Number, bool) {
	start := s.i
	s.eat('-')
	switch {
	case s.eat('0'):
	case s.digits() == 0:
		return "", false
	}
	if s.eat('.') && s.digits() == 0 {
		return "", false
	}
	if s.eat('e') || s.eat('E') {
		if !s.eat('+') {
			s.eat('-')
		}
		if s.digits() == 0 {
			return "", false
		}
	}
	return json.Number(s.b[start:s.i]), true
}

func (s *scanner) digits() int {
	start := s.i
	for s.i < len(s.b) && s.b[s.i] >= '0' && s.b[s.i] <= '9' {
		s.i++
	}
	return s.i - start
}

// next reads the separator after a member or element: true after ',',
// false after the closing byte.
func (s *scanner) next(closing byte) (more, ok bool) {
	s.space()
	if s.eat(',') {
		s.space()
		return true, true
	}
	return false, s.eat(closing)
}

func (s *scanner) colon() bool {
	s.space()
	ok := s.eat(':')
	s.space()
	return ok
}

func (s *scanner) literal(word string) bool {
	if len(s.b)-s.i >= len(word) && string(s.b[s.i:s.i+len(word)]) == word {
		s.i += len(word)
		return true
	}
	return false
}

func (s *scanner) eat(c byte) bool {
	if s.i < len(s.b) && s.b[s.i] == c {
		s.i++
		return true
	}
	return false
}

func (s *scanner) peek() byte {
	if s.i < len(s.b) {
		return s.b[s.i]
	}
	return 0
}

func (s *scanner) space() {
	for s.i < len(s.b) {
		switch s.b[s.i] {
		case ' ', '\t', '\n', '\r':
			s.i++
		default:
			return
		}
	}
}
