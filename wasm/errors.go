//go:build js && wasm

package main

import (
	"errors"
	"strconv"
	"unicode/utf8"

	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/internal/quote"
	"github.com/endpointkit/endpoint/wasm/internal/codes"
)

// maxInput is the longest input an error object carries in full: more
// than any input within the engine's limits.
const maxInput = 64 << 10

// errorJSON is what a failed call returns: {message, code?, codes, op?, input?},
// which endpoint.mjs turns into a thrown Error with the same message and
// the other fields as properties. It is written by hand: encoding/json
// would be the only user of that package's encoder in the binary.
func errorJSON(err error) []byte {
	b := append(make([]byte, 0, 128), `{"message":`...)
	b = appendString(b, err.Error())
	first := ""
	b = append(b, `,"codes":[`...)
	for _, c := range codes.List {
		if errors.Is(err, c.Err) {
			if first == "" {
				first = c.Name
			} else {
				b = append(b, ',')
			}
			b = appendString(b, c.Name)
		}
	}
	b = append(b, ']')
	if first != "" {
		b = append(b, `,"code":`...)
		b = appendString(b, first)
	}
	var e *builder.Error
	if errors.As(err, &e) {
		if e.Op != "" {
			b = append(b, `,"op":`...)
			b = appendString(b, e.Op)
		}
		if e.Input != "" {
			// Cut, as the message cuts it: the input of a route far past
			// the template's limit would otherwise be copied whole, and a
			// few hundred megabytes of it run the module out of memory.
			b = append(b, `,"input":`...)
			b = appendString(b, quote.Cut(builder.RedactURL(e.Input), maxInput))
		}
	}
	return append(b, '}')
}

// appendString appends s as a JSON string. Invalid UTF-8 becomes U+FFFD,
// as encoding/json does, so that the text always parses.
func appendString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b = append(b, '\\', byte(r))
		case r < 0x20:
			b = append(b, '\\', 'u', '0', '0', hex[r>>4], hex[r&0xf])
		default:
			b = utf8.AppendRune(b, r) // a bad byte was read as utf8.RuneError
		}
	}
	return append(b, '"')
}

// panicError describes a recovered panic without importing fmt.
func panicError(p any) error {
	switch v := p.(type) {
	case error:
		return errors.New("endpoint: internal error: " + v.Error())
	case string:
		return errors.New("endpoint: internal error: " + v)
	case int:
		return errors.New("endpoint: internal error: " + strconv.Itoa(v))
	}
	return errors.New("endpoint: internal error")
}
