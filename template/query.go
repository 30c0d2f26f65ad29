package template

import (
	"bytes"
	"fmt"
	"iter"
	"strconv"
)

// AppendQuery appends the parameters a template did not use to the URL in
// dst, in the order params yields them, as @octokit/endpoint v6 does for a
// GET, but with names encoded too, undefined values left out (not "null")
// and maps refused (not "[object Object]"):
//
//   - the first pair follows "&" if dst has a "?" anywhere, else "?";
//   - names and values are encoded as by encodeURIComponent, values mapped
//     as a template maps them; a list is joined with "," (a%2Cb); a map or
//     Pairs is ErrValue;
//   - the parameter "q" with a string value keeps "+" (GitHub's search
//     syntax: q=is%3Aopen+label%3Abug); a Verbatim sends it as %2B.
//
// On error dst is returned with its original length and err is an *Error
// whose Var is the parameter.
func AppendQuery(dst []byte, params iter.Seq2[string, any]) ([]byte, error) {
	if params == nil {
		return dst, nil
	}
	n0 := len(dst)
	// One variable for the loop body, a closure, to capture: one allocation.
	s := struct {
		dst []byte
		q   int
	}{dst, bytes.IndexByte(dst, '?')}
	for name, v := range params {
		m, err := mapValue(v)
		if err != nil {
			return s.dst[:n0], &Error{Offset: -1, Var: name, Err: err}
		}
		m.search = name == "q" && m.isString
		if s.dst, s.q, err = appendQuery(s.dst, s.q, name, &m); err != nil {
			return s.dst[:n0], err
		}
	}
	return s.dst, nil
}

// AppendQueryVar appends one parameter by AppendQuery's rules but the q
// rule (see SearchVar); q is where dst holds its "?" (-1 for none),
// returned for the extended buffer, so that dst is not searched again.
func AppendQueryVar(dst []byte, q int, name string, v Var) ([]byte, int, error) {
	if err := v.v.err(); err != nil {
		return dst, q, &Error{Offset: -1, Var: name, Err: err}
	}
	return appendQuery(dst, q, name, &v.v)
}

// appendQuerySep appends "?" when dst has none (q < 0), nothing after "?"
// or "&", else "&".
func appendQuerySep(dst []byte, q int) ([]byte, int) {
	switch {
	case q < 0:
		q = len(dst)
		dst = append(dst, '?')
	case dst[len(dst)-1] != '?' && dst[len(dst)-1] != '&':
		dst = append(dst, '&')
	}
	return dst, q
}

// appendQuery appends one mapped value; mapping errors are the caller's,
// as m reaching an error would move to the heap.
func appendQuery(dst []byte, q int, name string, m *value) ([]byte, int, error) {
	switch m.kind {
	case undefinedKind:
		return dst, q, nil
	case mapKind:
		return dst, q, &Error{Offset: -1, Var: name, Err: fmt.Errorf("%w: a map cannot be a query value", ErrValue)}
	}
	dst, q = appendQuerySep(dst, q)
	if m.kind == deepKind {
		return appendDeep(dst, name, false, m.items(), componentSet), q, nil
	}
	dst = appendEscaped(dst, name, componentSet, false)
	dst = append(dst, '=')
	switch {
	case m.isInt:
		dst = strconv.AppendInt(dst, m.num, 10) // digits and "-", which no set escapes
	case m.search:
		dst = appendEscaped(dst, m.str, plusSet, false)
	case m.kind == listKind:
		for i, it := range m.items() {
			if i > 0 {
				dst = append(dst, "%2C"...)
			}
			dst = appendEscaped(dst, it, componentSet, false)
		}
	default:
		dst = appendEscaped(dst, m.str, componentSet, false)
	}
	return dst, q, nil
}
