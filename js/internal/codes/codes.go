// Package codes names the sentinel errors the JavaScript package
// (js/, @endpointkit/endpoint) reports as an error's code and codes, so
// that JavaScript can test err.code (the first match) or err.codes (all)
// where Go code would use errors.Is. The names are those a Go caller
// writes: the builder package's unqualified, the others with their
// package name. The differential test's Go side (js/internal/differ)
// names Go's errors with this list, and the package's own list
// (js/src/errors.js) must agree with it: the test compares them.
package codes

import (
	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/headers"
	"github.com/endpointkit/endpoint/media"
	"github.com/endpointkit/endpoint/template"
)

// Sentinel is a sentinel error and its name.
type Sentinel struct {
	Name string
	Err  error
}

// List is every sentinel an error of the module may wrap, in the order
// that picks an error's code: the first it wraps.
var List = []Sentinel{
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
