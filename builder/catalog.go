package builder

import (
	"fmt"
	"slices"
	"strings"

	"github.com/endpointkit/endpoint/headers"
	"github.com/endpointkit/endpoint/internal/ascii"
	"github.com/endpointkit/endpoint/internal/quote"
	iroute "github.com/endpointkit/endpoint/internal/route"
	"github.com/endpointkit/endpoint/internal/value"
	"github.com/endpointkit/endpoint/template"
)

// A Catalog describes the operations of an API, for WithCatalog; package
// catalog implements it (catalog/github, catalog/openapi).
type Catalog interface {
	// Resolve finds the operation of a method and URL template (variable
	// names may differ), or for method "" of an operation ID ("repos/get");
	// its error says what was probably meant.
	Resolve(method, url string) (Operation, error)
	// Accept is the accept header WithCatalog sets; "" keeps the Endpoint's.
	Accept() string
}

// An Operation is one operation of a Catalog. Its values are the engine's
// own, so package catalog makes the one implementation.
type Operation interface {
	// Target returns the method and the template to build with: the path
	// and a {?…} of the query parameters, parsed as RFC 6570 alone.
	Target() (method string, t *template.Template, err error)
	// BaseURL returns the operation's own server (uploads.github.com), or base.
	BaseURL(base string) string
	// Locate says where a parameter goes, InNone if undeclared; Place is
	// Locate and CheckParam in one lookup, failing for a cookie.
	Locate(name string) Location
	Place(name string, v value.Value) (Location, error)
	// CheckParam checks a value's JSON type and enum, and of an undeclared
	// name passes a member of an open body or suggests the nearest names;
	// CheckData checks Data against the body, CheckMember a Data member.
	CheckParam(name string, v value.Value) error
	CheckData(v value.Value) error
	CheckMember(name string, v value.Value) error
	// BodyMedia is the body's media type for a string or []byte Data, or "".
	BodyMedia() string
	// StyledValue returns an array or object query or header parameter in
	// the style the template cannot write; ok false when it writes v as is.
	StyledValue(name string, v value.Value) (_ value.Value, ok bool)
	// Requires lists the required parameters, always and once a body is
	// sent; Shadowed those that are body properties named like another
	// parameter, which only Data gives. The slices are shared.
	Requires() (always, withBody []string)
	Shadowed() (always, withBody []string)
	// MissingIn returns the error for the required parameters has says are
	// absent, nil for none; sendsBody requires an optional body's.
	MissingIn(has func(name string, body bool) bool, sendsBody bool) error
}

// Location is where an operation takes a parameter.
type Location uint8

// The locations of OpenAPI's "in", and the body.
const (
	InNone Location = iota
	InPath
	InQuery
	InHeader
	InBody
)

// WithCatalog checks every call against c and routes its parameters by
// c's description instead of v6's rule:
//
//   - an unknown route or parameter, a missing required one, or a value of
//     the wrong type or outside an enum is an error saying what was meant;
//   - a parameter goes where the description says (a POST's query to the
//     query, a body field named url to the body);
//   - a default parameter applies only where declared, and as a header
//     parameter not over a header the call sets or removes;
//   - a route may be an operation ID ("repos/get") or one word
//     ("findPets"; after a method a path first), whose method must match;
//   - an operation's own server (GitHub's uploads) and an absolute route's
//     are used, the base URL, where a client sends its token, kept;
//   - a route's literal query ("GET /user/repos?per_page=100") is kept;
//   - Data must have a type the body allows, an object's members are
//     checked as parameters, and any body needs what an optional one
//     requires; a string, []byte or io.Reader Data is taken as given;
//   - parameters are written in their OpenAPI style (/users/{.id};
//     pipeDelimited, spaceDelimited, deepObject), by Parse of Merge's
//     options too, but not through JSON (see Options).
func WithCatalog(c Catalog) Option {
	return func(dst *Options) error {
		dst.catalog = c
		if c == nil {
			return nil
		}
		if accept := c.Accept(); accept != "" {
			dst.Headers = map[string]string{"accept": accept}
		}
		return nil
	}
}

// catalogRef is a layer's catalogue; a later layer's replaces it.
type catalogRef struct{ c Catalog }

func mergeCatalog(base, l catalogRef) catalogRef {
	if l.c != nil {
		return l
	}
	return base
}

// isOperationID reports whether a route is "/"-separated words of
// letters, digits, "_", "." and "-", as GitHub's IDs are
// ("issues/list-for-repo"); isOperationWord whether it is one ("findPets").
func isOperationID(s string) bool   { return idWords(s) >= 2 }
func isOperationWord(s string) bool { return idWords(s) == 1 }

