package builder_test

import (
	"context"
	"strconv"
	"testing"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint"
	"github.com/endpointkit/endpoint/builder"
)

// The routes the budgets below are counted on.
const (
	routeA      = "GET /repos/{owner}/{repo}/issues"
	routeB      = "POST /repos/{owner}/{repo}/issues"
	routeUpload = "POST /repos/{owner}/{repo}/releases/{release_id}/assets{?name}"
)

// Allocation counts are exact, unlike timings, so the hot path's budget is
// a spec: a change that adds an allocation per call fails here first.
var _ = Describe("allocations per Build", func() {
	gh := endpoint.Defaults(endpoint.WithHeader("authorization", "token 0000000000000000000000000000000000000001"))

	It("builds request A (GET, 2 path and 2 query parameters) in at most 4", func() {
		if testing.CoverMode() != "" || raceEnabled {
			Skip("instrumented build")
		}
		allocs := testing.AllocsPerRun(200, func() {
			_, _ = gh.Route(routeA).
				Param("owner", "octokit").Param("repo", "rest.js").
				Param("state", "open").Param("per_page", 100).Build()
		})
		Expect(allocs).To(BeNumerically("<=", 4))
	})

	It("builds request B (POST, three-key JSON body) in at most 9", func() {
		if testing.CoverMode() != "" || raceEnabled {
			Skip("instrumented build")
		}
		labels := []string{"bug"}
		allocs := testing.AllocsPerRun(200, func() {
			_, _ = gh.Route(routeB).
				Param("owner", "octokit").Param("repo", "rest.js").
				Param("title", "t").Param("body", "b").Param("labels", labels).Build()
		})
		Expect(allocs).To(BeNumerically("<=", 9))
	})
})

// Options JSON in: the decoder's copy of the options (its strings point
// into it) and the parameter list, then what Build allocates.
var _ = Describe("allocations per BuildJSON", func() {
	gh := endpoint.Defaults(endpoint.WithHeader("authorization", "token 0000000000000000000000000000000000000001"))
	count := func(route, options string) float64 {
		if testing.CoverMode() != "" || raceEnabled {
			Skip("instrumented build")
		}
		opts := []byte(options)
		return testing.AllocsPerRun(200, func() {
			_, _ = gh.BuildJSON(route, opts)
		})
	}

	It("builds request A in at most 7", func() {
		Expect(count(routeA, `{"owner":"octokit","repo":"rest.js","state":"open","per_page":100}`)).To(BeNumerically("<=", 7))
	})

	It("builds request B in at most 9", func() {
		Expect(count(routeB, `{"owner":"octokit","repo":"rest.js","title":"t","body":"b","labels":["bug"]}`)).To(BeNumerically("<=", 9))
	})
})

// The budgets of a call up to the *http.Request, counted on bench/'s
// calls, three headers, B's label slice included. Owner and
// repo are constants here, which box without allocating; bench/'s are
// variables, which add two to every count.
var _ = Describe("allocations per *http.Request", func() {
	gh := endpoint.Defaults(
		endpoint.WithHeader("authorization", "token 0000000000000000000000000000000000000001"),
		endpoint.WithHeader("user-agent", "endpointkit-test"),
	)
	ctx := context.Background()
	owner, repo := "octokit", "rest.js"
	getA := func() *builder.Builder {
		return gh.Route(routeA).
			Param("owner", owner).Param("repo", repo).
			Param("per_page", 100).Param("state", "open")
	}
	postB := func() *builder.Builder {
		return gh.Route(routeB).
			Param("owner", owner).Param("repo", repo).
			Param("title", "Found a bug").Param("body", "details").Param("labels", []string{"bug"})
	}
	count := func(f func()) float64 {
		if testing.CoverMode() != "" || raceEnabled {
			Skip("instrumented build")
		}
		return testing.AllocsPerRun(200, f)
	}
	twoStep := func(b *builder.Builder) {
		ro, _ := b.Build()
		_, _ = ro.HTTPRequest(ctx)
	}

	upload := func(data []byte) *builder.Builder {
		return gh.Route(routeUpload).
			Param("owner", owner).Param("repo", repo).Param("release_id", 1).Param("name", "asset.bin").Data(data)
	}
	It("an upload from a []byte: 8 in one step, 11 in two, whatever its size (the caller's box is kept, not made again)", func() {
		for _, n := range []int{1 << 10, 1 << 20} {
			data := make([]byte, n)
			Expect(count(func() { _, _ = upload(data).HTTPRequest(ctx) })).To(BeNumerically("<=", 8))
			Expect(count(func() { twoStep(upload(data)) })).To(BeNumerically("<=", 11))
		}
	})
	It("GET in one step: 6", func() {
		Expect(count(func() { _, _ = getA().HTTPRequest(ctx) })).To(BeNumerically("<=", 6))
	})
	It("POST in one step: 11 (the URL and the JSON body each their own, not in the request's room)", func() {
		Expect(count(func() { _, _ = postB().HTTPRequest(ctx) })).To(BeNumerically("<=", 11))
	})
	It("GET in two steps: 9", func() {
		Expect(count(func() { twoStep(getA()) })).To(BeNumerically("<=", 9))
	})
	It("POST in two steps: 14", func() {
		Expect(count(func() { twoStep(postB()) })).To(BeNumerically("<=", 14))
	})
})

// Many parameters: the list past the Builder's own room grows four times
// over (one copy from 16 to 64), and a long URL is written in a pooled
// buffer kept at its size, not grown again by every call. Counted against
// 4 parameters on the same route, so that what the route itself costs
// (split on every call when the route memo is full, as after the stress
// specs) cancels out.
var _ = Describe("allocations per Build with 64 parameters", func() {
	It("are at most 4 more than with 4: the list, one growth, two index tables", func() {
		if testing.CoverMode() != "" || raceEnabled {
			Skip("instrumented build")
		}
		e := endpoint.Defaults()
		count := func(n int) float64 {
			names, values := make([]string, n), make([]any, n)
			for i := range names {
				names[i], values[i] = "p"+strconv.Itoa(100+i), "v"+strconv.Itoa(100+i)
			}
			return testing.AllocsPerRun(200, func() {
				b := e.Route("GET /search")
				for i, name := range names {
					b.Param(name, values[i])
				}
				_, _ = b.Build()
			})
		}
		few, many := count(4), count(64)
		Expect(many-few).To(BeNumerically("<=", 4), "4 parameters: %v allocations, 64: %v", few, many)
	})
})

// A defaults layer is merged by mergo, field by field; the merge of each
// field reads and writes it in place, so the count is mergo's own
// bookkeeping (a visit record a field) and the layer's prepared form.
var _ = Describe("allocations per Defaults", func() {
	It("are at most 36 for a layer of one header: mergo's bookkeeping and the prepared header list of each body kind", func() {
		if testing.CoverMode() != "" || raceEnabled {
			Skip("instrumented build")
		}
		e := endpoint.Defaults()
		n := testing.AllocsPerRun(200, func() {
			_ = e.Defaults(endpoint.WithHeader("authorization", "token 0000000000000000000000000000000000000001"))
		})
		Expect(n).To(BeNumerically("<=", 36), "%v allocations", n)
	})
})
