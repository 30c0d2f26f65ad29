package template

// Var is a variable's value in the form expansion reads it: what the Go
// value mapping (see the package documentation) makes of a value. Callers
// that hold values in a form of their own build Vars directly and expand
// with [Template.AppendVars] and [AppendQueryVar], so that no value is
// boxed into an interface. The zero Var is undefined.
type Var struct{ v value }

// StringVar is a string value (or a number's or boolean's text).
func StringVar(s string) Var { return Var{stringValue(s)} }

// IntVar is an integer, written in decimal.
func IntVar(i int64) Var {
	return Var{value{kind: scalarKind, isInt: true, num: i}}
}

// PathVar is a Path value.
func PathVar(s string) Var {
	m := stringValue(s)
	m.isString = true
	m.isPath = true
	return Var{m}
}

// SearchVar is a string of search syntax, whose "+" a query keeps as a
// plus: GitHub reads q=is:open+label:bug with the "+" as a separator.
func SearchVar(s string) Var {
	m := stringValue(s)
	m.search = true
	return Var{m}
}

// ListVar is a list of its items; an empty list is undefined. The slice
// is only read.
func ListVar(items []string) Var {
	if len(items) == 0 {
		return Var{}
	}
	return Var{value{kind: listKind, ref: items}}
}

// PairsVar is an associative array whose keys and values alternate in
// keysAndValues, in their order; an empty one is undefined. The slice is
// only read.
func PairsVar(keysAndValues []string) Var {
	if len(keysAndValues) < 2 {
		return Var{}
	}
	return Var{value{kind: mapKind, ref: keysAndValues}}
}

// DeepObjectVar is an associative array, keys and values alternating as
// for PairsVar, written as OpenAPI's deepObject style: one pair per member,
// name[key]=value, in a query expression ({?x}, {&x}) and by
// AppendQueryVar, where RFC 6570 has no such form. The brackets are
// percent-encoded, as RFC 3986 wants them in a query (OpenAPI 3.1.1,
// Appendix E: "MUST be percent-encoded"); servers that read name[key]
// (Rack, PHP, qs, Spring) decode the name before they split it. An
// empty one is undefined; in any other expression it is ErrValue.
func DeepObjectVar(keysAndValues []string) Var {
	if len(keysAndValues) < 2 {
		return Var{}
	}
	return Var{value{kind: deepKind, ref: keysAndValues}}
}

// InvalidVar is a value that cannot be expanded; expanding it fails with
// err (which should wrap ErrValue), attributed to the variable.
func InvalidVar(err error) Var { return Var{value{ref: err}} }
