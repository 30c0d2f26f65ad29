package optjson

import (
	"encoding/json"
	"io"
	"slices"
	"strconv"
	"unicode/utf8"

	"github.com/endpointkit/endpoint"
)

// AppendRequest appends r as RequestOptions.MarshalJSON writes it, byte
// for byte. ok is false when r holds a value it does not write (a body
// of a Go type JSON decoding never makes, say); the caller then uses
// MarshalJSON.
func AppendRequest(dst []byte, r endpoint.RequestOptions) (_ []byte, ok bool) {
	dst = append(dst, `{"method":`...)
	dst = appendString(dst, r.Method)
	dst = append(dst, `,"url":`...)
	dst = appendString(dst, r.URL)
	dst = append(dst, `,"headers":{`...)
	names := make([]string, 0, len(r.Headers))
	for name := range r.Headers {
		names = append(names, name)
	}
	slices.Sort(names)
	for i, name := range names {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = appendString(dst, name)
		dst = append(dst, ':')
		dst = appendString(dst, r.Headers[name])
	}
	dst = append(dst, '}')
	body := r.Body
	if b, isBytes := body.([]byte); isBytes {
		body = string(b)
	}
	if _, isReader := body.(io.Reader); isReader {
		body = nil
	}
	if body != nil {
		dst = append(dst, `,"body":`...)
		if dst, ok = appendValue(dst, body); !ok {
			return nil, false
		}
	}
	if len(r.Request) > 0 {
		dst = append(dst, `,"request":`...)
		if dst, ok = appendValue(dst, r.Request); !ok {
			return nil, false
		}
	}
	return append(dst, '}'), true
}

// appendValue writes the values that decoding JSON and building a
// request produce.
func appendValue(dst []byte, v any) ([]byte, bool) {
	switch v := v.(type) {
	case nil:
		return append(dst, "null"...), true
	case string:
		return appendString(dst, v), true
	case bool:
		if v {
			return append(dst, "true"...), true
		}
		return append(dst, "false"...), true
	case json.Number:
		if v == "" {
			return append(dst, '0'), true
		}
		if !validNumber(string(v)) {
			return nil, false
		}
		return append(dst, v...), true
	case endpoint.Params:
		return appendParams(dst, v)
	case map[string]any:
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		dst = append(dst, '{')
		for i, k := range keys {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = appendString(dst, k)
			dst = append(dst, ':')
			var ok bool
			if dst, ok = appendValue(dst, v[k]); !ok {
				return nil, false
			}
		}
		return append(dst, '}'), true
	case []any:
		if v == nil {
			return append(dst, "null"...), true
		}
		dst = append(dst, '[')
		for i, e := range v {
			if i > 0 {
				dst = append(dst, ',')
			}
			var ok bool
			if dst, ok = appendValue(dst, e); !ok {
				return nil, false
			}
		}
		return append(dst, ']'), true
	}
	return nil, false
}

// appendParams writes Params in order. Params.MarshalJSON quotes names
// with strconv, which agrees with JSON for names of printable characters
// other than '"' and '\'; other names go to the fallback.
func appendParams(dst []byte, p endpoint.Params) ([]byte, bool) {
	dst = append(dst, '{')
	for i, e := range p {
		if !plainName(e.Name) {
			return nil, false
		}
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = append(dst, '"')
		dst = append(dst, e.Name...)
		dst = append(dst, '"', ':')
		var ok bool
		if dst, ok = appendValue(dst, e.Value); !ok {
			return nil, false
		}
	}
	return append(dst, '}'), true
}

// plainName reports whether strconv.Quote leaves name as it is, and JSON
// would too.
func plainName(name string) bool {
	for i := 0; i < len(name); {
		c := name[i]
		if c < utf8.RuneSelf {
			if c < 0x20 || c == 0x7f || c == '"' || c == '\\' {
				return false
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(name[i:])
		if r == utf8.RuneError && size == 1 || !strconv.IsPrint(r) {
			return false
		}
		i += size
	}
	return true
}

const hex = "0123456789abcdef"

// appendString quotes s as encoding/json does without HTML escaping:
// control characters escaped, invalid UTF-8 as \ufffd, U+2028 and
// U+2029 escaped.
func appendString(dst []byte, s string) []byte {
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); {
		if b := s[i]; b < utf8.RuneSelf {
			if b >= 0x20 && b != '"' && b != '\\' {
				i++
				continue
			}
			dst = append(dst, s[start:i]...)
			switch b {
			case '\\', '"':
				dst = append(dst, '\\', b)
			case '\b':
				dst = append(dst, '\\', 'b')
			case '\f':
				dst = append(dst, '\\', 'f')
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			default:
				dst = append(dst, '\\', 'u', '0', '0', hex[b>>4], hex[b&0xF])
			}
			i++
			start = i
			continue
		}
		c, size := utf8.DecodeRuneInString(s[i:])
		if c == utf8.RuneError && size == 1 {
			dst = append(dst, s[start:i]...)
			dst = append(dst, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if c == '\u2028' || c == '\u2029' {
			dst = append(dst, s[start:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', hex[c&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}

// validNumber reports whether s is a JSON number.
func validNumber(s string) bool {
	sc := scanner{b: []byte(s)}
	_, ok := sc.number()
	return ok && sc.i == len(s)
}
