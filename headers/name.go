package headers

import "strings"

// Name returns name with ASCII upper-case letters lower-cased. It is the key
// normalisation used everywhere in this package. Only ASCII is folded (as
// HTTP does; non-ASCII bytes are invalid in names anyway), and a name that is
// already lower-case is returned as is, without allocating.
func Name(name string) string {
	i := 0
	for i < len(name) && !isUpper(name[i]) {
		i++
	}
	if i == len(name) {
		return name
	}
	var sb strings.Builder
	sb.Grow(len(name))
	sb.WriteString(name[:i])
	for ; i < len(name); i++ {
		sb.WriteByte(toLower(name[i]))
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
func IsToken(s string) bool { return s != "" && invalidNameByte(s) < 0 }

// IsSensitive reports whether a header of this name (any case) carries
// credentials and should be masked when requests are printed or logged.
func IsSensitive(name string) bool {
	switch len(name) {
	case len("cookie"):
		return equalFold(name, "cookie")
	case len("set-cookie"):
		return equalFold(name, "set-cookie")
	case len("authorization"):
		return equalFold(name, "authorization")
	case len("proxy-authorization"):
		return equalFold(name, "proxy-authorization")
	}
	return false
}

// invalidNameByte returns the index of the first byte of name that is not a
// tchar, or -1.
func invalidNameByte(name string) int {
	for i := 0; i < len(name); i++ {
		if !isTchar(name[i]) {
			return i
		}
	}
	return -1
}

func isUpper(c byte) bool { return 'A' <= c && c <= 'Z' }

func isTchar(c byte) bool {
	switch {
	case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		return true
	}
	switch c {
	case '!', '#', '$', '%', '&', '\'', '*', '+', '-', '.', '^', '_', '`', '|', '~':
		return true
	}
	return false
}

func hasUpper(s string) bool {
	for i := 0; i < len(s); i++ {
		if isUpper(s[i]) {
			return true
		}
	}
	return false
}

func toLower(c byte) byte {
	if isUpper(c) {
		return c + ('a' - 'A')
	}
	return c
}

// equalFold reports whether a and b are equal after lower-casing ASCII
// letters. Unlike strings.EqualFold it folds nothing else (strings.EqualFold
// matches the Kelvin sign with "k"), so it agrees with Name.
func equalFold(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		if toLower(a[i]) != toLower(b[i]) {
			return false
		}
	}
	return true
}
