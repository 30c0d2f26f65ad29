// Package headers holds a lower-cased HTTP header set and the checks the
// endpoint builder applies to it.
//
// Header names are case-insensitive (RFC 9110 section 5.1), and sending both
// "Accept" and "accept" is a classic bug (GitHub rejects duplicate
// Authorization headers), so a [Set] stores every name lower-cased and later
// layers replace earlier ones by that lower-cased name.
//
// Values are strings; the caller converts numbers and other JSON values before
// they get here. Names must be RFC 9110 tokens and values must not contain
// control characters other than horizontal tab, because net/http would only
// reject them at send time and CR/LF in a value is a header-injection vector.
//
// The package imports only the standard library and internal/ascii.
package headers
