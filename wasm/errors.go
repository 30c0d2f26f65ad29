//go:build js && wasm

package main

import (
	"errors"
	"strconv"
	"unicode/utf8"

	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/headers"
	"github.com/endpointkit/endpoint/internal/quote"
	"github.com/endpointkit/endpoint/media"
	"github.com/endpointkit/endpoint/template"
)

// codes name the sentinels an error may wrap, so that JavaScript can test
// err.code (the first match) or err.codes (all) where Go code would use
// errors.Is. The names are those a Go caller writes: the builder
// package's unqualified, the others with their package name.
var codes = []struct {
	name string
	err  error
}{
	{"ErrMissingParam", builder.ErrMissingParam},
	{"ErrMissingURL", builder.ErrMissingURL},
	{"ErrInvalidRoute", builder.ErrInvalidRoute},
	{"ErrInvalidMethod", builder.ErrInvalidMethod},
	{"ErrInvalidBaseURL", builder.ErrInvalidBaseURL},
	{"ErrInvalidParam", builder.ErrInvalidParam},
	{"ErrInvalidValue", builder.ErrInvalidValue},
	{"ErrInvalidOption", builder.ErrInvalidOption},
	{"ErrDataWithParams", builder.ErrDataWithParams},
	{"ErrDataNotAllowed", builder.ErrDataNotAllowed},
	{"ErrInvalidOptions", builder.ErrInvalidOptions},
	{"ErrReservedParam", builder.ErrReservedParam},
	{"ErrInvalidHost", builder.ErrInvalidHost},
	{"ErrLimit", builder.ErrLimit},
	{"template.ErrSyntax", template.ErrSyntax},
	{"template.ErrTooLong", template.ErrTooLong},
	{"template.ErrTooManyExpressions", template.ErrTooManyExpressions},
	{"template.ErrValue", template.ErrValue},
	{"template.ErrPrefix", template.ErrPrefix},
	{"template.ErrDotSegment", template.ErrDotSegment},
	{"template.ErrEmptySegment", template.ErrEmptySegment},
	{"template.ErrAuthority", template.ErrAuthority},
	{"template.ErrPathSegment", template.ErrPathSegment},
	{"headers.ErrInvalidName", headers.ErrInvalidName},
	{"headers.ErrInvalidValue", headers.ErrInvalidValue},
	{"media.ErrInvalidName", media.ErrInvalidName},
}

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
	for _, c := range codes {
		if errors.Is(err, c.err) {
			if first == "" {
				first = c.name
			} else {
				b = append(b, ',')
			}
			b = appendString(b, c.name)
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
