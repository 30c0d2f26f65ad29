package builder_test

// Concurrency (issue #5, item 5): 64 goroutines × 10,000 builds on one
// shared *Endpoint, with Defaults layers derived from it concurrently, each
// result compared with the one a single goroutine got before. Run it with
// -race: the race detector, not only the comparison, is the check. Each
// goroutine works on its own deep copies of the calls and writes over every
// result it gets, so any state a result shared with the Endpoint would be
// both a race and a mismatch.

import (
	"fmt"
	"reflect"
	"sync"
	"sync/atomic"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint"
	"github.com/endpointkit/endpoint/builder"
)

const (
	stressGoroutines = 64
	stressCalls      = 257 // distinct calls, prime so goroutines interleave differently
	stressSeed       = uint64(0x5ec5_0007)
)

// hookConfig is a typed default: a struct holding a map, a slice and a
// pointer, as a caller's own types would.
type hookConfig struct {
	URL    string            `json:"url"`
	Events []string          `json:"events"`
	Extra  map[string]string `json:"extra"`
	Secret *string           `json:"secret,omitempty"`
}

// stressEndpoint is the shared Endpoint: every kind of default, typed Go
// values among them (a pointer to a struct holding a map, a pointer to a
// map, a pointer to a string, a typed slice), whose conversion must leave
// nothing for a build to share or write.
func stressEndpoint() *builder.Endpoint {
	secret := "hunter2"
	sort := "updated"
	return endpoint.Defaults(
		endpoint.WithBaseURL("https://ghe.example.com/api/v3/"),
		endpoint.WithHeader("Authorization", "token 0000000000000000000000000000000000000001"),
		endpoint.WithHeader("x-github-api-version", "2022-11-28"),
		endpoint.WithParam("per_page", 100),
		endpoint.WithParam("sort", &sort),
		endpoint.WithParam("labels", []string{"bug", "ui"}),
		endpoint.WithPreviews("mercy-preview"),
		endpoint.WithMeta("retries", map[string]any{"max": 3, "on": []any{502, 503}}),
		endpoint.WithMeta("hook", &hookConfig{URL: "https://hooks.example", Events: []string{"push"}, Extra: map[string]string{"ct": "json"}, Secret: &secret}),
		endpoint.WithMeta("limits", &map[string]int{"rate": 5000}),
	)
}

// outcome is a build's result or its error text.
type outcome struct {
	r   builder.RequestOptions
	err string
}

func outcomeOf(r builder.RequestOptions, err error) outcome {
	if err != nil {
		return outcome{err: err.Error()}
	}
	return outcome{r: r}
}

func (o outcome) equal(p outcome) bool {
	return o.err == p.err && reflect.DeepEqual(o.r, p.r)
}

var _ = Describe("stress", Label("stress"), func() {
	It(fmt.Sprintf("builds %d×%d times on one shared Endpoint, deriving defaults layers concurrently, every result as built alone (PCG seed %#x)",
		stressGoroutines, stressBuilds, stressSeed), func() {
		e := stressEndpoint()
		cases := make([]propCase, stressCalls)
		want := make([]outcome, stressCalls)
		wantLayer := make([]outcome, stressCalls)
		for j := range cases {
			c := jsonLikeCase(genCase(stressSeed, j, 0))
			cases[j] = c
			want[j] = outcomeOf(e.Build(c.route, snapshotOptions(c.call)))
			layer := builder.Options{}
			if len(c.layers) > 0 {
				layer = c.layers[0]
			}
			wantLayer[j] = outcomeOf(e.Defaults(endpoint.WithOptions(snapshotOptions(layer))).Build(c.route, snapshotOptions(c.call)))
		}
		defaults := snapshotOptions(e.DefaultOptions())
		built := 0
		for _, w := range want {
			if w.err == "" {
				built++
			}
		}
		Expect(built).To(BeNumerically(">=", stressCalls/3), "too few calls build")

		start := time.Now()
		var (
			wg       sync.WaitGroup
			mu       sync.Mutex
			failures []string
			total    atomic.Int64
		)
		for g := range stressGoroutines {
			wg.Go(func() {
				// Own copies of every call and layer: only e is shared.
				calls := make([]builder.Options, len(cases))
				layers := make([]builder.Options, len(cases))
				for j, c := range cases {
					calls[j] = snapshotOptions(c.call)
					if len(c.layers) > 0 {
						layers[j] = snapshotOptions(c.layers[0])
					}
				}
				for i := range stressBuilds {
					j := (g*7919 + i*31) % stressCalls
					c := cases[j]
					var got, exp outcome
					switch i % 4 {
					case 0: // a layer derived now, by many goroutines at once
						got = outcomeOf(e.Defaults(endpoint.WithOptions(layers[j])).Build(c.route, calls[j]))
						exp = wantLayer[j]
					case 1: // Merge then Parse
						m, err := e.Merge(c.route, calls[j])
						if err == nil {
							got = outcomeOf(e.Parse(m))
							scribbleOptions(m)
						} else {
							got = outcomeOf(builder.RequestOptions{}, err)
						}
						exp = want[j]
					case 2: // DEFAULTS copies, written over
						scribbleOptions(e.DefaultOptions())
						got = outcomeOf(e.Build(c.route, calls[j]))
						exp = want[j]
					default:
						got = outcomeOf(e.Build(c.route, calls[j]))
						exp = want[j]
					}
					total.Add(1)
					if !got.equal(exp) {
						mu.Lock()
						if len(failures) < 5 {
							failures = append(failures, fmt.Sprintf("goroutine %d build %d, call %d (route %q):\n  got  %#v %s\n  want %#v %s",
								g, i, j, c.route, got.r, got.err, exp.r, exp.err))
						}
						mu.Unlock()
					}
					if got.err == "" {
						scribbleResult(got.r)
					}
				}
			})
		}
		wg.Wait()
		AddReportEntry("stress", fmt.Sprintf("%d builds in %v", total.Load(), time.Since(start).Round(time.Millisecond)))
		Expect(total.Load()).To(Equal(int64(stressGoroutines * stressBuilds)))
		Expect(failures).To(BeEmpty())
		Expect(e.DefaultOptions()).To(Equal(defaults), "the shared defaults changed")
	})
})

// jsonLikeCase replaces the []byte and []int values of a case by strings:
// results share those with their source (a known bug for defaults, see
// defaults_test.go; by design for the call's own values),
// so writing over results would change the next build's input.
func jsonLikeCase(c propCase) propCase {
	fix := func(o builder.Options) builder.Options {
		o = snapshotOptions(o)
		o.Data = jsonLike(o.Data)
		o.Request, _ = jsonLike(o.Request).(map[string]any)
		for i := range o.Params {
			o.Params[i].Value = jsonLike(o.Params[i].Value)
		}
		return o
	}
	c.call = fix(c.call)
	for i := range c.layers {
		c.layers[i] = fix(c.layers[i])
	}
	return c
}

func jsonLike(v any) any {
	switch t := v.(type) {
	case []byte:
		return string(t)
	case []int:
		return fmt.Sprint(t)
	case map[string]any:
		if t == nil {
			return t
		}
		for k, e := range t {
			t[k] = jsonLike(e)
		}
	case []any:
		for i, e := range t {
			t[i] = jsonLike(e)
		}
	}
	return v
}
