package catalog

import (
	"slices"
	"strings"

	"github.com/endpointkit/endpoint/internal/ascii"
)

// distance returns the edit distance between a and b (bytes, ASCII case
// folded), counting an insertion, a deletion, a substitution or a swap of
// two neighbours as one edit ("optimal string alignment"), or bound+1 as
// soon as it must exceed bound.
func distance(a, b string, bound int) int {
	if d := len(a) - len(b); d > bound || -d > bound {
		return bound + 1
	}
	inf := bound + 1
	var buf [3][64]int
	var prev2, prev, cur []int
	if len(b)+1 <= len(buf[0]) {
		prev2, prev, cur = buf[0][:len(b)+1], buf[1][:len(b)+1], buf[2][:len(b)+1]
	} else {
		prev2, prev, cur = make([]int, len(b)+1), make([]int, len(b)+1), make([]int, len(b)+1)
	}
	for j := range prev {
		prev2[j], prev[j], cur[j] = inf, min(j, inf), inf
	}
	prevBest := 0
	for i := 1; i <= len(a); i++ {
		// Only cells within bound of the diagonal can end within bound:
		// filling that band alone keeps two long, alike strings (a
		// description's enum value and a caller's) linear, not quadratic.
		lo, hi := max(1, i-bound), min(len(b), i+bound)
		cur[0] = min(i, inf)
		if lo > 1 {
			cur[lo-1] = inf
		}
		if hi < len(b) {
			cur[hi+1] = inf
		}
		best := fillBand(a, b, i, lo, hi, prev2, prev, cur)
		// A swap reaches back two rows, so stop only when both are past bound.
		if best > bound && prevBest > bound {
			return inf
		}
		prevBest = best
		prev2, prev, cur = prev, cur, prev2
	}
	return min(prev[len(b)], inf)
}

// fillBand fills row i of distance's table, cur, from column lo to hi,
// given the two rows before it, and returns the row's least value.
func fillBand(a, b string, i, lo, hi int, prev2, prev, cur []int) int {
	best := cur[0]
	for j := lo; j <= hi; j++ {
		cost := 1
		if ascii.ToLower(a[i-1]) == ascii.ToLower(b[j-1]) {
			cost = 0
		}
		cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		if i > 1 && j > 1 && ascii.ToLower(a[i-1]) == ascii.ToLower(b[j-2]) && ascii.ToLower(a[i-2]) == ascii.ToLower(b[j-1]) {
			cur[j] = min(cur[j], prev2[j-2]+1)
		}
		best = min(best, cur[j])
	}
	return best
}

// closeEnough is the largest distance at which a word of length n still
// suggests another: one edit for short words, up to a third of the word.
func closeEnough(n int) int {
	return max(1, min(n/3, 4))
}

// nearest returns up to three candidates closest to word, best first,
// alphabetically among equals; a candidate that starts with word or that
// word starts with counts as close.
func nearest(word string, candidates []string) []string {
	limit := closeEnough(len(word))
	type scored struct {
		s string
		d int
	}
	var found []scored
	for _, c := range candidates {
		d := distance(word, c, limit)
		if d > limit && len(word) >= 3 && (strings.HasPrefix(c, word) || strings.HasPrefix(word, c) && len(c) >= 3) {
			d = limit
		}
		if d <= limit && c != word {
			found = append(found, scored{c, d})
		}
	}
	slices.SortStableFunc(found, func(x, y scored) int {
		if x.d != y.d {
			return x.d - y.d
		}
		return strings.Compare(x.s, y.s)
	})
	var out []string
	for _, f := range found {
		if len(out) == 3 || len(out) > 0 && f.d > found[0].d {
			break
		}
		if !slices.Contains(out, f.s) {
			out = append(out, f.s)
		}
	}
	return out
}
