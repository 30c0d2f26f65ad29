// Command benchtable turns Go benchmark output (several rounds appended to
// one file, the JavaScript reference included) into the table run.sh
// prints: medians of ns/op, B/op and allocs/op, each row's ratio to the
// baseline measured in the same run, and issue 37's budgets with their
// verdicts (-budgets: those alone, as BENCHMARKS.md shows them).
//
//	go run ./cmd/benchtable [-budgets] raw.txt
//
// A row GROUP/IMPL is compared with GROUP/floor; Layers and Routes, which
// build request A, with A/floor; GitHubRoutes/all/IMPL with
// GitHubRoutes/hot/IMPL; Validate rows with Validate/build (or
// Validate/onestep); the catalogue loading rows with nothing. When a row and its
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
	args := os.Args[1:]
	budgetsOnly := len(args) == 2 && args[0] == "-budgets"
	if budgetsOnly {
		args = args[1:]
	}
	if len(args) != 1 {
		fmt.Fprintln(os.Stderr, "usage: benchtable [-budgets] raw.txt")
		os.Exit(2)
	}
	f, err := os.Open(args[0])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	rows, order := parse(f)
	f.Close()
	t := table{rows: rows, order: order}
	if budgetsOnly {
		t.targets(os.Stdout)
		return
	}
	t.print(os.Stdout)
	fmt.Println()
	t.targets(os.Stdout)
	t.more(os.Stdout)
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

