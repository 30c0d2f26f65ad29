package value

// A KindMask is a set of the classes of scalar a check may take without
// looking further: strings, numbers held as integers, other numbers. A
// catalogue works one out per parameter once, so that the values of a
// call are checked with a test of one byte.
type KindMask uint8

// The classes of a KindMask.
const (
	MaskString  KindMask = 1 << iota // any String
	MaskInteger                      // a Number held as an integer (Int, Uint)
	MaskNumber                       // a Number held otherwise (a float, JSON text)
)

// Has reports whether v is of a class m holds. It reads no digit: a
// Number that is not held as an integer is in MaskNumber even when its
// value is integral (2.0), so that an integer's mask, MaskInteger alone,
// leaves it to the full check. (Reading text would link the float parser
// into the WebAssembly module, which has no catalogue.) v is read through
// a pointer: see catalog's checkValue.
func (m KindMask) Has(v *Value) bool {
	switch v.kind {
	case String:
		return m&MaskString != 0
	case Number:
		if v.num == intForm || v.num == uintForm {
			return m&MaskInteger != 0
		}
		return m&MaskNumber != 0
	}
	return false
}
