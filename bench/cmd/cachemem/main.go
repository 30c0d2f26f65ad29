// Command cachemem measures the live heap that building requests on n
// distinct routes leaves behind, in a fresh process: that is the memory
// the template cache keeps, and it must stay within the cache's
// documented bound however many routes a program uses.
//
//	go run ./cmd/cachemem 1 100 10000 100000
//
// Each count runs in its own child process so that counts do not share a
// cache. Output lines are tab-separated: routes, live heap before,
// after, the difference, and the difference per route.
//
// "dense:N" parses N distinct templates of MaxExpressions expressions
// each ("/d<i>{a}{a}…", about 780 bytes) with template.Parse, and "long:N"
// N distinct templates of MaxLength bytes with one expression: the two
// worst cases for the cache's entry-count and text-byte bounds.
package main

import (
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"

	"github.com/endpointkit/endpoint/bench"
	"github.com/endpointkit/endpoint/template"
)

func main() {
	if len(os.Args) == 3 && os.Args[1] == "-child" {
		kind, count, ok := strings.Cut(os.Args[2], ":")
		if !ok {
			kind, count = "routes", os.Args[2]
		}
		n, err := strconv.Atoi(count)
		if err != nil {
			fail(err)
		}
		child(kind, n)
		return
	}
	fmt.Println("routes\theap-before-B\theap-after-B\tdelta-B\tdelta-B/route")
	for _, arg := range os.Args[1:] {
		cmd := exec.Command(os.Args[0], "-child", arg)
		cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
		if err := cmd.Run(); err != nil {
			fail(err)
		}
	}
}

func child(kind string, n int) {
	// Warm the packages' own one-time allocations with a route that is
	// not counted.
	if _, err := bench.EKBuildAOn(bench.EK, bench.RouteA, bench.Owner, bench.Repo); err != nil {
		fail(err)
	}
	before := liveHeap()
	for i := range n {
		// The template text is made here and dropped: whatever the
		// cache keeps of it is counted.
		var err error
		switch kind {
		case "dense":
			_, err = template.Parse("/d" + strconv.Itoa(i) + strings.Repeat("{a}", template.MaxExpressions))
		case "long":
			s := "/l" + strconv.Itoa(i) + "/{a}"
			_, err = template.Parse(s + strings.Repeat("x", template.MaxLength-len(s)))
		default:
			_, err = bench.EKBuildAOn(bench.EK, bench.DistinctRoute("m", i), bench.Owner, bench.Repo)
		}
		if err != nil {
			fail(err)
		}
	}
	after := liveHeap()
	d := int64(after) - int64(before)
	label := strconv.Itoa(n)
	if kind != "routes" {
		label = kind + ":" + label
	}
	fmt.Printf("%s\t%d\t%d\t%d\t%.0f\n", label, before, after, d, float64(d)/float64(max(n, 1)))
}

func liveHeap() uint64 {
	runtime.GC()
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "cachemem:", err)
	os.Exit(1)
}
