package template

// Var is a value as expansion reads it, for [Template.AppendVars] and
// [AppendQueryVar]: a caller with values of its own builds Vars, so that
// nothing is boxed in an interface. The zero Var is undefined.
type Var struct{ v value }

// StringVar is a string value (or a number's or boolean's text).
func StringVar(s string) Var { return Var{value{kind: scalarKind, str: s}} }

// IntVar is an integer, written in decimal.
func IntVar(i int64) Var { return Var{value{kind: scalarKind, isInt: true, num: i}} }

// PathVar is a Path value.
func PathVar(s string) Var { return Var{value{kind: scalarKind, str: s, isString: true, isPath: true}} }

// SearchVar is a string of search syntax, whose "+" a query keeps: GitHub
// reads q=is:open+label:bug with the "+" as a separator.
func SearchVar(s string) Var { return Var{value{kind: scalarKind, str: s, search: true}} }

// ListVar is a list, undefined when empty; items is only read.
func ListVar(items []string) Var {
	if len(items) == 0 {
		return Var{}
	}
	return Var{value{kind: listKind, ref: items}}
}

// PairsVar is an associative array of alternating keys and values, in
// their order, undefined when empty; keysAndValues is only read.
func PairsVar(keysAndValues []string) Var { return pairsVar(mapKind, keysAndValues) }

// DeepObjectVar is a PairsVar written in OpenAPI's deepObject style,
// name%5Bkey%5D=value a member (brackets encoded, as RFC 3986 and OpenAPI
// 3.1.1 Appendix E want them), by {?x}, {&x} and AppendQueryVar only.
func DeepObjectVar(keysAndValues []string) Var { return pairsVar(deepKind, keysAndValues) }

func pairsVar(kind valueKind, kv []string) Var {
	if len(kv) < 2 {
		return Var{}
	}
	return Var{value{kind: kind, ref: kv[:len(kv)&^1]}}
}

// InvalidVar is a value that cannot be expanded: expanding it fails with
// err (which should wrap ErrValue), attributed to the variable.
func InvalidVar(err error) Var { return Var{value{ref: err}} }
