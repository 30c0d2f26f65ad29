package endpoint

import "github.com/endpointkit/endpoint/builder"

// Errors, for errors.Is. Template and header errors wrap the sentinels of
// the template and headers packages.
var (
	ErrMissingParam   = builder.ErrMissingParam
	ErrMissingURL     = builder.ErrMissingURL
	ErrInvalidMethod  = builder.ErrInvalidMethod
	ErrInvalidBaseURL = builder.ErrInvalidBaseURL
	ErrDataWithParams = builder.ErrDataWithParams
	ErrDataNotAllowed = builder.ErrDataNotAllowed
	ErrInvalidOptions = builder.ErrInvalidOptions
	ErrReservedParam  = builder.ErrReservedParam
	ErrLimit          = builder.ErrLimit
	ErrRequest        = builder.ErrRequest
)
