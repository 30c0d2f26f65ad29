package builder

import (
	"errors"
	"fmt"
	"reflect"
)

// Limits on what one call may carry. Each bounds work or memory that an
// untrusted input could otherwise make unbounded; past one, the call fails
// with ErrLimit. The template package bounds template length and the
// number of expressions (template.MaxLength, template.MaxExpressions), and
// the media package the format and preview names (media.MaxName).
const (
	// MaxParams is the most parameters one merged call may have.
	MaxParams = 1024
	// MaxDepth is the deepest nesting of maps and slices in a parameter,
	// data or request value.
	MaxDepth = 32
	// MaxNodes is the most values (maps, slices and their members, counted
	// with repeats) that the parameters, data and request of one call may
	// hold together. It stops a value that shares or cycles through its own
	// maps from standing for billions of members.
	MaxNodes = 100_000
	// MaxPreviews is the most preview names one call may have.
	MaxPreviews = 64
)

// ErrLimit: an input is past one of the documented limits.
var ErrLimit = errors.New("limit exceeded")

// checkLimits enforces the limits on one layer or on merged options. It
// runs before anything copies or walks a value, so a cyclic value is
// refused, never followed.
func checkLimits(o *Options) error {
	if len(o.Params) > MaxParams {
		return newError("limits", "", fmt.Errorf("%w: %d parameters, at most %d", ErrLimit, len(o.Params), MaxParams))
	}
	if len(o.MediaType.Previews) > MaxPreviews {
		return newError("limits", "", fmt.Errorf("%w: %d previews, at most %d", ErrLimit, len(o.MediaType.Previews), MaxPreviews))
	}
	budget := MaxNodes
	for _, p := range o.Params {
		if err := walk(p.Value, 0, &budget); err != nil {
			return newError("limits", p.Name, err)
		}
	}
	if err := walk(o.Data, 0, &budget); err != nil {
		return newError("limits", "data", err)
	}
	if o.Request != nil {
		if err := walk(o.Request, 0, &budget); err != nil {
			return newError("limits", "request", err)
		}
	}
	return nil
}

// walk visits v's maps and slices, spending one unit of budget per member
// and failing past MaxDepth or when the budget runs out. Scalars cost
// nothing, so the common call never reaches reflection.
func walk(v any, depth int, budget *int) error {
	switch t := v.(type) {
	case nil, string, bool, int, int64, float64, []byte:
		return nil
	case map[string]any:
		if err := enter(depth, len(t), budget); err != nil {
			return err
		}
		for _, e := range t {
			if err := walk(e, depth+1, budget); err != nil {
				return err
			}
		}
		return nil
	case []any:
		if err := enter(depth, len(t), budget); err != nil {
			return err
		}
		for _, e := range t {
			if err := walk(e, depth+1, budget); err != nil {
				return err
			}
		}
		return nil
	case Params:
		if err := enter(depth, len(t), budget); err != nil {
			return err
		}
		for _, e := range t {
			if err := walk(e.Value, depth+1, budget); err != nil {
				return err
			}
		}
		return nil
	}
	rv := reflect.ValueOf(v)
	switch rv.Kind() {
	case reflect.Slice, reflect.Array:
		if err := enter(depth, rv.Len(), budget); err != nil {
			return err
		}
		if !isScalarKind(rv.Type().Elem().Kind()) {
			for i := range rv.Len() {
				if err := walk(rv.Index(i).Interface(), depth+1, budget); err != nil {
					return err
				}
			}
		}
	case reflect.Map:
		if err := enter(depth, rv.Len(), budget); err != nil {
			return err
		}
		if !isScalarKind(rv.Type().Elem().Kind()) {
			for it := rv.MapRange(); it.Next(); {
				if err := walk(it.Value().Interface(), depth+1, budget); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

func enter(depth, members int, budget *int) error {
	if depth >= MaxDepth {
		return fmt.Errorf("%w: nested deeper than %d", ErrLimit, MaxDepth)
	}
	*budget -= 1 + members
	if *budget < 0 {
		return fmt.Errorf("%w: more than %d values", ErrLimit, MaxNodes)
	}
	return nil
}

func isScalarKind(k reflect.Kind) bool {
	switch k {
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64, reflect.String:
		return true
	}
	return false
}
