package builder

import (
	"fmt"

	"github.com/endpointkit/endpoint/internal/value"
)

// Limits on what one call may carry. Each bounds work or memory that an
// untrusted input could otherwise make unbounded; past one, the call fails
// with ErrLimit. The template package bounds template length and the
// number of expressions (template.MaxLength, template.MaxExpressions), and
// the media package the format and preview names (media.MaxName).
const (
	// MaxParams is the most parameters one call or layer may have, and an
	// Endpoint's defaults in all.
	MaxParams = 1024
	// MaxDepth is the deepest nesting of arrays and objects in a
	// parameter, data or request value.
	MaxDepth = value.MaxDepth
	// MaxNodes is the most values (arrays, objects and their members,
	// counted with repeats) that the parameters, data and request of one
	// call or layer may hold together. A value that shares its maps
	// between branches is counted once per branch.
	MaxNodes = value.MaxNodes
	// MaxPreviews is the most preview names one call may have.
	MaxPreviews = 64
	// MaxHeaders is the most headers, set or removed, that one call or
	// layer may name; a call's and its Endpoint's defaults' together too,
	// with the header parameters a catalogue places (WithCatalog).
	MaxHeaders = 256
)

// defaultsLimits checks an Endpoint's merged defaults against the limits
// that each layer keeps, which a chain of layers could pass together.
func defaultsLimits(d *layer) error {
	if len(d.Params.list) > MaxParams {
		return paramLimit()
	}
	return headerLimit(len(d.Headers.list))
}

// paramLimit and previewLimit are the ErrLimit of more than MaxParams
// parameters and MaxPreviews previews, the same text on every path.
func paramLimit() error   { return limitErr(fmt.Sprintf("more than %d parameters", MaxParams)) }
func previewLimit() error { return limitErr(fmt.Sprintf("more than %d previews", MaxPreviews)) }

// headerLimit is the ErrLimit of a list of n headers, nil for at most
// MaxHeaders.
func headerLimit(n int) error {
	if n <= MaxHeaders {
		return nil
	}
	return limitErr(fmt.Sprintf("more than %d headers", MaxHeaders))
}
