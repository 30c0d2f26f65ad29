package value

// A KindMask is a set of the classes of scalar a check may take without
// looking further: strings, integral numbers, other numbers. A catalogue
// works one out per parameter once, so that the values of a call are
// checked with a test of one byte.
type KindMask uint8

// The classes of a KindMask.
const (
	MaskString   KindMask = 1 << iota // any String
	MaskInteger                       // a Number that is integral
	MaskFraction                      // a Number that is not
)

// Has reports whether v is of a class m holds. v is read through a
// pointer: see catalog's checkValue.
func (m KindMask) Has(v *Value) bool {
	switch v.kind {
	case String:
		return m&MaskString != 0
	case Number:
		if m&(MaskInteger|MaskFraction) == 0 {
			return false
		}
		if v.IsInteger() {
			return m&MaskInteger != 0
		}
		return m&MaskFraction != 0
	}
	return false
}
