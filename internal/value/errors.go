package value

import (
	"errors"
	"fmt"
	"strconv"
)

// Limits on one value, or on all the values of a call sharing a Budget,
// which bound the work and memory an untrusted value can cost.
const (
	// MaxDepth is the deepest nesting of arrays and objects.
	MaxDepth = 32
	// MaxNodes is the most arrays, objects and members, counted once per
	// branch that reaches them, so that a value sharing its maps cannot
	// stand for billions of members.
	MaxNodes = 100_000
)

var (
	// ErrLimit is a value nested deeper than MaxDepth or holding more than
	// MaxNodes nodes.
	ErrLimit = errors.New("limit exceeded")
	// ErrInvalid is a Go value without a JSON form (a channel, a func, a
	// complex number, NaN, an infinity, a map whose keys are not strings,
	// integers or text, a json.RawMessage that is not JSON, which also wraps
	// ErrSyntax) or whose MarshalJSON or MarshalText failed or panicked.
	ErrInvalid = errors.New("invalid value")
	// ErrSyntax is malformed JSON text.
	ErrSyntax = errors.New("invalid json")
)

// SyntaxError is a JSON syntax error, or a caller's rule a value broke
// ([Decoder.Errorf]), at a byte offset of the input.
type SyntaxError struct {
	Offset int
	Msg    string // what was wrong
}

// Error returns the message and the offset.
func (e *SyntaxError) Error() string {
	return e.Msg + " at offset " + strconv.Itoa(e.Offset)
}

// Unwrap returns ErrSyntax, for errors.Is.
func (e *SyntaxError) Unwrap() error { return ErrSyntax }

// Budget counts the nodes conversions and decodes have spent, so that
// MaxNodes bounds all the values of a call together.
type Budget struct{ spent int }

// Refund gives back the nodes of v, spent from b and then dropped (a
// parameter set again), so that a replaced value does not count twice.
func (b *Budget) Refund(v Value) {
	if v.kind == Array || v.kind == Object {
		b.spent = max(0, b.spent-nodes(v))
	}
}

// nodes is what making v spent: one for each array or object and one for
// each of its items or members.
func nodes(v Value) int {
	n := 0
	if v.kind == Array || v.kind == Object {
		n = 1 + v.Len()
	}
	for _, it := range v.Items() {
		n += nodes(it)
	}
	for _, m := range v.Members() {
		n += nodes(m.Value)
	}
	return n
}

// Spend takes n nodes at depth, or fails with ErrLimit; callers that build
// arrays and objects of their own spend for them.
func (b *Budget) Spend(n, depth int) error {
	if depth >= MaxDepth {
		return limitError(depthText)
	}
	b.spent += n
	if b.spent > MaxNodes {
		return limitError("more than " + strconv.Itoa(MaxNodes) + " values")
	}
	return nil
}

var depthText = "nested deeper than " + strconv.Itoa(MaxDepth)

func limitError(msg string) error   { return fmt.Errorf("%w: %s", ErrLimit, msg) }
func invalidError(msg string) error { return fmt.Errorf("%w: %s", ErrInvalid, msg) }