// idWords counts the words of an operation ID; 0 for anything else.
func idWords(s string) int {
	n := 0
	for w := range strings.SplitSeq(s, "/") {
		if w == "" || strings.ContainsFunc(w, notIDByte) {
			return 0
		}
		n++
	}
	return n
}

func notIDByte(r rune) bool { return r > '~' || !ascii.IsWord(byte(r)) && r != '.' && r != '-' }

// applyCatalog checks merged options against the catalogue and routes
// their parameters (WithCatalog): params are the merged ones, mine and
// call the call's own. It returns the parameters left (params unless
// some moved), whether the headers changed, the operation, and its
// template when m.URL is it.
func applyCatalog(m *layer, params []param, mine paramList, call *layer) (kept []param, headersChanged bool, op Operation, t *template.Template, err error) {
	if op, t, err = routeOperation(m, call.Method); err != nil {
		return nil, false, nil, nil, err
	}
	kept, headersChanged, sendsBody, err := placeParams(m, op, params, mine, call.Headers)
	if err == nil {
		err = checkData(m, op)
	}
	if err == nil {
		err = checkMissing(m, op, kept, sendsBody)
	}
	if err != nil {
		return nil, false, nil, nil, err
	}
	return kept, headersChanged, op, t, nil
}

// routeOperation finds m's operation and sets m's method and URL to its
// own, keeping a literal query and an absolute route's server.
func routeOperation(m *layer, callMethod string) (Operation, *template.Template, error) {
	op, byID, err := findOperation(m)
	if err != nil {
		return nil, nil, err
	}
	opMethod, t, err := op.Target()
	if err != nil {
		return nil, nil, newError("parse", callRoute(m), err)
	}
	if byID && callMethod != "" && !strings.EqualFold(opMethod, callMethod) {
		// "GET deletePet" is no way to ask for a DELETE.
		return nil, nil, newError("check", callRoute(m), fmt.Errorf("%w: the operation is %s, not %s", ErrInvalidRoute, opMethod, quote.Cut(strings.ToUpper(callMethod), maxQuoted)))
	}
	query := literalQuery(m.URL)
	origin := ""
	if !byID && isAbsolute(m.URL) {
		origin = routeBase(m.URL, t.String()) // not the base URL, which gets the token
	}
	m.Method, m.URL = opMethod, t.String()
	if query != "" {
		m.URL, t = withQuery(m.URL, query), nil
	}
	if origin != "" {
		m.URL, t = op.BaseURL(origin)+m.URL, nil // the operation's own server, as for a base URL
	}
	m.BaseURL = op.BaseURL(m.BaseURL)
	return op, t, nil
}

// findOperation resolves m's route, a path first, then an ID when it is
// one word.
func findOperation(m *layer) (op Operation, byID bool, err error) {
	cat := m.Catalog.c
	method := m.Method
	if byID = isOperationID(m.URL); byID {
		method = "" // the operation's
	}
	if strings.IndexByte(m.URL, '?') >= 0 {
		// The query is kept, so must be a template; the path is the
		// catalogue's to judge.
		if _, err := template.Parse(m.URL); err != nil && queryInvalid(m.URL) {
			return nil, false, newError("parse", m.URL, err)
		}
	}
	op, err = cat.Resolve(method, m.URL)
	if err != nil && isOperationWord(m.URL) {
		if idOp, idErr := cat.Resolve("", m.URL); idErr == nil {
			op, err, byID = idOp, nil, true
		}
	}
	if err != nil {
		return nil, false, newError("check", callRoute(m), err) // the path's error if neither
	}
	return op, byID, nil
}

// placeParams checks each parameter and moves header parameters into m's
// headers; an undeclared one is dropped when a default's, else checked
// for an open body. kept is allocated only when one is dropped or moved.
func placeParams(m *layer, op Operation, params []param, mine paramList, callHeaders headerList) (kept []param, headersChanged, sendsBody bool, err error) {
	drop := func(i int) {
		if kept == nil {
			kept = append(make([]param, 0, len(params)), params[:i]...)
		}
	}
	for i, p := range params {
		loc, err := op.Place(p.name, p.v)
		if loc == InNone && err == nil && mine.find(p.name) >= 0 {
			if err = op.CheckParam(p.name, p.v); err == nil {
				loc = InBody
			}
		}
		switch {
		case err != nil:
			return nil, false, false, newError("check", p.name, err)
		case loc == InNone:
			drop(i)
		case loc == InHeader:
			drop(i)
			set, err := headerParam(m, op, p, callHeaders, mine)
			if err != nil {
				return nil, false, false, err
			}
			headersChanged = headersChanged || set
		default:
			sendsBody = sendsBody || loc == InBody
			if kept != nil {
				kept = append(kept, p)
			}
		}
	}
	if kept == nil {
		kept = params
	}
	return kept, headersChanged, sendsBody, nil
}

