package builder

import (
	"fmt"

	"github.com/endpointkit/endpoint/internal/value"
)

// Limits on what one call may carry, bounding the work and memory of
// untrusted input; past one, a call fails with ErrLimit. Templates and
// media type names have their own.
const (
	// MaxParams is the most parameters of one call or layer, and of an
	// Endpoint's defaults in all.
	MaxParams = 1024
	// MaxDepth is the deepest nesting of arrays and objects in a value.
	MaxDepth = value.MaxDepth
	// MaxNodes is the most arrays, objects and their members (a shared
	// map counted each time) in the parameters, data and meta information
	// of one call or layer together.
	MaxNodes = value.MaxNodes
	// MaxPreviews is the most preview names of one call.
	MaxPreviews = 64
	// MaxHeaders is the most headers, set or removed, of one call or layer,
	// and of a call with its defaults and header parameters.
	MaxHeaders = 256
)

// paramLimit and previewLimit are the ErrLimit of too many parameters and
// previews.
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
