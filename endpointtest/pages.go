package endpointtest

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/endpointkit/endpoint/internal/value"
	"github.com/endpointkit/endpoint/paginate"
)

// GitHub's page sizes.
const (
	DefaultPerPage = 30
	MaxPerPage     = 100
)

// pageRequest reads per_page and page from a query as GitHub does: a
// missing or unusable value is the default, per_page above 100 is 100.
func pageRequest(q []queryPair) (perPage, page int) {
	perPage, page = DefaultPerPage, 1
	for _, kv := range q {
		n, err := strconv.Atoi(kv.value)
		switch {
		case err != nil || n < 1:
		case kv.name == "per_page":
			perPage = min(n, MaxPerPage)
		case kv.name == "page":
			page = n
		}
	}
	return perPage, page
}

// paginateResponse slices resp's list body to the call's page and adds
// the Link header.
func paginateResponse(resp *response, c *Call, self string) error {
	body, err := value.Decode(resp.body)
	if err != nil {
		return fmt.Errorf("a Paginated reply needs a JSON body: %v", err)
	}
	items, key, err := pagedItems(body)
	if err != nil {
		return err
	}
	q := parseQuery(c.RawQuery)
	perPage, page := pageRequest(q)
	last := max(1, (len(items)+perPage-1)/perPage)
	from := min(len(items), (page-1)*perPage)
	to := min(len(items), from+perPage)
	if page > last || (page-1)*perPage >= len(items) {
		from, to = len(items), len(items)
	}
	resp.body = value.AppendJSON(nil, withPageItems(body, key, value.NewArray(items[from:to])))
	if last > 1 || page > 1 {
		resp.header.Set("Link", pageLinks(c, self, page, last))
	}
	return nil
}

// pagedItems returns the list a Paginated reply's body pages: the body
// itself, or the one array of a counted list (key names its member).
func pagedItems(body value.Value) (items []value.Value, key string, err error) {
	switch body.Kind() {
	case value.Array:
		return body.Items(), "", nil
	case value.Object:
		for _, m := range body.Members() {
			switch m.Key {
			case "total_count", "incomplete_results", "repository_selection":
				continue
			}
			if m.Value.Kind() != value.Array || key != "" {
				return nil, "", fmt.Errorf("a Paginated reply's object must hold total_count and one array, as GitHub's counted lists do")
			}
			key, items = m.Key, m.Value.Items()
		}
		if key == "" {
			return nil, "", fmt.Errorf("a Paginated reply's object holds no array")
		}
		return items, key, nil
	default:
		return nil, "", fmt.Errorf("a Paginated reply needs a JSON array or a counted list, not a %s", body.Kind())
	}
}

// withPageItems puts a page's items in place of the list pagedItems
// found in body under key.
func withPageItems(body value.Value, key string, page value.Value) value.Value {
	if key == "" {
		return page
	}
	ms := body.Members()
	out := make([]value.Member, len(ms))
	for i, m := range ms {
		out[i] = m
		if m.Key == key {
			out[i].Value = page
		}
	}
	return value.NewObject(out)
}

// pageLinks is the Link header of page out of last, as GitHub orders
// its relations.
func pageLinks(c *Call, self string, page, last int) string {
	var links []paginate.Link
	pageURL := func(n int) string { return self + c.Path + "?" + withPage(c.RawQuery, n) }
	if page > 1 {
		links = append(links, paginate.Link{URL: pageURL(min(page-1, last)), Rel: []string{"prev"}})
	}
	if page < last {
		links = append(links, paginate.Link{URL: pageURL(page + 1), Rel: []string{"next"}})
		links = append(links, paginate.Link{URL: pageURL(last), Rel: []string{"last"}})
	}
	if page > 1 {
		links = append(links, paginate.Link{URL: pageURL(1), Rel: []string{"first"}})
	}
	return paginate.Format(links)
}

// withPage returns a raw query with page set to n, in place when it is
// there, the other pairs as sent.
func withPage(raw string, n int) string {
	pairs := strings.Split(raw, "&")
	out := pairs[:0]
	set := false
	for _, p := range pairs {
		if p == "" {
			continue
		}
		if name, _, _ := strings.Cut(p, "="); name == "page" {
			if set {
				continue
			}
			p, set = "page="+strconv.Itoa(n), true
		}
		out = append(out, p)
	}
	if !set {
		out = append(out, "page="+strconv.Itoa(n))
	}
	return strings.Join(out, "&")
}
