package value

import (
	"unicode/utf8"

	"github.com/endpointkit/endpoint/internal/ascii"
)

// AppendJSON appends v as JSON, strings as AppendString writes them and
// numbers as Text; a Value holds only what JSON can.
func AppendJSON(dst []byte, v Value) []byte {
	switch v.kind {
	case Null:
		return append(dst, "null"...)
	case String:
		return AppendString(dst, v.str)
	case Array:
		dst = append(dst, '[')
		for i, e := range v.Items() {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = AppendJSON(dst, e)
		}
		return append(dst, ']')
	case Object:
		dst = append(dst, '{')
		for i, m := range v.Members() {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = AppendString(dst, m.Key)
			dst = append(dst, ':')
			dst = AppendJSON(dst, m.Value)
		}
		return append(dst, '}')
	}
	return v.AppendText(dst)
}

// AppendString appends s as a JSON string as encoding/json writes it with
// HTML escaping off: '"', '\\' and control characters escaped (\b \f \n \r
// \t by name, the rest as \u00XX), each byte of invalid UTF-8 as \ufffd,
// and U+2028 and U+2029 escaped, as JavaScript reads them as line ends.
func AppendString(dst []byte, s string) []byte {
	const hexDigits = "0123456789abcdef"
	dst = append(dst, '"')
	i := ascii.Span(s, &plainJSON)
	if i == len(s) { // the common case, in one copy
		dst = append(dst, s...)
		return append(dst, '"')
	}
	start := 0
	for i < len(s) {
		c := s[i]
		r, size := utf8.DecodeRuneInString(s[i:])
		if plainJSON[c] || c >= utf8.RuneSelf && size > 1 && r != '\u2028' && r != '\u2029' {
			i += size
			continue
		}
		dst = append(dst, s[start:i]...)
		switch {
		case escapes[c] != 0:
			dst = append(dst, '\\', escapes[c])
		case c < utf8.RuneSelf:
			dst = append(dst, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
		case size == 1:
			dst = append(dst, `\ufffd`...)
		default:
			dst = append(dst, '\\', 'u', '2', '0', '2', hexDigits[r&0xf])
		}
		i += size
		start = i
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}

// escapes maps the bytes JSON escapes by name to the letter after the
// backslash.
var escapes = [256]byte{'"': '"', '\\': '\\', '\b': 'b', '\f': 'f', '\n': 'n', '\r': 'r', '\t': 't'}

// plainJSON holds the bytes a JSON string holds as they are: ASCII from
// 0x20 but '"' and '\\'. Bytes from 0x80 are decoded as UTF-8.
var plainJSON = func() (t [256]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()
