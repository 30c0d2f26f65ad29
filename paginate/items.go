package paginate

import (
	"context"
	"encoding/json"
	"fmt"
	"iter"
	"net/http"
	"slices"
	"strings"

	"github.com/endpointkit/endpoint/internal/quote"
)

// List is one page's items after normalisation; see [Decode].
type List struct {
	// Items are the elements of the page's array, as raw JSON.
	Items []json.RawMessage
	// Key names the array of an object page ("items", "repositories",
	// "workflow_runs", ...); "" for an array page.
	Key string
	// TotalCount, IncompleteResults and RepositorySelection are the
	// object page's total_count, incomplete_results and
	// repository_selection; zero for an array page.
	TotalCount          int64
	IncompleteResults   bool
	RepositorySelection string
}

// scalarKeys are the keys of a list-with-count object besides its array.
var scalarKeys = [...]string{"total_count", "incomplete_results", "repository_selection"}

// Decode returns the items of one page body. A JSON array gives its
// elements. A JSON object in the shape of GitHub's search results and
// counted lists gives the elements of its one array: the object must hold
// "total_count" (an integer), may hold "incomplete_results" (a boolean) and
// "repository_selection" (a string), and must hold exactly one other key,
// whose value is an array. @octokit/plugin-paginate-rest normalises the
// same responses, taking whichever other key comes first; Decode refuses
// an object with more than one (such as the combined commit status, which
// has total_count but is no list). Anything else is an [*Error] wrapping
// [ErrNotList], or wrapping the encoding/json error for invalid JSON.
func Decode(body []byte) (*List, error) {
	items, l, err := decodeList[json.RawMessage](body)
	if err != nil {
		return nil, &Error{Op: "decode", Err: err}
	}
	l.Items = items
	return &l, nil
}

// Items walks the pages as [Pages] does and yields their items, each page
// normalised as [Decode] does and each item decoded into a T with
// encoding/json. A page that does not decode ends the walk with an
// [*Error] naming its URL. Use Pages and Decode to see total_count or
// incomplete_results.
func Items[T any](ctx context.Context, c *http.Client, req *http.Request, opts ...Option) iter.Seq2[T, error] {
	pages := Pages(ctx, c, req, opts...)
	return func(yield func(T, error) bool) {
		var zero T
		for page, err := range pages {
			if err != nil {
				yield(zero, err)
				return
			}
			items, _, err := decodeList[T](page.Body)
			if err != nil {
				yield(zero, &Error{Op: "decode", Input: inputText(page.Response.Request.URL.String()), Err: err})
				return
			}
			for _, it := range items {
				if !yield(it, nil) {
					return
				}
			}
		}
	}
}

// decodeList decodes a page straight into []T: one pass for an array
// page, two (the object, then its array) for an object page.
func decodeList[T any](body []byte) ([]T, List, error) {
	var l List
	var items []T
	switch firstByte(body) {
	case '[':
		if err := json.Unmarshal(body, &items); err != nil {
			return nil, l, err
		}
		return items, l, nil
	case '{':
	case 0:
		return nil, l, fmt.Errorf("%w: empty body", ErrNotList)
	default:
		return nil, l, fmt.Errorf("%w: body is neither a JSON array nor an object", ErrNotList)
	}
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(body, &obj); err != nil {
		return nil, l, err
	}
	if err := decodeCounts(obj, &l); err != nil {
		return nil, l, err
	}
	key, err := arrayKey(obj)
	if err != nil {
		return nil, l, err
	}
	l.Key = key
	raw := obj[l.Key]
	if firstByte(raw) != '[' {
		return nil, l, fmt.Errorf("%w: %q is not an array", ErrNotList, quote.Cut(l.Key, 100))
	}
	if err := json.Unmarshal(raw, &items); err != nil {
		return nil, l, err
	}
	return items, l, nil
}

// decodeCounts reads the scalarKeys of an object page into l: total_count,
// which it must have, and the two it may have.
func decodeCounts(obj map[string]json.RawMessage, l *List) error {
	tc, ok := obj["total_count"]
	if !ok {
		return fmt.Errorf("%w: object without \"total_count\"", ErrNotList)
	}
	if err := json.Unmarshal(tc, &l.TotalCount); err != nil {
		return fmt.Errorf("%w: \"total_count\" is not an integer", ErrNotList)
	}
	if v, ok := obj["incomplete_results"]; ok {
		if err := json.Unmarshal(v, &l.IncompleteResults); err != nil {
			return fmt.Errorf("%w: \"incomplete_results\" is not a boolean", ErrNotList)
		}
	}
	if v, ok := obj["repository_selection"]; ok {
		if err := json.Unmarshal(v, &l.RepositorySelection); err != nil {
			return fmt.Errorf("%w: \"repository_selection\" is not a string", ErrNotList)
		}
	}
	return nil
}

// arrayKey returns the one key of an object page besides scalarKeys.
func arrayKey(obj map[string]json.RawMessage) (string, error) {
	var others []string
	for k := range obj {
		if !slices.Contains(scalarKeys[:], k) {
			others = append(others, k)
		}
	}
	switch len(others) {
	case 0:
		return "", fmt.Errorf("%w: object with \"total_count\" but no array", ErrNotList)
	case 1:
	default:
		slices.Sort(others)
		return "", fmt.Errorf("%w: object with more than one key besides total_count: %s", ErrNotList, quoteKeys(others))
	}
	return others[0], nil
}

// quoteKeys lists the first few keys, quoted, for an error message.
func quoteKeys(keys []string) string {
	const show = 4
	q := make([]string, 0, show+1)
	for i, k := range keys {
		if i == show {
			q = append(q, "…")
			break
		}
		q = append(q, fmt.Sprintf("%q", quote.Cut(k, 100)))
	}
	return strings.Join(q, ", ")
}

// firstByte returns the first byte of b after JSON white space, or 0.
func firstByte(b []byte) byte {
	for _, c := range b {
		switch c {
		case ' ', '\t', '\n', '\r':
			continue
		}
		return c
	}
	return 0
}
