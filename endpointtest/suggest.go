package endpointtest

import "strings"

// distance is the Levenshtein distance between a and b, byte-wise and
// ignoring ASCII case.
func distance(a, b string) int {
	a, b = strings.ToLower(a), strings.ToLower(b)
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// closeEnough is the largest distance at which a word of n bytes counts
// as a typo of another: a third of it, at least 1, at most 4.
func closeEnough(n int) int {
	return max(1, min(4, n/3))
}

// nearest returns the candidates closest to word, when close enough.
func nearest(word string, candidates []string) []string {
	best := closeEnough(len(word)) + 1
	var out []string
	for _, c := range candidates {
		d := distance(word, c)
		switch {
		case d < best:
			best, out = d, []string{c}
		case d == best && len(out) < 3:
			out = append(out, c)
		}
	}
	return out
}

// didYouMean writes "; did you mean A, B or C?" or "".
func didYouMean(s []string) string {
	if len(s) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString("; did you mean ")
	for i, x := range s {
		switch {
		case i == 0:
		case i == len(s)-1:
			b.WriteString(" or ")
		default:
			b.WriteString(", ")
		}
		b.WriteString(x)
	}
	b.WriteString("?")
	return b.String()
}
