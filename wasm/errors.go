//go:build js && wasm

package main

import (
	"encoding/json"
	"errors"
	"strconv"

	"github.com/endpointkit/endpoint"
	"github.com/endpointkit/endpoint/headers"
	"github.com/endpointkit/endpoint/media"
	"github.com/endpointkit/endpoint/template"
)

// codes name the sentinels an error may wrap, so that JavaScript can test
// err.code (the first match) or err.codes (all) where Go code would use
// errors.Is. The names are those a Go caller writes: the root package's
// unqualified, the others with their package name.
var codes = []struct {
	name string
	err  error
}{
	{"ErrMissingParam", endpoint.ErrMissingParam},
	{"ErrMissingURL", endpoint.ErrMissingURL},
	{"ErrInvalidMethod", endpoint.ErrInvalidMethod},
	{"ErrInvalidBaseURL", endpoint.ErrInvalidBaseURL},
	{"ErrDataWithParams", endpoint.ErrDataWithParams},
	{"ErrDataNotAllowed", endpoint.ErrDataNotAllowed},
	{"ErrInvalidOptions", endpoint.ErrInvalidOptions},
	{"ErrReservedParam", endpoint.ErrReservedParam},
	{"ErrInvalidHost", endpoint.ErrInvalidHost},
	{"ErrLimit", endpoint.ErrLimit},
	{"template.ErrSyntax", template.ErrSyntax},
	{"template.ErrTooLong", template.ErrTooLong},
	{"template.ErrTooManyExpressions", template.ErrTooManyExpressions},
	{"template.ErrValue", template.ErrValue},
	{"template.ErrPrefix", template.ErrPrefix},
	{"template.ErrDotSegment", template.ErrDotSegment},
	{"template.ErrAuthority", template.ErrAuthority},
	{"template.ErrPathSegment", template.ErrPathSegment},
	{"headers.ErrInvalidName", headers.ErrInvalidName},
	{"headers.ErrInvalidValue", headers.ErrInvalidValue},
	{"media.ErrInvalidName", media.ErrInvalidName},
}

// errorJSON is what a failed call returns: {message, code?, codes, op?, input?},
// which endpoint.mjs turns into a thrown Error with the same message and
// the other fields as properties.
func errorJSON(err error) []byte {
	var v struct {
		Message string   `json:"message"`
		Code    string   `json:"code,omitempty"`
		Codes   []string `json:"codes"`
		Op      string   `json:"op,omitempty"`
		Input   string   `json:"input,omitempty"`
	}
	v.Message = err.Error()
	v.Codes = []string{}
	for _, c := range codes {
		if errors.Is(err, c.err) {
			v.Codes = append(v.Codes, c.name)
		}
	}
	if len(v.Codes) > 0 {
		v.Code = v.Codes[0]
	}
	var e *endpoint.Error
	if errors.As(err, &e) {
		v.Op, v.Input = e.Op, e.Input
	}
	data, mErr := json.Marshal(v)
	if mErr != nil { // not reachable: strings always marshal
		return []byte(`{"message":"endpoint: error"}`)
	}
	return data
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
