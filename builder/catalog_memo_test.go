package builder_test

import (
	"errors"
	"runtime"
	"sync/atomic"
	"time"
	"weak"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/internal/value"
)

// countingCat is a catalogue of one operation, GET /{thing}/{id}, that
// counts the calls that had to resolve the route: the route memo spares a
// catalogue it keeps the operation for. Its payload stands for the
// megabytes a real catalogue holds.
type countingCat struct {
	thing    string
	resolved atomic.Int64
	payload  []byte
}

func newCountingCat(thing string) *countingCat {
	return &countingCat{thing: thing, payload: make([]byte, 1<<20)}
}

func (c *countingCat) Resolve(method, url string) (builder.Operation, error) {
	c.resolved.Add(1)
	if method != "GET" || url != "/"+c.thing+"/{id}" {
		return nil, errors.New("unknown route")
	}
	return countingOp{c}, nil
}

type countingOp struct{ c *countingCat }

func (o countingOp) Target() (string, string) { return "GET", "/" + o.c.thing + "/{id}" }
func (countingOp) BaseURL(base string) string { return base }
func (countingOp) Locate(name string) builder.Location {
	if name == "id" {
		return builder.InPath
	}
	return builder.InNone
}
func (countingOp) CheckParam(name string, v value.Value) error {
	if name == "id" {
		return nil
	}
	return errNotThere
}
func (countingOp) Requires() (always, withBody []string)    { return []string{"id"}, nil }
func (countingOp) Missing(has func(name string) bool) error { return errors.New("id is missing") }

// buildTimes builds route (a constant: the memo goes by its address) n
// times with an Endpoint over cat.
func buildTimes(cat builder.Catalog, route string, n int) {
	GinkgoHelper()
	e := builder.New(builder.WithBaseURL("https://h"), builder.WithCatalog(cat))
	for range n {
		r, err := e.Route(route).Param("id", 7).Build()
		Expect(err).NotTo(HaveOccurred())
		Expect(r.URL).To(HaveSuffix("/7"))
	}
}

// collected reports whether w's value was collected, after as many
// collections (and cleanups) as that takes, up to a bound.
func collected[T any](w weak.Pointer[T]) bool {
	for range 50 {
		runtime.GC()
		if w.Value() == nil {
			return true
		}
		time.Sleep(time.Millisecond) // for the cleanup goroutine
	}
	return false
}

var _ = Describe("the route memo and catalogues", func() {
	It("resolves a route once per catalogue in use, across Endpoints over it", func() {
		cat := newCountingCat("memo-shared")
		buildTimes(cat, "GET /memo-shared/{id}", 5)
		buildTimes(cat, "GET /memo-shared/{id}", 5) // another Endpoint, the same catalogue
		Expect(cat.resolved.Load()).To(BeEquivalentTo(1))
	})

	It("does not keep a catalogue alive once no Endpoint uses it", func() {
		cat := newCountingCat("memo-dropped")
		buildTimes(cat, "GET /memo-dropped/{id}", 3)
		Expect(cat.resolved.Load()).To(BeEquivalentTo(1), "the memo held the operation")
		w := weak.Make(cat)
		cat = nil
		Expect(collected(w)).To(BeTrue(), "the catalogue is still reachable")
	})

	It("gives a catalogue loaded after the first was dropped the memo's fast path", func() {
		first := newCountingCat("memo-reloaded")
		buildTimes(first, "GET /memo-reloaded/{id}", 2)
		w := weak.Make(first)
		first = nil
		Expect(collected(w)).To(BeTrue())

		second := newCountingCat("memo-reloaded")
		// The memo held the first catalogue through the route's operation:
		// that it was collected says the cleanup took the route out.
		buildTimes(second, "GET /memo-reloaded/{id}", 4)
		Expect(second.resolved.Load()).To(BeEquivalentTo(1))
	})
})
