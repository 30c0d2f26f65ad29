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
//   - names and values are encoded as by encodeURIComponent (unreserved
//     characters and !'()* kept), values mapped as a template maps them;
//   - a list is joined with "," and then encoded (a%2Cb); a map or Pairs is
//     ErrValue;
//   - the parameter named "q" with a string value keeps "+" (GitHub's
//     search syntax: "is:open+label:bug" gives q=is%3Aopen+label%3Abug); a
//     Verbatim sends a plus as %2B.
//
// On error dst is returned with its original length and err is an *Error
// whose Var is the parameter's name.
func AppendQuery(dst []byte, params iter.Seq2[string, any]) ([]byte, error) {
	if params == nil {
		return dst, nil
	}
	n0 := len(dst)
	// One variable for the loop body, a closure, to capture: one allocation.
	s := struct {
		dst []byte
		q   int
		err error
	}{dst, bytes.IndexByte(dst, '?'), nil}
	for name, v := range params {
		if s.dst, s.q, s.err = appendQueryParamAt(s.dst, s.q, name, v); s.err != nil {
			return s.dst[:n0], s.err
		}
	}
	return s.dst, nil
}

// appendQueryParamAt is AppendQueryVar for a Go value.
func appendQueryParamAt(dst []byte, q int, name string, v any) ([]byte, int, error) {
	m, err := mapValue(v)
	if err != nil {
		return dst, q, &Error{Offset: -1, Var: name, Err: err}
	}
	m.search = name == "q" && m.isString
	return appendQuery(dst, q, name, &m)
}

// AppendQueryVar appends one parameter by AppendQuery's rules; q is where
// dst holds its "?" (-1 for none), returned for the extended buffer, so
// that a caller appending many does not search dst again. A DeepObjectVar
// writes a name[key]=value pair per member; a SearchVar keeps its "+"
// (AppendQuery's q rule is the caller's here).
func AppendQueryVar(dst []byte, q int, name string, v Var) ([]byte, int, error) {
	if err := v.v.err(); err != nil {
		return dst, q, &Error{Offset: -1, Var: name, Err: err}
	}
	return appendQuery(dst, q, name, &v.v)
}

// appendQueryName appends the separator ("?" when dst has none, q < 0;
// none after "?" or "&"; else "&"), name and "=", and returns where dst's
// "?" is.
func appendQueryName(dst []byte, q int, name string) ([]byte, int) {
	dst, q = appendQuerySep(dst, q)
	dst = appendEscaped(dst, name, componentSet, false)
	return append(dst, '='), q
}

// appendQuerySep is appendQueryName's separator alone.
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

// appendQuery appends one mapped value. Errors of mapping are the
// caller's: m reaching an error would move its scratch buffer to the heap.
func appendQuery(dst []byte, q int, name string, m *value) ([]byte, int, error) {
	if m.kind == scalarKind { // most parameters
		dst, q = appendQueryName(dst, q, name)
		switch {
		case m.isInt:
			dst = strconv.AppendInt(dst, m.num, 10) // digits and "-", which no set escapes
		case m.search:
			dst = appendEscaped(dst, m.str, plusSet, false)
		default:
			dst = appendEscaped(dst, m.str, componentSet, false)
		}
		return dst, q, nil
	}
	if m.kind == mapKind {
		return dst, q, &Error{Offset: -1, Var: name, Err: fmt.Errorf("%w: a map cannot be a query value", ErrValue)}
	}
	if m.kind == undefinedKind {
		return dst, q, nil
	}
	if m.kind == deepKind {
		dst, q = appendQuerySep(dst, q)
		return appendDeep(dst, name, true, m.items(), componentSet), q, nil
	}
	dst, q = appendQueryName(dst, q, name) // a list
	for i, it := range m.items() {
		if i > 0 {
			dst = append(dst, "%2C"...)
		}
		dst = appendEscaped(dst, it, componentSet, false)
	}
	return dst, q, nil
}
