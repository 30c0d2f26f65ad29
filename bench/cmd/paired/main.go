// Command paired measures the budgets' ratios a second way: each pair
// of functions runs in alternating blocks of calls in one process, and
// the ratio of each block pair is taken, so that a slow patch of a noisy
// machine lands on both sides of a ratio. It prints, for each pair, the
// median of the block ratios and the quartiles.
//
//	go run ./cmd/paired               # 30 block pairs of 20,000 calls each
//	go run ./cmd/paired -rounds 60 -only upload
//
// Blocks are long enough to hold several garbage collections, whose cost
// is part of each call's.
package main

import (
	"context"
	"flag"
	"fmt"
	"net/http"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/endpointkit/endpoint/bench"
)

type call func() error

func req(f func() (*http.Request, error)) call {
	return func() error { _, err := f(); return err }
}

func main() {
	rounds := flag.Int("rounds", 30, "block pairs per pair")
	block := flag.Int("block", 20000, "calls per block")
	only := flag.String("only", "", "run only the pairs whose name contains this")
	flag.Parse()

	ctx := context.Background()
	owner, repo := bench.Owner, bench.Repo
	payload := bench.Payload(1 << 20)
	n4, v4 := bench.QueryParams(4)
	n64, v64 := bench.QueryParams(64)
	// GitHub's catalogue is decoded only for the pairs that use them,
	// which run last: kept live, it makes every collection longer.
	var hot bench.Call
	var all []bench.Call
	next := 0
	rotate := func() *bench.Call { c := &all[next%len(all)]; next++; return c }
	loadCatalog := func() {
		if all != nil {
			return
		}
		var ok bool
		if hot, ok = bench.HotCall(); !ok {
			fmt.Fprintln(os.Stderr, "paired: the hot route is not in the catalogue")
			os.Exit(1)
		}
		all = bench.GitHubCalls()
	}

	pairs := []struct {
		name string
		a, b call
		div  int // b is run div times per call of a: the ratio is a/(b*div)
		cat  bool
	}{
		{"A one-step / floor", req(func() (*http.Request, error) { return bench.EKOneStepA(ctx, owner, repo) }), req(func() (*http.Request, error) { return bench.FloorA(ctx, owner, repo) }), 1, false},
		{"A two-step / floor", req(func() (*http.Request, error) { return bench.EKHTTPA(ctx, owner, repo) }), req(func() (*http.Request, error) { return bench.FloorA(ctx, owner, repo) }), 1, false},
		{"B one-step / floor", req(func() (*http.Request, error) { return bench.EKOneStepB(ctx, owner, repo) }), req(func() (*http.Request, error) { return bench.FloorB(ctx, owner, repo) }), 1, false},
		{"B two-step / floor", req(func() (*http.Request, error) { return bench.EKHTTPB(ctx, owner, repo) }), req(func() (*http.Request, error) { return bench.FloorB(ctx, owner, repo) }), 1, false},
		{"upload one-step / floor", req(func() (*http.Request, error) { return bench.EKUploadOneStep(ctx, bench.AssetName, payload) }), req(func() (*http.Request, error) { return bench.FloorUpload(ctx, bench.AssetName, payload) }), 1, false},
		{"upload two-step / floor", req(func() (*http.Request, error) { return bench.EKUploadHTTP(ctx, bench.AssetName, payload) }), req(func() (*http.Request, error) { return bench.FloorUpload(ctx, bench.AssetName, payload) }), 1, false},
		{"64 params / 4 params, Build (÷16)", func() error { _, err := bench.EKBuildParams(n64, v64); return err }, func() error { _, err := bench.EKBuildParams(n4, v4); return err }, 16, false},
		{"catalog one-step / one-step", req(func() (*http.Request, error) { return bench.EKOneStepAOn(ctx, bench.EKC(), bench.RouteA, owner, repo) }), req(func() (*http.Request, error) { return bench.EKOneStepA(ctx, owner, repo) }), 1, true},
		{"catalog Build / Build", func() error { _, err := bench.EKBuildAOn(bench.EKC(), bench.RouteA, owner, repo); return err }, func() error { _, err := bench.EKBuildA(owner, repo); return err }, 1, true},
		{"rotation / hot, one-step", req(func() (*http.Request, error) { return bench.EKOneStepCall(ctx, bench.EK, rotate()) }), req(func() (*http.Request, error) { return bench.EKOneStepCall(ctx, bench.EK, &hot) }), 1, true},
		{"rotation / hot, Build", func() error { _, err := bench.EKBuildCall(bench.EK, rotate()); return err }, func() error { _, err := bench.EKBuildCall(bench.EK, &hot); return err }, 1, true},
	}
	fmt.Printf("%-36s %8s %8s %8s\n", "pair", "median", "p25", "p75")
	for _, p := range pairs {
		if *only != "" && !strings.Contains(p.name, *only) {
			continue
		}
		if p.cat {
			loadCatalog()
		}
		ratios := make([]float64, 0, *rounds)
		for range *rounds {
			a, err := timeBlock(p.a, *block/p.div)
			if err == nil {
				var b time.Duration
				b, err = timeBlock(p.b, *block)
				ratios = append(ratios, float64(a)/float64(b))
			}
			if err != nil {
				fmt.Fprintf(os.Stderr, "paired: %s: %v\n", p.name, err)
				os.Exit(1)
			}
		}
		slices.Sort(ratios)
		n := len(ratios)
		fmt.Printf("%-36s %8.3f %8.3f %8.3f\n", p.name, ratios[n/2], ratios[n/4], ratios[3*n/4])
	}
}

// timeBlock runs f n times.
func timeBlock(f call, n int) (time.Duration, error) {
	start := time.Now()
	for range n {
		if err := f(); err != nil {
			return 0, err
		}
	}
	return time.Since(start), nil
}
