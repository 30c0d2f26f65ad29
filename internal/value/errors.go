package value

import (
	"errors"
	"strconv"
)

// Limits on one value, or on all the values of one call when they share a
// Budget. They bound the work and memory an untrusted value can cost.
const (
	// MaxDepth is the deepest nesting of arrays and objects.
	MaxDepth = 32
	// MaxNodes is the most arrays, objects and members, counted with
	// repeats: a value that shares its maps between branches is counted
	// once per branch, so it cannot stand for billions of members.
	MaxNodes = 100_000
)

var (
	// ErrLimit is returned when a value is nested deeper than MaxDepth
	// or holds more than MaxNodes nodes.
	ErrLimit = errors.New("limit exceeded")
	// ErrInvalid is returned when a Go value has no JSON form (a channel,
	// a func, a complex number, NaN, an infinity, a map with keys that
	// are not strings, integers or text, a json.RawMessage that is not
	// JSON, which also wraps ErrSyntax) or its MarshalJSON or MarshalText
	// method failed or panicked.
	ErrInvalid = errors.New("invalid value")
	// ErrSyntax is returned when JSON text is malformed.
	ErrSyntax = errors.New("invalid json")
)

// SyntaxError is a JSON syntax error at a byte offset of the input.
type SyntaxError struct {
	Offset int    // byte offset of the error
	Msg    string // what was wrong
}

// Error returns the message and the offset.
func (e *SyntaxError) Error() string {
	return e.Msg + " at offset " + strconv.Itoa(e.Offset)
}

// Unwrap returns ErrSyntax.
func (e *SyntaxError) Unwrap() error { return ErrSyntax }

// Budget counts the nodes a conversion or a decode has spent. The zero
// Budget has spent nothing; several values of one call share a Budget
// so that MaxNodes bounds them together.
type Budget struct{ spent int }

// NewBudget returns a new, unspent Budget.
func NewBudget() *Budget { return &Budget{} }

// Spend takes n nodes at depth, or fails with ErrLimit, for callers that
// build arrays and objects of their own.
func (b *Budget) Spend(n, depth int) error { return b.spend(n, depth) }

// Refund gives back the nodes of v, a value converted or decoded with b
// that the caller has dropped (a parameter set again), so that replacing
// a value does not count it twice. It gives back no more than making v
// spent: one node for each array or object and one for each of its
// members.
func (b *Budget) Refund(v Value) {
	if v.kind == Array || v.kind == Object { // a scalar took nothing
		b.spent = max(0, b.spent-nodes(v))
	}
}

// nodes is what Refund gives back for v.
func nodes(v Value) int {
	n := 0
	switch v.Kind() {
	case Array:
		n = 1 + v.Len()
		for _, it := range v.Items() {
			n += nodes(it)
		}
	case Object:
		n = 1 + v.Len()
		for _, m := range v.Members() {
			n += nodes(m.Value)
		}
	}
	return n
}

// spend takes n nodes at depth, or fails.
func (b *Budget) spend(n, depth int) error {
	if depth >= MaxDepth {
		return limitError("nested deeper than " + strconv.Itoa(MaxDepth))
	}
	b.spent += n
	if b.spent > MaxNodes {
		return limitError("more than " + strconv.Itoa(MaxNodes) + " values")
	}
	return nil
}

type wrapped struct {
	sentinel error
	msg      string
}

func (e *wrapped) Error() string { return e.sentinel.Error() + ": " + e.msg }
func (e *wrapped) Unwrap() error { return e.sentinel }

func limitError(msg string) error   { return &wrapped{ErrLimit, msg} }
func invalidError(msg string) error { return &wrapped{ErrInvalid, msg} }
