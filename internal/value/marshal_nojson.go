//go:build endpoint_nojson

package value

import "fmt"

// reflectOf refuses what the fast paths in convert.go do not know (named
// types, structs, marshalers, maps and slices of other types) in the
// endpoint_nojson build, which the WebAssembly module uses: its values
// all come from JSON and never get here, and leaving out this conversion
// and encoding/json's encoder makes the module 90 KB gzip smaller.
func (b *Budget) reflectOf(x any, depth int) (Value, error) {
	return Value{}, invalidError(fmt.Sprintf("%T needs reflection, which this build (endpoint_nojson) leaves out", x))
}
