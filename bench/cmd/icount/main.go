// Command icount measures the budgets' ratios a third way, in CPU
// instructions, which a noisy machine does not change: each benchmark of
// a pair runs under valgrind's callgrind for N and for 2N iterations, and
// the difference over N is its instructions per call, setup cancelled
// out. It prints, for each pair, the ratio with the garbage collector on
// (GOGC=100, its work included) and off (the request's own work only).
//
//	go run ./cmd/icount                 # every pair (~6 min)
//	go run ./cmd/icount -only "B " -n 80000
//
// With the collector on, a count moves by the collections that happen to
// fall in one run and not the other (a few per cent at the default N,
// less at a larger one); with it off, counts repeat to a few
// instructions.
//
// Instructions are not time: cache misses, branch mispredictions and
// memory bandwidth are not counted, so a row that misses the cache (the
// rotation of GitHub's routes) or moves memory (uploads) reads better
// here than on a clock. The program is single-threaded under callgrind
// (GOMAXPROCS=1), and asynchronous preemption is off, whose signals
// callgrind 3.19 does not survive.
//
// Go's runtime reads the time-stamp counter with RDTSCP, which callgrind
// 3.19 does not decode; icount runs a copy of the test binary whose one
// RDTSCP (in runtime.cputicks) is rewritten as RDTSC and a NOP, the same
// counter without the processor number that the runtime ignores.
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
)

type pair struct {
	name string
	a, b string // benchmark names, "A/floor"
	div  int    // the ratio is a/(b*div)
}

var pairs = []pair{
	{"A one-step / floor", "A/endpointkit-onestep", "A/floor", 1},
	{"A two-step / floor", "A/endpointkit-http", "A/floor", 1},
	{"B one-step / floor", "B/endpointkit-onestep", "B/floor", 1},
	{"B two-step / floor", "B/endpointkit-http", "B/floor", 1},
	{"upload 1 MiB one-step / floor", "Data/size=1MiB/endpointkit-onestep", "Data/size=1MiB/floor", 1},
	{"upload 1 MiB two-step / floor", "Data/size=1MiB/endpointkit-http", "Data/size=1MiB/floor", 1},
	{"catalog one-step / one-step", "Validate/catalog-onestep", "Validate/onestep", 1},
	{"catalog Build / Build", "Validate/catalog-build", "Validate/build", 1},
	{"10 layers / 1, Build", "Layers/n=10/endpointkit-build", "Layers/n=1/endpointkit-build", 1},
	{"rotation / hot, one-step", "GitHubRoutes/all/endpointkit-onestep", "GitHubRoutes/hot/endpointkit-onestep", 1},
	{"rotation / hot, Build", "GitHubRoutes/all/endpointkit-build", "GitHubRoutes/hot/endpointkit-build", 1},
	{"64 params / 4 params, Build (÷16)", "Params/n=64/endpointkit-build", "Params/n=4/endpointkit-build", 16},
	{"64 params two-step / floor", "Params/n=64/endpointkit-http", "Params/n=64/floor", 1},
	{"16 params two-step / floor", "Params/n=16/endpointkit-http", "Params/n=16/floor", 1},
}

func main() {
	n := flag.Int("n", 40000, "iterations of the shorter run with the collector on (the longer runs 2n; with it off, n/4)")
	only := flag.String("only", "", "run only the pairs whose name contains this")
	flag.Parse()
	if err := run(*n, *only); err != nil {
		fmt.Fprintln(os.Stderr, "icount:", err)
		os.Exit(1)
	}
}

func run(n int, only string) error {
	if _, err := exec.LookPath("valgrind"); err != nil {
		return errors.New("valgrind is not installed (Debian: apt-get install valgrind)")
	}
	dir, err := os.MkdirTemp("", "icount")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	bin := filepath.Join(dir, "bench.test")
	build := exec.Command("go", "test", "-c", "-o", bin, ".")
	build.Stderr = os.Stderr
	if err := build.Run(); err != nil {
		return fmt.Errorf("building the benchmarks: %w", err)
	}
	if err := patchRDTSCP(bin); err != nil {
		return err
	}

	cache := map[string][2]float64{}
	perOp := func(name string) ([2]float64, error) {
		if c, ok := cache[name]; ok {
			return c, nil
		}
		var c [2]float64
		for i, gogc := range []string{"100", "off"} {
			iters := n
			if gogc == "off" {
				iters = max(n/4, 1000)
			}
			lo, err := count(bin, name, gogc, iters)
			if err != nil {
				return c, err
			}
			hi, err := count(bin, name, gogc, 2*iters)
			if err != nil {
				return c, err
			}
			c[i] = float64(hi-lo) / float64(iters)
		}
		cache[name] = c
		return c, nil
	}

	fmt.Printf("%-36s %10s %10s %10s %10s %8s %8s\n", "pair", "a GC", "b GC", "a no GC", "b no GC", "GC on", "GC off")
	for _, p := range pairs {
		if only != "" && !strings.Contains(p.name, only) {
			continue
		}
		a, err := perOp(p.a)
		if err != nil {
			return err
		}
		b, err := perOp(p.b)
		if err != nil {
			return err
		}
		d := float64(p.div)
		fmt.Printf("%-36s %10.0f %10.0f %10.0f %10.0f %8.3f %8.3f\n", p.name, a[0], b[0], a[1], b[1], a[0]/(b[0]*d), a[1]/(b[1]*d))
	}
	return nil
}

var refs = regexp.MustCompile(`I\s+refs:\s+([0-9,]+)`)

// count runs one benchmark iters times under callgrind and returns the
// instructions the whole process executed.
func count(bin, name, gogc string, iters int) (int64, error) {
	levels := strings.Split("Benchmark"+name, "/")
	for i, l := range levels {
		levels[i] = "^" + regexp.QuoteMeta(l) + "$"
	}
	cmd := exec.Command("valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", bin,
		"-test.run", "^$", "-test.bench", strings.Join(levels, "/"),
		"-test.benchtime", strconv.Itoa(iters)+"x", "-test.cpu", "1")
	cmd.Env = append(os.Environ(), "GOGC="+gogc, "GOMAXPROCS=1", "GODEBUG=asyncpreemptoff=1")
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		return 0, fmt.Errorf("%s: %w\n%s", name, err, lastLines(out.String(), 20))
	}
	if !strings.Contains(out.String(), "Benchmark"+name) {
		return 0, fmt.Errorf("%s: no such benchmark ran", name)
	}
	m := refs.FindStringSubmatch(out.String())
	if m == nil {
		return 0, fmt.Errorf("%s: callgrind printed no count\n%s", name, lastLines(out.String(), 20))
	}
	return strconv.ParseInt(strings.ReplaceAll(m[1], ",", ""), 10, 64)
}

// patchRDTSCP rewrites runtime.cputicks' RDTSCP; SHLQ $32, DX as RDTSC;
// NOP; SHLQ $32, DX. It must find exactly one.
func patchRDTSCP(bin string) error {
	b, err := os.ReadFile(bin)
	if err != nil {
		return err
	}
	seq := []byte{0x0f, 0x01, 0xf9, 0x48, 0xc1, 0xe2, 0x20}
	if k := bytes.Count(b, seq); k != 1 {
		return fmt.Errorf("found %d RDTSCP sequences in the test binary, want 1: this Go's runtime.cputicks changed", k)
	}
	i := bytes.Index(b, seq)
	copy(b[i:], []byte{0x0f, 0x31, 0x90})
	return os.WriteFile(bin, b, 0o755)
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}
