package media

import (
	"errors"
	"fmt"
)

// MaxName is the longest format or preview name ValidateName accepts. Real
// ones are short words ("raw", "diff", "machine-man"); a bound keeps the
// accept header, which repeats the format once per preview, small.
const MaxName = 64

// ErrInvalidName reports a format or preview name that is too long or has
// a character outside letters, digits and "._+-".
var ErrInvalidName = errors.New("invalid media type name")

// ValidateName checks a format or preview name before it is written into
// the accept header. The empty name is valid: it means none.
func ValidateName(name string) error {
	if len(name) > MaxName {
		return fmt.Errorf("%w: %d bytes, at most %d", ErrInvalidName, len(name), MaxName)
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		case c == '.' || c == '_' || c == '+' || c == '-':
		default:
			return fmt.Errorf("%w: %q has byte %#02x at %d", ErrInvalidName, name, c, i)
		}
	}
	return nil
}
