// Command benchtable turns Go benchmark output (several rounds appended to
// one file, the JavaScript reference included) into the table run.sh
// prints: medians of ns/op, B/op and allocs/op, each row's ratio to the
// floor of its group measured in the same run, and the issue #6 targets.
//
//	go run ./cmd/benchtable raw.txt
//
// A row GROUP/IMPL is compared with GROUP/floor; groups without a floor
// (Layers, Routes: they build request A) use A/floor. When a row and its
// floor have the same number of samples, sample i of each comes from round
// i, and the ratio is the median of the per-round ratios, which cancels
// most of the drift of a noisy machine; otherwise it is the ratio of the
// medians.
package main

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

type row struct {
	name    string
	metrics map[string][]float64 // unit -> samples in file order
	units   []string             // in order of first appearance
}

var line = regexp.MustCompile(`^Benchmark(\S+?)(?:-\d+)?\s+\d+\s+(.+)$`)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: benchtable raw.txt")
		os.Exit(2)
	}
	f, err := os.Open(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	rows, order := parse(f)
	f.Close()
	t := table{rows: rows, order: order}
	t.print(os.Stdout)
	t.targets(os.Stdout)
}

func parse(r io.Reader) (map[string]*row, []string) {
	rows := map[string]*row{}
	var order []string
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		m := line.FindStringSubmatch(strings.TrimSpace(sc.Text()))
		if m == nil {
			continue
		}
		rw := rows[m[1]]
		if rw == nil {
			rw = &row{name: m[1], metrics: map[string][]float64{}}
			rows[m[1]] = rw
			order = append(order, m[1])
		}
		f := strings.Fields(m[2])
		for i := 0; i+1 < len(f); i += 2 {
			v, err := strconv.ParseFloat(f[i], 64)
			if err != nil {
				continue
			}
			unit := f[i+1]
			if _, ok := rw.metrics[unit]; !ok {
				rw.units = append(rw.units, unit)
			}
			rw.metrics[unit] = append(rw.metrics[unit], v)
		}
	}
	return rows, order
}

type table struct {
	rows  map[string]*row
	order []string
}