// checkData checks a Data value the catalogue can look into: its type,
// and an object's members.
func checkData(m *layer, op Operation) error {
	if !m.Data.set || opaqueBody(m.Data) {
		return nil
	}
	if err := op.CheckData(m.Data.v); err != nil {
		return newError("check", callRoute(m), err)
	}
	for _, mem := range m.Data.v.Members() { // none but an object's
		if err := op.CheckMember(mem.Key, mem.Value); err != nil {
			return newError("check", mem.Key, err)
		}
	}
	return nil
}

// checkMissing has the operation name the required parameters left out.
func checkMissing(m *layer, op Operation, kept []param, sendsBody bool) error {
	g, sendsBody := givens{paramList{kept}, m.Data, m.Headers}, sendsBody || m.Data.set
	if !g.missing(op, sendsBody) {
		return nil
	}
	// A copy for the callback, which may keep it: a Builder's own would
	// move the Builder to the heap.
	c := givens{paramList{slices.Clone(kept)}, m.Data, m.Headers}
	if err := op.MissingIn(func(name string, inBody bool) bool { return c.has(op, name, inBody) }, sendsBody); err != nil {
		return newError("check", callRoute(m), err)
	}
	return nil
}

// givens is what a call gives of its operation's parameters (without
// the operation, whose calls would take them to the heap).
type givens struct {
	params paramList
	data   body
	hs     headerList
}

// has reports whether the call gives op's required parameter name: as a
// parameter (an undefined one not in the query, where it is left out),
// a Data member, anything of an opaque Data, or its header; a shadowed
// body property (inBody) only by Data.
func (g *givens) has(op Operation, name string, inBody bool) bool {
	if inBody && op.Locate(name) != InBody {
		return dataHas(g.data, name) || opaqueBody(g.data)
	}
	if i := g.params.find(name); i >= 0 && (!g.params.list[i].v.Undefined() || op.Locate(name) != InQuery) {
		return true
	}
	if dataHas(g.data, name) {
		return true
	}
	switch op.Locate(name) {
	case InBody:
		return opaqueBody(g.data)
	case InHeader:
		i := g.hs.find(headers.Name(name))
		return i >= 0 && !g.hs.list[i].removed
	}
	return false
}

// missing is MissingIn's test without the allocations of its error.
func (g *givens) missing(op Operation, sendsBody bool) bool {
	always, withBody := op.Requires()
	shadowed, shadowedWithBody := op.Shadowed()
	return !g.all(op, always, false) || !g.all(op, shadowed, true) ||
		sendsBody && !(g.all(op, withBody, true) && g.all(op, shadowedWithBody, true))
}

func (g *givens) all(op Operation, names []string, inBody bool) bool {
	for _, name := range names {
		if !g.has(op, name, inBody) {
			return false
		}
	}
	return true
}

// routeBase is an absolute route's base URL: the route less as many
// trailing segments as target's path has ("https://h/api/v3" of
// "https://h/api/v3/repos/{owner}/{repo}?x=1").
func routeBase(route, target string) string {
	path, _ := iroute.SplitTarget(target)
	start, end := iroute.PathBounds(route)
	for n := strings.Count(path, "/"); n > 0; n-- {
		i := strings.LastIndexByte(route[start:end], '/')
		if i < 0 {
			break
		}
		end = start + i
	}
	return route[:end]
}

// headerParam sets a header parameter's header (set false for no value),
// unless it is a default's and the call sets or removes that header.
func headerParam(m *layer, op Operation, p param, callHeaders headerList, mine paramList) (set bool, err error) {
	v, _ := styled(op, p) // the header's simple style
	text, ok, err := headerText(p.name, v)
	if err != nil || !ok {
		return false, err // nil: no value, so no header
	}
	name := headers.Name(p.name)
	if callHeaders.find(name) >= 0 && mine.find(p.name) < 0 {
		return false, nil
	}
	m.Headers = mergeHeaders(m.Headers, headerList{[]header{{name: name, value: text}}})
	return true, headerLimit(len(m.Headers.list))
}

// styled is an array or object parameter in op's style where the
// template cannot write it (StyledValue); false when it is as it was.
func styled(op Operation, p param) (value.Value, bool) {
	if k := p.v.Kind(); k == value.Array || k == value.Object {
		if v, ok := op.StyledValue(p.name, p.v); ok {
			return v, true
		}
	}
	return p.v, false
}

