package template

import (
	"bytes"
	"fmt"
	"iter"
	"strconv"
)

// AppendQuery appends the GET/HEAD parameters that the URL template did not
// use to the URL in dst, following @octokit/endpoint v6 (BEHAVIOUR.md 5.9)
// with three corrections: names are encoded too, undefined values are
// omitted instead of sent as "null"/"undefined", and maps are an error
// instead of "[object Object]".
//
//   - The first pair is preceded by "&" if dst contains a "?" anywhere, else
//     by "?"; the rest by "&". If params yields no defined value, dst is
//     returned unchanged.
//   - Names and values are encoded like encodeURIComponent: unreserved
//     characters and !'()* are kept, everything else is %XX of its UTF-8
//     bytes.
//   - Values map like template values (numbers as encoding/json formats
//     them). A list is joined with "," and then encoded (a%2Cb). A map or
//     Pairs is ErrValue.
//   - The parameter named exactly "q" with a string value keeps "+" as a
//     literal "+" (GitHub search syntax: "is:open+label:bug" gives
//     q=is%3Aopen+label%3Abug). Use Verbatim to send a literal plus: its
//     "+" becomes %2B.
//   - Pairs are written in exactly the order params yields them.
//
// On error dst is returned with its original length and err is an *Error
// whose Var is the parameter's name.
func AppendQuery(dst []byte, params iter.Seq2[string, any]) ([]byte, error) {
	if params == nil {
		return dst, nil
	}
	n0 := len(dst)
	// The loop body, a closure, captures s; one variable keeps this path
	// to one allocation.
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
	var scratch [32]byte
	var items [16]string
	m, err := mapValue(v, scratch[:0], items[:0])
	if err != nil {
		return dst, q, &Error{Offset: -1, Var: name, Err: err}
	}
	m.search = name == "q" && m.isString
	return appendQuery(dst, q, name, &m)
}

// AppendQueryVar appends one parameter to the URL in dst by the rules of
// AppendQuery: q is where dst holds its "?" (-1 for none), and the
// result's q is the same for the extended buffer, so that a caller
// appending many does not search dst again. An undefined value leaves dst
// unchanged; a DeepObjectVar writes one name[key]=value pair per member, a
// SearchVar keeps its "+" (AppendQuery's q rule is the caller's here).
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

// appendQuery appends one mapped value; q is where dst holds its "?"
// (-1 for none), and the result's q the same for the extended buffer.
// (Errors of mapping are the caller's: m must not reach an error value,
// or a scratch buffer behind it would escape.)
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
		items := m.items()
		for i := 0; i+1 < len(items); i += 2 {
			dst, q = appendQuerySep(dst, q)
			dst = appendEscaped(dst, name, componentSet, false)
			dst = append(dst, "%5B"...)
			dst = appendEscaped(dst, items[i], componentSet, false)
			dst = append(dst, "%5D="...)
			dst = appendEscaped(dst, items[i+1], componentSet, false)
		}
		return dst, q, nil
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
