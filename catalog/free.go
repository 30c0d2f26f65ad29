package catalog

import "github.com/endpointkit/endpoint/internal/value"

// What a parameter takes without a look at its schema. CheckIndex runs on
// every call of an Endpoint made WithCatalog; for the common parameter, a
// string or a number without an enum, one byte per parameter, made when
// the catalogue is, answers without reading the Param.

const (
	freeString  uint8 = 1 << iota // any string
	freeNumber                    // any number
	freeInteger                   // an integral number
)

// freeKinds returns, for each of ps, the freeBit set of the values its
// schema takes whatever they are: what checkValue's first two cases
// accept without an enum.
func freeKinds(ps []Param) []uint8 {
	free := make([]uint8, len(ps))
	for i := range ps {
		s := &ps[i].Schema
		if len(s.Enum) > 0 {
			continue
		}
		if s.Type == 0 || s.Type&String != 0 {
			free[i] |= freeString
		}
		switch {
		case s.Type&Number != 0:
			free[i] |= freeNumber | freeInteger
		case s.Type&Integer != 0:
			free[i] |= freeInteger
		}
	}
	return free
}

// freeBit is the freeKinds bit that lets v through: none for a kind
// every parameter checks.
func freeBit(v *value.Value) uint8 {
	switch v.Kind() {
	case value.String:
		return freeString
	case value.Number:
		if v.IsInteger() {
			return freeInteger
		}
		return freeNumber
	}
	return 0
}
