package catalog

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/internal/value"
	"github.com/endpointkit/endpoint/template"
)

// A Catalog is a builder.Catalog: builder.WithCatalog(c) checks every call
// of an Endpoint against it and routes its parameters by the description.
var (
	_ builder.Catalog   = (*Catalog)(nil)
	_ builder.Operation = (*Operation)(nil)
)

// Resolve finds the operation a call addresses, for builder.WithCatalog:
// by method and path (see Lookup), or, when method is "" and url does not
// start with "/", by operation ID (see ByID). An absolute URL on one of
// the description's servers whose path is concrete, as GitHub's
// responses hand them out (a release's upload_url, an issue's
// comments_url), and which no key spells, is matched to its operation as
// Match does: the operation is returned bound to that path, with a
// template of the path itself and the operation's query expression
// ("/repos/octocat/Hello-World/releases/1/assets{?name,label}") and
// without the path parameters the path gives.
func (c *Catalog) Resolve(method, url string) (builder.Operation, error) {
	c = c.or0()
	if method == "" && !strings.HasPrefix(url, "/") && !strings.Contains(url, "://") {
		return c.ByID(url)
	}
	op, err := c.lookup(method, url, true)
	if err == nil {
		return op, nil
	}
	if err != errNoOperation {
		return nil, err
	}
	if b := c.concrete(method, url); b != nil {
		return b, nil
	}
	_, err = c.Lookup(method, url) // the error, with its suggestions
	return nil, err
}

// concrete is the operation an absolute URL with a concrete path on one
// of c's servers addresses, bound to that path (see Resolve); nil for
// any other URL, or when no operation matches.
func (c *Catalog) concrete(method, url string) *Operation {
	origin, path, ok := splitConcrete(url)
	if !ok {
		return nil
	}
	for _, prefix := range c.serverPrefixes(origin, path) {
		if op, err := c.Match(method, path[len(prefix):]); err == nil {
			if b, err := op.boundTo(path[len(prefix):]); err == nil {
				return b
			}
		}
	}
	return nil
}

// splitConcrete splits an absolute URL into its origin and its path,
// without a query string, fragment or query expression; ok is false for
// a URL that is not absolute or whose path is a template (Lookup's).
func splitConcrete(url string) (origin, path string, ok bool) {
	i := strings.Index(url, "://")
	if i <= 0 || strings.HasPrefix(url, "/") {
		return "", "", false
	}
	end := len(url)
	if j := strings.IndexAny(url, "?#"); j >= 0 {
		if j < i+3 {
			return "", "", false // no URL
		}
		end = j
		if url[j-1] == '{' { // a query expression: {?name,label}
			end--
		}
	}
	if k := strings.Index(url[i+3:end], "{&"); k >= 0 {
		end = i + 3 + k
	}
	origin, path = url[:end], "/"
	if j := strings.IndexByte(url[i+3:end], '/'); j >= 0 {
		origin, path = url[:i+3+j], url[i+3+j:end]
	}
	if strings.ContainsAny(path, "{}") {
		return "", "", false // a template: Lookup's
	}
	return origin, path, true
}

// serverPrefixes returns the paths of the servers a URL of origin and
// path is on, the longest first: GHES's uploads
// ({protocol}://{hostname}/api/uploads) before a server at the host's root.
func (c *Catalog) serverPrefixes(origin, path string) []string {
	var prefixes []string
	for _, s := range c.allServers() {
		prefix := s.pathPrefix()
		if prefix != "" && !strings.HasPrefix(path, prefix+"/") || slices.Contains(prefixes, prefix) {
			continue
		}
		var buf [4]string
		if _, ok := s.match(origin+prefix, buf[:0]); ok {
			prefixes = append(prefixes, prefix)
		}
	}
	slices.SortStableFunc(prefixes, func(a, b string) int { return len(b) - len(a) })
	return prefixes
}

// Target returns the method and the template to build a call with (see
// Template), parsed as RFC 6570 once, at first use; err is why the
// template does not parse (a path the description got wrong). A nil
// Operation gives "" and ErrUnknownRoute.
func (op *Operation) Target() (method string, t *template.Template, err error) {
	if op == nil {
		return "", nil, errNil("")
	}
	if op.parsed == nil { // an Operation not made by a Catalog
		t, err = template.ParseRFC6570(op.template)
		return op.Method, t, err
	}
	op.parsed.once.Do(func() { op.parsed.t, op.parsed.err = template.ParseRFC6570(op.template) })
	return op.Method, op.parsed.t, op.parsed.err
}

