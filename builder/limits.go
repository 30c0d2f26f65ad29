package builder

import (
	"errors"
	"fmt"
)

// Limits on what one call may carry. Each bounds work or memory that an
// untrusted input could otherwise make unbounded; past one, the call fails
// with ErrLimit. The template package bounds template length and the
// number of expressions (template.MaxLength, template.MaxExpressions).
const (
	// MaxParams is the most parameters one merged call may have.
	MaxParams = 1024
	// MaxDepth is the deepest nesting of maps and slices in a parameter
	// or data value.
	MaxDepth = 32
)

// ErrLimit: an input is past one of the documented limits.
var ErrLimit = errors.New("limit exceeded")

// checkLimits enforces MaxParams and MaxDepth on merged options.
func checkLimits(o *Options) error {
	if len(o.Params) > MaxParams {
		return newError("parse", "", fmt.Errorf("%w: %d parameters, at most %d", ErrLimit, len(o.Params), MaxParams))
	}
	for _, p := range o.Params {
		if depth(p.Value, 0) > MaxDepth {
			return newError("parse", p.Name, fmt.Errorf("%w: nested deeper than %d", ErrLimit, MaxDepth))
		}
	}
	if depth(o.Data, 0) > MaxDepth {
		return newError("parse", "data", fmt.Errorf("%w: nested deeper than %d", ErrLimit, MaxDepth))
	}
	return nil
}

// depth returns how deep maps and slices nest in v, stopping early once
// past MaxDepth so that a cyclic or huge value costs little.
func depth(v any, d int) int {
	if d > MaxDepth {
		return d
	}
	max := d
	switch t := v.(type) {
	case map[string]any:
		for _, e := range t {
			if n := depth(e, d+1); n > max {
				max = n
			}
		}
	case []any:
		for _, e := range t {
			if n := depth(e, d+1); n > max {
				max = n
			}
		}
	case Params:
		for _, e := range t {
			if n := depth(e.Value, d+1); n > max {
				max = n
			}
		}
	}
	return max
}
