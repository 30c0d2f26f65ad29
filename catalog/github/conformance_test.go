package github_test

// The conformance test of project issue #12: every operation of GitHub's
// descriptions is built by the root package with values made from its
// schemas, and the request is checked against the description.

import (
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"slices"
	"strings"

	"github.com/endpointkit/endpoint"
	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/catalog"
	"github.com/endpointkit/endpoint/catalog/github"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

// sample makes a value a schema allows; i keeps the values of one call
// apart. Strings carry characters that need escaping.
func sample(s catalog.Schema, i int) any {
	if len(s.Enum) > 0 {
		return s.Enum[0]
	}
	switch {
	case s.Type == 0 || s.Type&catalog.String != 0:
		return fmt.Sprintf("a/b c-%d-", i)
	case s.Type&catalog.Integer != 0:
		return 1000 + i
	case s.Type&catalog.Number != 0:
		return 0.5 + float64(i)
	case s.Type&catalog.Boolean != 0:
		return true
	case s.Type&catalog.Array != 0:
		item := catalog.Schema{Type: catalog.String}
		if s.Items != nil {
			item = *s.Items
		}
		return []any{sample(item, i)}
	case s.Type&catalog.Object != 0:
		m := map[string]any{}
		for _, p := range s.Properties {
			if p.Required {
				m[p.Name] = sample(p.Schema, i)
			}
		}
		return m
	}
	return nil
}

// textOf is how a path value is written in a URL: escaped once, "/" too.
func textOf(v any) string {
	switch x := v.(type) {
	case string:
		return url.PathEscape(x)
	default:
		return fmt.Sprint(x)
	}
}

// bodyKeys returns the top-level keys of a JSON object body in order.
func bodyKeys(req builder.RequestOptions) ([]string, error) {
	r, err := req.BodyReader()
	if err != nil || r == nil {
		return nil, err
	}
	raw, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	dec := json.NewDecoder(strings.NewReader(string(raw)))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil, fmt.Errorf("body %s is not an object", raw)
	}
	var keys []string
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return nil, err
		}
		keys = append(keys, t.(string))
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			return nil, err
		}
	}
	return keys, nil
}

func hasBody(method string) bool {
	return method != "GET" && method != "HEAD"
}

// conform builds op (with every path, query and body parameter, the
// body ones in the spec's order) and returns every way the request departs from the
// description, or nil.
func conform(op *catalog.Operation) []string {
	var problems []string
	var params builder.Params
	var pathVals []string
	var queryNames, bodyNames []string
	pathNames := map[string]bool{}
	for i, p := range op.Params {
		switch p.In {
		case catalog.Path:
			v := sample(p.Schema, i)
			params = append(params, builder.Param{Name: p.Name, Value: v})
			pathVals = append(pathVals, textOf(v))
			pathNames[p.Name] = true
		case catalog.Query:
			params = append(params, builder.Param{Name: p.Name, Value: sample(p.Schema, i)})
			queryNames = append(queryNames, p.Name)
		case catalog.Body:
			if !pathNames[p.Name] {
				params = append(params, builder.Param{Name: p.Name, Value: sample(p.Schema, i)})
				bodyNames = append(bodyNames, p.Name)
			}
		}
	}
	o := builder.Options{Params: params}
	if op.Body != nil && op.Body.Type != 0 && op.Body.Type&catalog.Object == 0 {
		o.Data = "raw body"
	}
	req, err := endpoint.Build(op.Method+" "+op.Template(), o)
	if err != nil {
		return []string{"build: " + err.Error()}
	}
	u, err := url.Parse(req.URL)
	if err != nil {
		return []string{"url: " + err.Error()}
	}
	path := u.EscapedPath()
	for _, v := range pathVals {
		if n := strings.Count(path, v); n != 1 {
			problems = append(problems, fmt.Sprintf("path value %s appears %d times in %s", v, n, path))
		}
	}
	q := u.Query()
	for _, name := range queryNames {
		if !q.Has(name) {
			problems = append(problems, fmt.Sprintf("query parameter %s missing from %s", name, req.URL))
		}
	}
	if hasBody(op.Method) && len(bodyNames) > 0 {
		keys, err := bodyKeys(req)
		if err != nil {
			problems = append(problems, "body: "+err.Error())
		}
		if !slices.Equal(keys, bodyNames) {
			problems = append(problems, fmt.Sprintf("body keys %v, want %v", keys, bodyNames))
		}
	}
	return problems
}

var descriptions = []struct {
	name string
	cat  func() *catalog.Catalog
}{
	{"api.github.com", github.Catalog},
	{"GHEC", github.GHEC},
	{"GHES 3.19", github.GHES},
}

var _ = Describe("conformance: every operation through endpoint.Build", func() {
	for _, d := range descriptions {
		It("builds every operation of "+d.name+" as its description says", func() {
			failed := map[string][]string{}
			for _, op := range d.cat().Operations() {
				if p := conform(op); p != nil {
					failed[op.ID] = p
				}
			}
			var lines []string
			for id, p := range failed {
				lines = append(lines, id+": "+strings.Join(p, "; "))
			}
			slices.Sort(lines)
			Expect(lines).To(BeEmpty(), "%d of %d operations fail", len(lines), d.cat().Len())
		})

		It("matches the URL built for every operation of "+d.name+" back to it", func() {
			c := d.cat()
			var failed []string
			for _, op := range c.Operations() {
				var params builder.Params
				for i, p := range op.Params {
					if p.In == catalog.Path {
						params = append(params, builder.Param{Name: p.Name, Value: sample(p.Schema, i)})
					}
				}
				req, err := endpoint.Build(op.Method+" "+op.Path, builder.Options{Params: params})
				Expect(err).NotTo(HaveOccurred(), op.ID)
				got, err := c.Match(op.Method, req.URL)
				if err != nil || got != op {
					failed = append(failed, fmt.Sprintf("%s %s: %v %v", op.Method, req.URL, got, err))
				}
			}
			Expect(failed).To(BeEmpty())
		})

		It("accepts an empty {path} in every operation of "+d.name+" that has one", func() {
			var failed []string
			n := 0
			for _, op := range d.cat().Operations() {
				if in, ok := op.In("path"); !ok || in != catalog.Path {
					continue
				}
				n++
				var params builder.Params
				for _, p := range op.Params {
					if p.In == catalog.Path {
						v := sample(p.Schema, 1)
						if p.Name == "path" {
							v = ""
						}
						params = append(params, builder.Param{Name: p.Name, Value: v})
					}
				}
				req, err := endpoint.Build(op.Method+" "+op.Path, builder.Options{Params: params})
				if err != nil {
					failed = append(failed, op.ID+": "+err.Error())
					continue
				}
				// The empty value leaves the segment empty: ".../contents/".
				want := strings.Replace(op.Path, "{path}", "", 1)
				for _, p := range params {
					if p.Name != "path" {
						want = strings.Replace(want, "{"+p.Name+"}", textOf(p.Value), 1)
					}
				}
				if u, err := url.Parse(req.URL); err != nil || u.EscapedPath() != want {
					failed = append(failed, op.ID+": URL "+req.URL+", want path "+want)
				}
			}
			Expect(n).To(BeNumerically(">", 0))
			Expect(failed).To(BeEmpty())
		})
	}
})