// parsedTemplate is an Operation's template, parsed once.
type parsedTemplate struct {
	once sync.Once
	t    *template.Template
	err  error
}

// BodyMedia returns the media type of op's request body (Body.Media), or
// "" for none.
func (op *Operation) BodyMedia() string {
	if op == nil || op.Body == nil {
		return ""
	}
	return op.Body.Media
}

// Locate says where op takes a parameter, in the builder's terms;
// builder.InNone when op does not declare it (or takes it as a cookie,
// which the builder does not send), and for a nil Operation.
func (op *Operation) Locate(name string) builder.Location {
	in, ok := op.In(name)
	if !ok {
		return builder.InNone
	}
	return location(in)
}

// Place is Locate and CheckParam in one lookup, which WithCatalog uses
// when an operation has it: builder.InNone and no error for a parameter
// op does not declare, even one an open body would take
// (RequestBody.Additional), so that a default layer's parameter is not
// sent in it; WithCatalog checks a call's own with CheckParam. A cookie
// parameter gives builder.InNone and an ErrUnknownParam that says to set
// it in a Cookie header, since the builder sends no cookies. A nil
// Operation gives builder.InNone and ErrUnknownRoute.
func (op *Operation) Place(name string, v value.Value) (builder.Location, error) {
	if op == nil {
		return builder.InNone, errNil(name)
	}
	p, ok := op.Param(name)
	if !ok {
		return builder.InNone, nil
	}
	if p.In == Cookie {
		// Not sent as an undeclared member would be, in the query or
		// the body: the builder sends no cookies.
		return builder.InNone, &Error{Route: op.route, Param: name, Err: ErrUnknownParam,
			Detail: "a cookie parameter, which is not sent as a parameter: set it in a Cookie header"}
	}
	return location(p.In), op.checkValue(p, &v)
}

// location is in in the builder's terms.
func location(in Location) builder.Location {
	switch in {
	case Path:
		return builder.InPath
	case Query:
		return builder.InQuery
	case Header:
		return builder.InHeader
	case Body:
		return builder.InBody
	}
	return builder.InNone
}

// CheckData checks a body a call gives whole (builder's Data) as a JSON
// value, not as text, bytes or a reader: its JSON type must be one the
// body allows ("got integer, want object"). The value is never quoted, as
// a body may hold a credential. A null, and any value for an operation
// that describes no body or no body type, pass; so does an array where
// an object is described, which GitHub takes in places its description
// leaves to prose (an issue's labels, given directly); an object's
// members are checked one by one, by [Operation.CheckMember]. A nil
// Operation fails with ErrUnknownRoute.
func (op *Operation) CheckData(v value.Value) error {
	if op == nil {
		return errNil("")
	}
	if op.Body == nil || v.Kind() == value.Null || v.Kind() == value.Array && op.Body.Type.Has(Object) {
		return nil
	}
	s := Schema{Type: op.Body.Type}
	if s.allowsJSON(typeOf(v)) {
		return nil
	}
	e := &Error{Route: op.route}
	s.typeError(e, "", v, false)
	e.Detail = "data: " + e.Detail
	return e
}

// CheckMember checks a member of a body given whole (builder's Data): as
// the body parameter of that name, or as a member an open body takes
// (RequestBody.Additional). A name the operation takes only elsewhere
// (owner, in the path) is ErrUnknownParam: data is the body, and such a
// parameter is set as a parameter. A nil Operation fails with
// ErrUnknownRoute.
func (op *Operation) CheckMember(name string, v value.Value) error {
	if op == nil {
		return errNil(name)
	}
	for i := range op.Params {
		if p := &op.Params[i]; p.In == Body && p.Name == name {
			return op.checkValue(p, &v)
		}
	}
	in, declared := op.In(name)
	if !declared {
		return op.CheckParam(name, v) // an open body's member, or unknown with suggestions
	}
	if x := op.extra(); x != nil {
		return op.checkExtra(name, x, &v)
	}
	return &Error{Route: op.route, Param: name, Err: ErrUnknownParam,
		Detail: fmt.Sprintf("not a member of the body: a %s parameter, set it as a parameter, not in data", in)}
}

// Requires lists the parameters op always requires (Required), and the
// required properties of an optional body, which it requires once any
// body parameter is sent. The slices are shared and must not be
// modified, as Required's; appending to them makes a copy. A nil
// Operation gives nil, nil.
func (op *Operation) Requires() (always, withBody []string) {
	if op == nil {
		return nil, nil
	}
	return slices.Clip(op.required), slices.Clip(op.optBody)
}