// headerText is a header parameter's value, checked as Header checks it:
// a scalar's text or an array's items joined with commas (OpenAPI's
// simple style), nulls left out; ok false for no header.
func headerText(name string, v value.Value) (text string, ok bool, err error) {
	switch v.Kind() {
	case value.Null:
		return "", false, nil
	case value.Object:
		return "", false, newError("header", name, fmt.Errorf("%w: an object has no place in a header", ErrInvalidValue))
	case value.Array:
		var items []string
		for _, it := range v.Items() {
			switch it.Kind() {
			case value.Null:
				continue
			case value.Array, value.Object:
				return "", false, newError("header", name, fmt.Errorf("%w: an array or object inside a list has no place in a header", ErrInvalidValue))
			}
			items = append(items, it.Text())
		}
		text, ok = strings.Join(items, ","), len(items) > 0
	default:
		text, ok = v.Text(), true
	}
	if !ok {
		return "", false, nil
	}
	return text, true, checkHeader(name, text)
}

func dataHas(d body, name string) bool {
	if !d.set || d.raw != nil {
		return false
	}
	_, ok := d.v.Get(name)
	return ok
}

// opaqueBody reports whether Data is sent as it is (a string, []byte or
// reader), not looked into.
func opaqueBody(d body) bool {
	return d.set && (d.raw != nil || d.v.Kind() == value.String && !d.asJSON)
}

// withQuery puts a route's literal query into a catalogue's template with
// one "?": after the template's own literal query, less the pairs it has,
// or before its {?…}, which becomes {&…}.
func withQuery(target, query string) string {
	if _, end := iroute.PathBounds(target); end < len(target) && target[end] == '?' {
		own, _, _ := strings.Cut(target[end+1:], "{")
		rest := otherPairs(query[1:], own)
		if rest == "" {
			return target
		}
		at := end + 1 + len(own)
		if own != "" && !strings.HasSuffix(own, "&") {
			rest = "&" + rest
		}
		return target[:at] + rest + target[at:]
	}
	path, expr := iroute.SplitTarget(target)
	if expr == "" {
		return target + query
	}
	if query = strings.TrimRight(query, "&"); query == "?" {
		return target // nothing but the "?" the expression writes
	}
	return path + query + "{&" + expr[2:]
}

// otherPairs returns the pairs of query that own does not hold, each of
// own's standing for one of query's.
func otherPairs(query, own string) string {
	have := strings.Split(own, "&")
	var rest []string
	for _, pair := range strings.Split(query, "&") {
		if i := slices.Index(have, pair); i >= 0 {
			have[i] = "&" // taken: no pair holds "&"
		} else if pair != "" {
			rest = append(rest, pair)
		}
	}
	return strings.Join(rest, "&")
}

// literalQuery returns a template's literal query, from the first "?"
// outside an expression to a fragment, less expressions ("?a=1&c=2" of
// "?a=1{&b}&c=2").
func literalQuery(url string) string {
	if strings.IndexByte(url, '?') < 0 {
		return "" // most routes: one fast scan
	}
	q, end := iroute.QueryBounds(url)
	if q < 0 {
		return ""
	}
	var b strings.Builder
	for rest := url[q:end]; rest != ""; {
		lit, expr, _ := strings.Cut(rest, "{")
		b.WriteString(lit)
		_, rest, _ = strings.Cut(expr, "}")
	}
	return b.String()
}

// queryInvalid reports whether the query of url, which failed to parse,
// is at fault rather than its path.
func queryInvalid(url string) bool {
	q, _ := iroute.QueryBounds(url)
	if q < 0 {
		return true // no query outside an expression: the text is malformed
	}
	_, err := template.Parse(url[q:])
	return err != nil
}

// catalogParams returns params as op's template takes them (params when
// none change): styled by StyledValue, and named as the template holds
// them percent-encoded (include[] as include%5B%5D).
func catalogParams(op Operation, t *template.Template, params []param) []param {
	encoded := strings.IndexByte(t.String(), '%') >= 0
	var out []param
	for i, p := range params {
		var changed bool
		p.v, changed = styled(op, p)
		if encoded && t.VarIndex(p.name) < 0 && t.VarIndex(template.VarName(p.name)) >= 0 {
			p.name, changed = template.VarName(p.name), true
		}
		if changed {
			if out == nil {
				out = slices.Clone(params)
			}
			out[i] = p
		}
	}
	if out == nil {
		return params
	}
	return out
}

func callRoute(m *layer) string {
	if m.Method == "" {
		return m.URL
	}
	return m.Method + " " + m.URL
}
