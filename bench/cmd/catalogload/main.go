// Command catalogload measures the first use of GitHub's embedded
// catalogue, github.Catalog(), in a fresh process each time: the wall time
// of the call (reading the embedded data, gunzip, decode), the bytes and
// objects it allocated, and the live heap it leaves behind.
//
//	go run ./cmd/catalogload 3
//
// It prints one Go benchmark line per child process, so that run.sh adds
// them to the rounds' output and benchtable tabulates them:
//
//	BenchmarkCatalogFirstUse/api.github.com-2  1  4100000 ns/op  2600000 B/op  16700 allocs/op  1600000 live-B
package main

import (
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"time"

	"github.com/endpointkit/endpoint/catalog/github"
)

func main() {
	if len(os.Args) == 2 && os.Args[1] == "-child" {
		child()
		return
	}
	n := 1
	if len(os.Args) == 2 {
		var err error
		if n, err = strconv.Atoi(os.Args[1]); err != nil || n < 1 {
			fail(fmt.Errorf("usage: catalogload [processes]"))
		}
	}
	for range n {
		cmd := exec.Command(os.Args[0], "-child")
		cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
		if err := cmd.Run(); err != nil {
			fail(err)
		}
	}
}

func child() {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	start := time.Now()
	c := github.Catalog()
	elapsed := time.Since(start)
	runtime.ReadMemStats(&after)
	allocated, objects := after.TotalAlloc-before.TotalAlloc, after.Mallocs-before.Mallocs
	runtime.GC()
	runtime.ReadMemStats(&after)
	live := int64(after.HeapAlloc) - int64(before.HeapAlloc)
	if c.Len() == 0 {
		fail(fmt.Errorf("empty catalogue"))
	}
	fmt.Printf("BenchmarkCatalogFirstUse/api.github.com-%d\t1\t%d ns/op\t%d B/op\t%d allocs/op\t%d live-B\n",
		runtime.GOMAXPROCS(0), elapsed.Nanoseconds(), allocated, objects, live)
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "catalogload:", err)
	os.Exit(1)
}
