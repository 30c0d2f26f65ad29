package value_test

// Regression: the walk that bounds a Go value before encoding/json
// marshals it counted an embedded struct as a level of nesting, where
// encoding/json writes its fields into the object that embeds it. A
// struct embedding one with a list, MaxDepth-2 levels down, was ErrLimit
// ("nested deeper than 32") while its own JSON, and the same value
// without the embedding, converted.

import (
	"encoding/json"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/internal/value"
)

type embeddedList struct{ L []int }

type embedsList struct {
	embeddedList
	N int
}

type embedsListPtr struct {
	*embeddedList
}

type embedsListNamed struct {
	embeddedList `json:"inner"`
}

var _ = Describe("regression: an embedded struct at the depth limit", func() {
	nest := func(v any, n int) any {
		for range n {
			v = []any{v}
		}
		return v
	}

	DescribeTable("is counted as encoding/json writes it",
		func(v any, deepest int) {
			// The list is at depth deepest+1 (or +2, named) under deepest arrays.
			ok := nest(v, deepest)
			data, err := json.Marshal(ok)
			Expect(err).NotTo(HaveOccurred())
			_, err = value.Decode(data)
			Expect(err).NotTo(HaveOccurred())
			got, err := value.Of(ok)
			Expect(err).NotTo(HaveOccurred())
			Expect(value.AppendJSON(nil, got)).To(MatchJSON(data))

			_, err = value.Of(nest(v, deepest+1))
			Expect(err).To(MatchError(value.ErrLimit))
		},
		Entry("embedded", embedsList{embeddedList: embeddedList{L: []int{1}}}, value.MaxDepth-2),
		Entry("embedded pointer", embedsListPtr{&embeddedList{L: []int{1}}}, value.MaxDepth-2),
		Entry("embedded with a json name: a level", embedsListNamed{embeddedList{L: []int{1}}}, value.MaxDepth-3),
	)
})
