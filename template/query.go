package template

import (
	"bytes"
	"fmt"
	"iter"
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
	// One state variable: the loop body of a range over an unknown iterator
	// is a closure, and everything it captures moves to the heap.
	var st struct {
		dst     []byte
		sep     byte
		err     error
		scratch [32]byte
		items   [16]string
	}
	n0 := len(dst)
	st.dst, st.sep = dst, '?'
	if bytes.IndexByte(dst, '?') >= 0 {
		st.sep = '&'
	}
	for name, v := range params {
		m, err := mapValue(v, st.scratch[:0], st.items[:0])
		if err == nil && m.kind == mapKind {
			err = fmt.Errorf("%w: %T (a map cannot be a query value)", ErrValue, v)
		}
		if err != nil {
			st.err = &Error{Offset: -1, Var: name, Err: err}
			break
		}
		if m.kind == undefinedKind {
			continue
		}
		st.dst = append(st.dst, st.sep)
		st.sep = '&'
		st.dst = appendEscaped(st.dst, name, componentSet, false)
		st.dst = append(st.dst, '=')
		switch {
		case m.kind == listKind:
			for i, it := range m.items {
				if i > 0 {
					st.dst = append(st.dst, "%2C"...)
				}
				st.dst = appendEscaped(st.dst, it, componentSet, false)
			}
		case m.useBytes:
			st.dst = appendEscaped(st.dst, m.bytes, componentSet, false)
		case name == "q" && m.isString:
			st.dst = appendEscaped(st.dst, m.str, plusSet, false)
		default:
			st.dst = appendEscaped(st.dst, m.str, componentSet, false)
		}
	}
	if st.err != nil {
		return dst[:n0], st.err
	}
	return st.dst, nil
}
