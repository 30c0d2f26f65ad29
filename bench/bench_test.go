package bench

import (
	"context"
	"net/http"
	"runtime"
	"strconv"
	"testing"

	"github.com/endpointkit/endpoint/builder"
)

// Benchmark names are GROUP/IMPLEMENTATION; run.sh's table takes each
// row's ratio to GROUP/floor from the same run (Layers and Routes build
// request A and use A/floor).

var (
	bctx    = context.Background()
	sinkReq *http.Request
	sinkRO  builder.RequestOptions
)

func loopHTTP(b *testing.B, f func() (*http.Request, error)) {
	b.ReportAllocs()
	for b.Loop() {
		r, err := f()
		if err != nil {
			b.Fatal(err)
		}
		sinkReq = r
	}
}

func loopRO(b *testing.B, f func() (builder.RequestOptions, error)) {
	b.ReportAllocs()
	for b.Loop() {
		r, err := f()
		if err != nil {
			b.Fatal(err)
		}
		sinkRO = r
	}
}

func BenchmarkA(b *testing.B) {
	b.Run("floor", func(b *testing.B) {
		loopHTTP(b, func() (*http.Request, error) { return FloorA(bctx, Owner, Repo) })
	})
	b.Run("endpointkit-build", func(b *testing.B) {
		loopRO(b, func() (builder.RequestOptions, error) { return EKBuildA(Owner, Repo) })
	})
	b.Run("endpointkit-options", func(b *testing.B) {
		loopRO(b, func() (builder.RequestOptions, error) { return EKOptionsA(Owner, Repo) })
	})
	b.Run("endpointkit-http", func(b *testing.B) {
		loopHTTP(b, func() (*http.Request, error) { return EKHTTPA(bctx, Owner, Repo) })
	})
	b.Run("requests", func(b *testing.B) {
		loopHTTP(b, func() (*http.Request, error) { return RequestsA(bctx, Owner, Repo) })
	})
	b.Run("sling", func(b *testing.B) {
		loopHTTP(b, func() (*http.Request, error) { return SlingA(Owner, Repo) })
	})
	b.Run("go-github", func(b *testing.B) {
		loopHTTP(b, func() (*http.Request, error) { return GoGitHubA(bctx, Owner, Repo) })
	})
	b.Run("resty", func(b *testing.B) {
		loopHTTP(b, func() (*http.Request, error) { return RestyA(bctx, Resty, Owner, Repo) })
	})
}

func BenchmarkB(b *testing.B) {
	b.Run("floor", func(b *testing.B) {
		loopHTTP(b, func() (*http.Request, error) { return FloorB(bctx, Owner, Repo) })
	})
	b.Run("endpointkit-build", func(b *testing.B) {
		loopRO(b, func() (builder.RequestOptions, error) { return EKBuildB(Owner, Repo) })
	})
	b.Run("endpointkit-options", func(b *testing.B) {
		loopRO(b, func() (builder.RequestOptions, error) { return EKOptionsB(Owner, Repo) })
	})
	b.Run("endpointkit-http", func(b *testing.B) {
		loopHTTP(b, func() (*http.Request, error) { return EKHTTPB(bctx, Owner, Repo) })
	})
	b.Run("requests", func(b *testing.B) {
		loopHTTP(b, func() (*http.Request, error) { return RequestsB(bctx, Owner, Repo) })
	})
	b.Run("sling", func(b *testing.B) {
		loopHTTP(b, func() (*http.Request, error) { return SlingB(Owner, Repo) })
	})
	b.Run("go-github", func(b *testing.B) {
		loopHTTP(b, func() (*http.Request, error) { return GoGitHubB(bctx, Owner, Repo) })
	})
	b.Run("resty", func(b *testing.B) {
		loopHTTP(b, func() (*http.Request, error) { return RestyB(bctx, Resty, Owner, Repo) })
	})
}

// BenchmarkParams: GET /search with n query parameters.
func BenchmarkParams(b *testing.B) {
	for _, n := range ParamCounts {
		names, values := QueryParams(n)
		b.Run("n="+strconv.Itoa(n), func(b *testing.B) {
			b.Run("floor", func(b *testing.B) {
				loopHTTP(b, func() (*http.Request, error) { return FloorParams(bctx, names, values) })
			})
			b.Run("endpointkit-build", func(b *testing.B) {
				loopRO(b, func() (builder.RequestOptions, error) { return EKBuildParams(names, values) })
			})
			b.Run("endpointkit-http", func(b *testing.B) {
				loopHTTP(b, func() (*http.Request, error) { return EKHTTPParams(bctx, names, values) })
			})
		})
	}
}

// BenchmarkLayers: request A's Build on endpoints n Defaults calls deep.
func BenchmarkLayers(b *testing.B) {
	for _, n := range LayerCounts {
		e := LayeredEndpoint(n)
		b.Run("n="+strconv.Itoa(n)+"/endpointkit-build", func(b *testing.B) {
			loopRO(b, func() (builder.RequestOptions, error) { return EKBuildAOn(e, RouteA, Owner, Repo) })
		})
	}
}

// BenchmarkRoutes: request A's Build cycling through n distinct routes,
// each a template-cache entry (cycling is the worst case for an LRU that
// is smaller than n). heap-B is the live heap the first pass over the
// routes added, after a GC; the routes use a fresh prefix per run so that
// they are new to the cache.
func BenchmarkRoutes(b *testing.B) {
	for _, n := range RouteCounts {
		b.Run("n="+strconv.Itoa(n)+"/endpointkit-build", func(b *testing.B) {
			prefix := "r" + strconv.Itoa(routeRun) + "x"
			routeRun++
			routes := make([]string, n)
			for i := range routes {
				routes[i] = DistinctRoute(prefix, i)
			}
			before := liveHeap()
			for _, r := range routes {
				if _, err := EKBuildAOn(EK, r, Owner, Repo); err != nil {
					b.Fatal(err)
				}
			}
			heap := float64(liveHeap()) - float64(before)
			i := 0
			loopRO(b, func() (builder.RequestOptions, error) {
				r := routes[i]
				if i++; i == n {
					i = 0
				}
				return EKBuildAOn(EK, r, Owner, Repo)
			})
			// After the loop: b.Loop's timer reset drops earlier metrics.
			b.ReportMetric(heap, "heap-B")
		})
	}
}

var routeRun int

func liveHeap() uint64 {
	runtime.GC()
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc
}
