package catalog

import (
	"slices"
	"strings"

	"github.com/endpointkit/endpoint/internal/ascii"
)

// distance returns the edit distance between a and b (bytes, ASCII case
// folded), counting an insertion, a deletion, a substitution or a swap of
// two neighbours as one edit ("optimal string alignment"), or max+1 as
// soon as it must exceed max.
func distance(a, b string, max int) int {
	if d := len(a) - len(b); d > max || -d > max {
		return max + 1
	}
	var buf [3][64]int
	var prev2, prev, cur []int
	if len(b)+1 <= len(buf[0]) {
		prev2, prev, cur = buf[0][:len(b)+1], buf[1][:len(b)+1], buf[2][:len(b)+1]
	} else {
		prev2, prev, cur = make([]int, len(b)+1), make([]int, len(b)+1), make([]int, len(b)+1)
	}
	for j := range prev {
		prev[j] = j
	}
	prevBest := 0
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		best := cur[0]
		for j := 1; j <= len(b); j++ {
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
		// A swap reaches back two rows, so stop only when both are past max.
		if best > max && prevBest > max {
			return max + 1
		}
		prevBest = best
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
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
