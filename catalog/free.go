package catalog

import "github.com/endpointkit/endpoint/internal/value"

// What a parameter takes without a look at its schema. CheckIndex runs on
// every call of an Endpoint made WithCatalog; for the common parameter, a
// string or a number without an enum, one byte per parameter, made when
// the catalogue is, answers without reading the Param.

// freeKinds returns, for each of ps, the values its schema takes whatever
// they are: what checkValue's first two cases accept without an enum.
func freeKinds(ps []Param) []value.KindMask {
	free := make([]value.KindMask, len(ps))
	for i := range ps {
		s := &ps[i].Schema
		if len(s.Enum) > 0 {
			continue
		}
		if s.Type == 0 || s.Type&String != 0 {
			free[i] |= value.MaskString
		}
		switch {
		case s.Type&Number != 0:
			free[i] |= value.MaskInteger | value.MaskNumber
		case s.Type&Integer != 0:
			free[i] |= value.MaskInteger
		}
	}
	return free
}

// FreeKinds returns the values parameter number i of Params (see
// [Operation.ParamIndex]) takes whatever they are: a string where its
// schema allows any string, a number where it allows any number, a
// number held as an integer where it allows any integer (value.KindMask).
// [Operation.CheckIndex] passes them without reading the schema, and
// WithCatalog without calling it. Zero for a nil Operation, a number out
// of range, or an Operation not made by a [Catalog].
func (op *Operation) FreeKinds(i int) value.KindMask {
	if op == nil || i < 0 || i >= len(op.free) {
		return 0
	}
	return op.free[i]
}
