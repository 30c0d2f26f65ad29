package builder

import (
	"fmt"

	"github.com/endpointkit/endpoint/internal/value"
)

// Limits on what one call may carry, each bounding work or memory that an
// untrusted input could otherwise make unbounded; past one, a call fails
// with ErrLimit. Templates have their own (template.MaxLength,
// template.MaxExpressions), as media type names do (media.MaxName).
const (
	// MaxParams is the most parameters of one call or layer, and of an
	// Endpoint's defaults in all.
	MaxParams = 1024
	// MaxDepth is the deepest nesting of arrays and objects in a value.
	MaxDepth = value.MaxDepth
	// MaxNodes is the most values (arrays, objects and their members,
	// counted with repeats: a map shared by two branches counts twice)
	// that the parameters, data and meta information of one call or
	// layer hold together.
	MaxNodes = value.MaxNodes
	// MaxPreviews is the most preview names of one call.
	MaxPreviews = 64
	// MaxHeaders is the most headers, set or removed, that one call or
	// layer names, and a call with its defaults and the header parameters
	// a catalogue places.
	MaxHeaders = 256
)

// paramLimit and previewLimit are the ErrLimit of too many parameters and
// previews, the same text on every path.
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
