package headers

import (
	"strings"

	"github.com/endpointkit/endpoint/internal/ascii"
)

// Name returns name with ASCII upper-case letters lower-cased. It is the key
// normalisation used everywhere in this package. Only ASCII is folded (as
// HTTP does; non-ASCII bytes are invalid in names anyway), and a name that is
// already lower-case is returned as is, without allocating.
func Name(name string) string {
	i := 0
	for i < len(name) && !ascii.IsUpper(name[i]) {
		i++
	}
	if i == len(name) {
		return name
	}
	var sb strings.Builder
	sb.Grow(len(name))
	sb.WriteString(name[:i])
	for ; i < len(name); i++ {
		sb.WriteByte(ascii.ToLower(name[i]))
	}
	return sb.String()
}

// ValidateName reports whether name is a non-empty RFC 9110 token
// (tchar = "!#$%&'*+-.^_`|~", digits and letters). Upper-case letters are
// valid; normalisation is Name's job. The error is an [*Error] wrapping
// ErrInvalidName.
func ValidateName(name string) error {
	if !IsToken(name) {
		return &Error{Name: name, Err: ErrInvalidName}
	}
	return nil
}

// IsToken reports whether s is a non-empty RFC 9110 token: the grammar of
// header names, and of HTTP methods too.
func IsToken(s string) bool { return ascii.IsToken(s) }

// IsSensitive reports whether a header of this name (any case) carries
// credentials and should be masked when requests are printed or logged.
func IsSensitive(name string) bool {
	switch len(name) {
	case len("cookie"):
		return ascii.EqualFold(name, "cookie")
	case len("set-cookie"):
		return ascii.EqualFold(name, "set-cookie")
	case len("authorization"):
		return ascii.EqualFold(name, "authorization")
	case len("proxy-authorization"):
		return ascii.EqualFold(name, "proxy-authorization")
	}
	return false
}
