package builder

import "strings"

// splitRoute splits "METHOD url" as @octokit/endpoint does: on single
// spaces, first two pieces; when the second piece is empty the first piece
// is the URL and the method is left to defaults. Extra pieces are ignored.
func splitRoute(route string) (method, url string) {
	first, rest, ok := strings.Cut(route, " ")
	if !ok {
		return "", first
	}
	second, _, _ := strings.Cut(rest, " ")
	if second == "" {
		return "", first
	}
	return first, second
}