// baseline is the row name's ratio columns compare it with; "" for none.
func (t table) baseline(name string) string {
	g := group(name)
	impl := strings.TrimPrefix(name, g+"/")
	var ref string
	switch {
	case impl == "floor", g == "GitHubRoutes/hot", strings.HasPrefix(g, "Catalog"), name == "Validate/build":
		return ""
	case g == "GitHubRoutes/all", g == "GitHubRoutes/warm":
		ref = "GitHubRoutes/hot/" + impl
	case name == "Validate/catalog-onestep":
		ref = "Validate/onestep"
	case g == "Validate":
		ref = "Validate/build"
	case t.rows[g+"/floor"] != nil:
		ref = g + "/floor"
	case strings.HasPrefix(g, "Layers/"), strings.HasPrefix(g, "Routes/"):
		ref = "A/floor"
	}
	if t.rows[ref] == nil {
		return ""
	}
	return ref
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
	fmt.Fprintln(w, "| benchmark | ns/op | min ns/op | spread | B/op | allocs/op | × floor or baseline (rounds min–max) | × fastest | other |")
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
		ratio, fast := "–", "–"
		if strings.HasSuffix(name, "/floor") {
			ratio, fast = "1.00", "1.00"
		}
		if ref := t.baseline(name); ref != "" {
			m, lo, hi := t.ratio(name, ref)
			ratio = fmt.Sprintf("%.2f (%.2f–%.2f)", m, lo, hi)
			fast = fmt.Sprintf("%.2f", t.minRatio(name, ref))
			if ref != group(name)+"/floor" {
				ratio += " vs " + ref
				fast += " vs " + ref
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
	fmt.Fprintf(w, "\n%d rounds (samples per row). ns/op, B/op and allocs/op are medians; \"× floor or baseline\" is the median of the per-round ratios to the floor of the same group, or to the baseline named (min–max over rounds); \"× fastest\" divides the rows' fastest rounds.\n",
		len(t.rows[t.order[0]].metrics["ns/op"]))
}

func verdict(ok bool) string {
	if ok {
		return "MET"
	}
	return "NOT MET"
}

// target is one budget of issue 37: row measured against base in the
// same rounds. A zero maxRatio or a negative maxAllocs sets no bound.
type target struct {
	path, row, base string
	maxRatio        float64
	maxAllocs       float64
}

// budgets are issue 37's paths and their budgets, the floor written by
// hand (or the build without a catalogue) as the baseline.
var budgets = []target{
	{path: "one-step GET (2 path + 2 query params, 3 headers)", row: "A/endpointkit-onestep", base: "A/floor", maxRatio: 1.3, maxAllocs: -1},
	{path: "one-step POST (3-key JSON body)", row: "B/endpointkit-onestep", base: "B/floor", maxRatio: 1.0, maxAllocs: -1},
	{path: "two-step GET (`Build` + `HTTPRequest`)", row: "A/endpointkit-http", base: "A/floor", maxRatio: 1.6, maxAllocs: -1},
	{path: "two-step POST", row: "B/endpointkit-http", base: "B/floor", maxRatio: 1.4, maxAllocs: -1},
	{path: "upload one-step: absolute `upload_url{?name,label}`, content-type, 1 MiB", row: "Data/size=1MiB/endpointkit-onestep", base: "Data/size=1MiB/floor", maxRatio: 1.3, maxAllocs: -1},
	{path: "`WithCatalog` Build vs without", row: "Validate/catalog-build", base: "Validate/build", maxRatio: 1.25, maxAllocs: -1},
	{path: "64 query parameters, two-step", row: "Params/n=64/endpointkit-http", base: "Params/n=64/floor", maxRatio: 2.5, maxAllocs: -1},
}

// peers are the Go libraries that build the same requests; each should
// stay at least twice as slow as the one step to an *http.Request.
var peers = []string{"requests", "sling", "go-github", "resty"}

func (t table) targets(w io.Writer) {
	fmt.Fprintln(w, "| path | row | × baseline (rounds min–max) | allocs/op | B/op | budget | |")
	fmt.Fprintln(w, "|---|---|---:|---:|---:|---|---|")
	for _, g := range budgets {
		if t.rows[g.row] == nil || t.rows[g.base] == nil {
			continue
		}
		r, lo, hi := t.ratio(g.row, g.base)
		a := t.med(g.row, "allocs/op")
		ok := r <= g.maxRatio
		want := fmt.Sprintf("≤ %.3g×", g.maxRatio)
		if g.maxAllocs >= 0 {
			ok = ok && a <= g.maxAllocs
			want += fmt.Sprintf(", ≤ %s allocs", num(g.maxAllocs))
		}
		fmt.Fprintf(w, "| %s | `%s` / `%s` | %.2f (%.2f–%.2f) | %s | %s | %s | %s |\n", g.path, g.row, g.base, r, lo, hi,
			num(a), num(t.med(g.row, "B/op")), want, verdict(ok))
	}
	// The body is never copied: a call costs the same whatever its size.
	for _, impl := range []string{"endpointkit-onestep", "endpointkit-http"} {
		small, large := "Data/size=1MiB/"+impl, "Data/size=100MiB/"+impl
		if t.rows[small] == nil || t.rows[large] == nil {
			continue
		}
		as, al := t.med(small, "allocs/op"), t.med(large, "allocs/op")
		bs, bl := t.med(small, "B/op"), t.med(large, "B/op")
		fmt.Fprintf(w, "| upload of 100 MiB vs 1 MiB, %s | `%s` / `%s` | – | %s vs %s | %s vs %s | the same | %s |\n",
			impl, large, small, num(al), num(as), num(bl), num(bs), verdict(al == as && bl <= bs+1024))
	}
	for _, g := range []string{"A", "B"} {
		us := g + "/endpointkit-onestep"
		for _, p := range peers {
			row := g + "/" + p
			if t.rows[row] == nil || t.rows[us] == nil {
				continue
			}
			r, lo, hi := t.ratio(row, us)
			fmt.Fprintf(w, "| %s by %s vs endpointkit one-step | `%s` / `%s` | %.2f (%.2f–%.2f) | %s | %s | ≥ 2× | %s |\n",
				g, p, row, us, r, lo, hi, num(t.med(row, "allocs/op")), num(t.med(row, "B/op")), verdict(r >= 2))
		}
		js := g + "/octokit-endpoint-v6-node"
		if t.rows[js] != nil && t.rows[g+"/endpointkit-build"] != nil {
			r, lo, hi := t.ratio(js, g+"/endpointkit-build")
			fmt.Fprintf(w, "| %s by @octokit/endpoint v6 in Node vs endpointkit `Build` | `%s` / `%s` | %.2f (%.2f–%.2f) | – | – | – | |\n",
				g, js, g+"/endpointkit-build", r, lo, hi)
		}
	}
}

func (t table) more(w io.Writer) {
	fmt.Fprintln(w, "\nAlso:")
	for _, name := range []string{"CatalogLoad/api.github.com", "CatalogFirstUse/api.github.com"} {
		if t.rows[name] == nil {
			continue
		}
		ns, bytes := t.med(name, "ns/op"), t.med(name, "B/op")
		what := "decode, fresh each iteration"
		if strings.HasPrefix(name, "CatalogFirstUse") {
			what = "github.Catalog() first use, fresh process"
		}
		fmt.Fprintf(w, "- load the GitHub catalogue (%s): %.1f ms, %s allocs, %.1f MB\n",
			what, ns/1e6, num(t.med(name, "allocs/op")), bytes/1e6)
	}

	if t.rows["A/endpointkit-build"] != nil {
		r, _, _ := t.ratio("A/endpointkit-build", "A/floor")
		f := t.minRatio("A/endpointkit-build", "A/floor")
		a := t.med("A/endpointkit-build", "allocs/op")
		fmt.Fprintf(w, "- A Build() alone: %s allocs, %.2f× floor (fastest rounds: %.2f×)\n",
			num(a), r, f)
	}
	for _, g := range []string{"A", "B"} {
		js := g + "/octokit-endpoint-v6-node"
		if t.rows[js] == nil {
			continue
		}
		b, _, _ := t.ratio(js, g+"/endpointkit-build")
		h, _, _ := t.ratio(js, g+"/endpointkit-http")
		o, _, _ := t.ratio(js, g+"/endpointkit-onestep")
		fmt.Fprintf(w, "- %s vs @octokit/endpoint v6 in Node: Build() %.1f× faster (fastest rounds: %.1f×), two-step %.1f×, one-step %.1f×\n",
			g, b, t.minRatio(js, g+"/endpointkit-build"), h, o)
	}
	for _, impl := range []string{"endpointkit-build", "endpointkit-onestep"} {
		all, warm, hot := "GitHubRoutes/all/"+impl, "GitHubRoutes/warm/"+impl, "GitHubRoutes/hot/"+impl
		if t.rows[all] == nil || t.rows[warm] == nil || t.rows[hot] == nil {
			continue
		}
		r, lo, hi := t.ratio(all, warm)
		m, _, _ := t.ratio(warm, hot)
		fmt.Fprintf(w, "- GitHub's routes, %s: rotation vs the same routes each built %s times in a row %.2f× (rounds %.2f–%.2f), that mix vs the one hot route %.2f×\n",
			impl, "32", r, lo, hi, m)
	}
	for _, impl := range []string{"endpointkit-build", "endpointkit-http", "endpointkit-onestep", "floor"} {
		t.linearity(w, impl)
	}
	if t.rows["Routes/n=10000/endpointkit-build"] != nil {
		r, _, _ := t.ratio("Routes/n=10000/endpointkit-build", "Routes/n=1/endpointkit-build")
		fmt.Fprintf(w, "- 10,000 distinct routes vs 1 (more than template.CacheSize): %.2f× ns/op, %s vs %s B/op; cache memory: see the cachemem table\n",
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
