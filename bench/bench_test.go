package bench

import (
	"context"
	"net/http"
	"runtime"
	"strconv"
	"testing"

	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/catalog"
)

// Benchmark names are GROUP/IMPLEMENTATION; run.sh's table takes each
// row's ratio to GROUP/floor from the same run (Layers and Routes build
// request A and use A/floor). They run in this file's order, and those
// that decode GitHub's catalogue (Validate onwards) come last: once
// decoded it stays live, and a larger live heap makes each collection,
// and so each allocated byte, dearer for every row after it.

var (
	bctx    = context.Background()
	sinkReq *http.Request
	sinkRO  builder.RequestOptions

	sinkCatalog *catalog.Catalog
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
	b.Run("endpointkit-onestep", func(b *testing.B) {
		loopHTTP(b, func() (*http.Request, error) { return EKOneStepA(bctx, Owner, Repo) })
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
	b.Run("endpointkit-onestep", func(b *testing.B) {
		loopHTTP(b, func() (*http.Request, error) { return EKOneStepB(bctx, Owner, Repo) })
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
			b.Run("endpointkit-onestep", func(b *testing.B) {
				loopHTTP(b, func() (*http.Request, error) { return EKOneStepParams(bctx, names, values) })
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
		b.Run("n="+strconv.Itoa(n)+"/endpointkit-onestep", func(b *testing.B) {
			loopHTTP(b, func() (*http.Request, error) { return EKOneStepAOn(bctx, e, RouteA, Owner, Repo) })
		})
	}
}

// BenchmarkData: an upload of DataSizes bytes from a []byte. The payload
// is made before the timed loop and dropped after each size, so that a
// 100 MiB live heap does not slow or speed the other benchmarks' GC.
func BenchmarkData(b *testing.B) {
	for _, size := range DataSizes {
		data := Payload(size)
		b.Run("size="+SizeName(size)+"/floor", func(b *testing.B) {
			loopHTTP(b, func() (*http.Request, error) { return FloorUpload(bctx, AssetName, data) })
		})
		b.Run("size="+SizeName(size)+"/endpointkit-http", func(b *testing.B) {
			loopHTTP(b, func() (*http.Request, error) { return EKUploadHTTP(bctx, AssetName, data) })
		})
		b.Run("size="+SizeName(size)+"/endpointkit-onestep", func(b *testing.B) {
			loopHTTP(b, func() (*http.Request, error) { return EKUploadOneStep(bctx, AssetName, data) })
		})
		data = nil
		sinkReq = nil
		runtime.GC()
	}
}

// BenchmarkValidate: what checking request A against GitHub's catalogue
// costs next to building it. lookup-check is the check alone, by hand
// (Lookup and CheckParam of the four parameters); catalog-build and
// catalog-onestep build on an Endpoint made with WithCatalog, which checks
// and routes every call.
func BenchmarkValidate(b *testing.B) {
	// Decoded before any row, so that the rows without the catalogue,
	// the ratios' baselines, run with it live as the others do.
	EKC()
	b.Run("build", func(b *testing.B) {
		loopRO(b, func() (builder.RequestOptions, error) { return EKBuildA(Owner, Repo) })
	})
	b.Run("lookup-check", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if err := CheckA(Owner, Repo); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("catalog-build", func(b *testing.B) {
		loopRO(b, func() (builder.RequestOptions, error) { return EKBuildAOn(EKC(), RouteA, Owner, Repo) })
	})
	b.Run("onestep", func(b *testing.B) {
		loopHTTP(b, func() (*http.Request, error) { return EKOneStepA(bctx, Owner, Repo) })
	})
	b.Run("catalog-onestep", func(b *testing.B) {
		loopHTTP(b, func() (*http.Request, error) { return EKOneStepAOn(bctx, EKC(), RouteA, Owner, Repo) })
	})
}

// BenchmarkGitHubRoutes: a call of every operation of GitHub's API in
// rotation (all), required parameters synthesised, against the one hot
// route of request A with its required parameters (hot). The routes
// differ in length, parameters and method, so warm builds the same
// routes in the same order but each WarmRepeat times in a row: all/warm
// is the cost of rotation itself, all/hot adds the cost of the mix. The
// first pass over the routes is outside the timed loop; the "routes"
// metric is how many there are.
func BenchmarkGitHubRoutes(b *testing.B) {
	hot, ok := HotCall()
	if !ok {
		b.Fatal(HotRoute + " is not in the catalogue")
	}
	all := GitHubCalls()
	for _, c := range all {
		if _, err := EKBuildCall(EK, &c); err != nil {
			b.Fatal(c.Route, err)
		}
	}
	for _, set := range []struct {
		name   string
		calls  []Call
		repeat int
	}{{"hot", []Call{hot}, 1}, {"warm", all, WarmRepeat}, {"all", all, 1}} {
		calls, repeat := set.calls, set.repeat
		// next returns the call of this iteration: call i, repeat times.
		next := func(i, k *int) *Call {
			c := &calls[*i]
			if *k++; *k == repeat {
				*k = 0
				if *i++; *i == len(calls) {
					*i = 0
				}
			}
			return c
		}
		b.Run(set.name+"/endpointkit-build", func(b *testing.B) {
			i, k := 0, 0
			loopRO(b, func() (builder.RequestOptions, error) { return EKBuildCall(EK, next(&i, &k)) })
			b.ReportMetric(float64(len(calls)), "routes")
		})
		b.Run(set.name+"/endpointkit-onestep", func(b *testing.B) {
			i, k := 0, 0
			loopHTTP(b, func() (*http.Request, error) { return EKOneStepCall(bctx, EK, next(&i, &k)) })
			b.ReportMetric(float64(len(calls)), "routes")
		})
	}
}

// WarmRepeat is how many times in a row GitHubRoutes/warm builds each
// route.
const WarmRepeat = 32

// BenchmarkCatalogLoad: decoding GitHub's embedded catalogue from its
// gzipped data, fresh each iteration, as catalog/github does on first
// use (the package's own loader is unexported, so this reads the same
// file from the repository). retained-B is the live heap one decoded
// catalogue keeps.
func BenchmarkCatalogLoad(b *testing.B) {
	gz, err := ReadCatalogFile()
	if err != nil {
		b.Fatal(err)
	}
	before := liveHeap()
	kept, err := DecodeCatalog(gz)
	if err != nil {
		b.Fatal(err)
	}
	retained := float64(liveHeap()) - float64(before)
	runtime.KeepAlive(kept)
	b.Run("api.github.com", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			c, err := DecodeCatalog(gz)
			if err != nil {
				b.Fatal(err)
			}
			sinkCatalog = c
		}
		b.ReportMetric(retained, "retained-B")
	})
	sinkCatalog = nil
}

func liveHeap() uint64 {
	runtime.GC()
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc
}

// BenchmarkRoutes: request A's Build cycling through n
// distinct routes, each a template-cache entry (cycling is the worst case
// for an LRU that is smaller than n). heap-B is the live heap the first
// pass over the routes added, after a GC; the routes use a fresh prefix
// per run so that they are new to the cache.
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
