package endpoint

import "github.com/endpointkit/endpoint/builder"

// Limits on one call, each failing with ErrLimit past it; see the builder
// package for what each bounds. Templates are bounded by
// template.MaxLength and template.MaxExpressions.
const (
	MaxParams   = builder.MaxParams
	MaxPreviews = builder.MaxPreviews
	MaxDepth    = builder.MaxDepth
	MaxNodes    = builder.MaxNodes
)
