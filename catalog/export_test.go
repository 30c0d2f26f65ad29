package catalog

import "github.com/endpointkit/endpoint/internal/value"

// Distance exposes the edit distance to the tests.
var Distance = distance

// CheckSchema is the full check of v against p, without CheckIndex's
// shortcut.
func CheckSchema(op *Operation, p *Param, v value.Value) error { return op.checkValue(p, &v) }