func median(xs []float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

func minimum(xs []float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	m := xs[0]
	for _, x := range xs[1:] {
		m = math.Min(m, x)
	}
	return m
}

// fastest is name's lowest ns/op over the rounds: on a shared machine,
// noise only ever adds time, so the minimum is the steadiest estimate.
func (t table) fastest(name string) float64 {
	r := t.rows[name]
	if r == nil {
		return math.NaN()
	}
	return minimum(r.metrics["ns/op"])
}

// minRatio is the ratio of the two rows' fastest rounds.
func (t table) minRatio(name, ref string) float64 {
	return t.fastest(name) / t.fastest(ref)
}

func (t table) med(name, unit string) float64 {
	r := t.rows[name]
	if r == nil {
		return math.NaN()
	}
	return median(r.metrics[unit])
}

// ratio is name's ns/op over ref's, with its min and max over rounds.
func (t table) ratio(name, ref string) (med, lo, hi float64) {
	a, b := t.rows[name], t.rows[ref]
	if a == nil || b == nil {
		return math.NaN(), math.NaN(), math.NaN()
	}
	x, y := a.metrics["ns/op"], b.metrics["ns/op"]
	if len(x) == 0 || len(y) == 0 {
		return math.NaN(), math.NaN(), math.NaN()
	}
	if len(x) != len(y) {
		r := median(x) / median(y)
		return r, r, r
	}
	rs := make([]float64, len(x))
	for i := range x {
		rs[i] = x[i] / y[i]
	}
	sort.Float64s(rs)
	return median(rs), rs[0], rs[len(rs)-1]
}

func group(name string) string {
	if i := strings.LastIndexByte(name, '/'); i >= 0 {
		return name[:i]
	}
	return ""
}

func (t table) floorOf(name string) string {
	if f := group(name) + "/floor"; t.rows[f] != nil {
		return f
	}
	return "A/floor"
}

func num(v float64) string {
	switch {
	case math.IsNaN(v):
		return "–"
	case v >= 100 || v == math.Trunc(v):
		return strconv.FormatFloat(v, 'f', 0, 64)
	default:
		return strconv.FormatFloat(v, 'f', 1, 64)
	}
}

func (t table) print(w io.Writer) {
	fmt.Fprintln(w, "| benchmark | ns/op | min ns/op | spread | B/op | allocs/op | × floor (rounds min–max) | × floor, fastest | other |")
	fmt.Fprintln(w, "|---|---:|---:|---:|---:|---:|---:|---:|---|")
	for _, name := range t.order {
		r := t.rows[name]
		ns := r.metrics["ns/op"]
		spread := "–"
		if len(ns) > 1 {
			s := append([]float64(nil), ns...)
			sort.Float64s(s)
			spread = fmt.Sprintf("±%.0f%%", 50*(s[len(s)-1]-s[0])/median(s))
		}
		ratio, fast := "1.00", "1.00"
		if !strings.HasSuffix(name, "/floor") {
			m, lo, hi := t.ratio(name, t.floorOf(name))
			ratio = fmt.Sprintf("%.2f (%.2f–%.2f)", m, lo, hi)
			fast = fmt.Sprintf("%.2f", t.minRatio(name, t.floorOf(name)))
			if t.floorOf(name) != group(name)+"/floor" {
				ratio += " vs A/floor"
				fast += " vs A/floor"
			}
		}
		var other []string
		for _, u := range r.units {
			if u != "ns/op" && u != "B/op" && u != "allocs/op" {
				other = append(other, num(median(r.metrics[u]))+" "+u)
			}
		}
		fmt.Fprintf(w, "| %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", name, num(median(ns)), num(minimum(ns)), spread,
			num(t.med(name, "B/op")), num(t.med(name, "allocs/op")), ratio, fast, strings.Join(other, ", "))
	}
	fmt.Fprintf(w, "\n%d rounds (samples per row). ns/op, B/op and allocs/op are medians; \"× floor\" is the median of the per-round ratios to the floor of the same group (min–max over rounds); \"× floor, fastest\" divides the rows' fastest rounds.\n",
		len(t.rows[t.order[0]].metrics["ns/op"]))
}

func verdict(ok bool) string {
	if ok {
		return "MET"
	}
	return "NOT MET"
}

func (t table) targets(w io.Writer) {
	fmt.Fprintln(w, "\nTargets (issue #6):")
	httpTarget := func(g string, maxRatio, maxAllocs float64) {
		name := g + "/endpointkit-http"
		if t.rows[name] == nil {
			return
		}
		r, _, _ := t.ratio(name, g+"/floor")
		f := t.minRatio(name, g+"/floor")
		a := t.med(name, "allocs/op")
		fmt.Fprintf(w, "- %s Build()+HTTPRequest(): %.2f× floor (fastest rounds: %.2f×; ≤ %.1f), %s allocs (≤ %s): %s\n",
			g, r, f, maxRatio, num(a), num(maxAllocs), verdict(r <= maxRatio && a <= maxAllocs))
	}
	httpTarget("A", 1.5, 12)
	httpTarget("B", 1.3, 16)
	if t.rows["A/endpointkit-build"] != nil {
		r, _, _ := t.ratio("A/endpointkit-build", "A/floor")
		f := t.minRatio("A/endpointkit-build", "A/floor")
		a := t.med("A/endpointkit-build", "allocs/op")
		fmt.Fprintf(w, "- A Build() alone: %s allocs (≤ 6), %.2f× floor (fastest rounds: %.2f×; < 1): %s\n",
			num(a), r, f, verdict(a <= 6 && r < 1))
	}
	for _, g := range []string{"A", "B"} {
		js := g + "/octokit-endpoint-v6-node"
		if t.rows[js] == nil {
			continue
		}
		b, _, _ := t.ratio(js, g+"/endpointkit-build")
		h, _, _ := t.ratio(js, g+"/endpointkit-http")
		fmt.Fprintf(w, "- %s vs @octokit/endpoint v6 in Node: Build() %.1f× faster (fastest rounds: %.1f×), Build()+HTTPRequest() %.1f× faster (≥ 20 on Build(), the like-for-like output): %s\n",
			g, b, t.minRatio(js, g+"/endpointkit-build"), h, verdict(b >= 20))
	}
	if t.rows["Layers/n=10/endpointkit-build"] != nil && t.rows["Layers/n=1/endpointkit-build"] != nil {
		r, lo, hi := t.ratio("Layers/n=10/endpointkit-build", "Layers/n=1/endpointkit-build")
		fmt.Fprintf(w, "- 10 defaults layers vs 1: %.2f× (rounds %.2f–%.2f, fastest rounds %.2f×; ≤ 1.1), allocs %s vs %s: %s\n", r, lo, hi,
			t.minRatio("Layers/n=10/endpointkit-build", "Layers/n=1/endpointkit-build"),
			num(t.med("Layers/n=10/endpointkit-build", "allocs/op")), num(t.med("Layers/n=1/endpointkit-build", "allocs/op")),
			verdict(r <= 1.1))
	}
	for _, impl := range []string{"endpointkit-build", "endpointkit-http", "floor"} {
		t.linearity(w, impl)
	}
	if t.rows["Routes/n=10000/endpointkit-build"] != nil {
		r, _, _ := t.ratio("Routes/n=10000/endpointkit-build", "Routes/n=1/endpointkit-build")
		fmt.Fprintf(w, "- 10,000 routes vs 1: %.2f× ns/op, %s vs %s B/op; cache memory: see the cachemem table\n",
			r, num(t.med("Routes/n=10000/endpointkit-build", "B/op")), num(t.med("Routes/n=1/endpointkit-build", "B/op")))
	}
}

// linearity compares the cost of a parameter from 16 to 64 parameters
// with its cost from 1 to 16 (fastest rounds, so that noise matters
// least), for time and bytes; allocations are listed. Growth is linear
// when the later slope is at most 1.5 times the earlier one. The floor is
// a reference: its per-parameter costs are too small to judge.
func (t table) linearity(w io.Writer, impl string) {
	name := func(n int) string { return fmt.Sprintf("Params/n=%d/%s", n, impl) }
	if t.rows[name(1)] == nil || t.rows[name(16)] == nil || t.rows[name(64)] == nil {
		return
	}
	slopes := func(v func(string) float64) (early, late float64) {
		return (v(name(16)) - v(name(1))) / 15, (v(name(64)) - v(name(16))) / 48
	}
	nsE, nsL := slopes(t.fastest)
	bE, bL := slopes(func(n string) float64 { return t.med(n, "B/op") })
	aE, aL := slopes(func(n string) float64 { return t.med(n, "allocs/op") })
	v := verdict(nsL <= 1.5*nsE && bL <= 1.5*bE)
	if impl == "floor" {
		v = "reference"
	}
	fmt.Fprintf(w, "- params, %s, per extra parameter from 1→16 vs 16→64: %.0f vs %.0f ns (fastest rounds; ×%.2f), %.0f vs %.0f B (×%.2f), %.2f vs %.2f allocs; linear if ×≤1.5: %s\n",
		impl, nsE, nsL, nsL/nsE, bE, bL, bL/bE, aE, aL, v)
}
