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

// A Catalog describes the operations of an API, so that an Endpoint can
// check every call against it and route its parameters: see WithCatalog.
// Package catalog implements it, for GitHub's API (catalog/github) and for
// any OpenAPI description (catalog/openapi).
type Catalog interface {
	// Resolve finds the operation a call addresses: by method and URL
	// template (variable names may differ from the description's), or,
	// when method is "", by the operation ID in url ("repos/get"). Its
	// error says what was probably meant.
	Resolve(method, url string) (Operation, error)
	// Accept returns the accept header the API's description asks for
	// ("application/json"), which WithCatalog sets; "" keeps the
	// Endpoint's.
	Accept() string
}

// An Operation is one operation of a Catalog: what WithCatalog needs to
// check a call and put its parameters where the description says.
// catalog.Operation is the one implementation; values are in the engine's
// own form, so an Operation is made by package catalog, not by hand.
type Operation interface {
	// Target returns the method and the URL template to build the call
	// with: the description's path, with a {?…} expression for the query
	// parameters a template writes (see catalog.Operation.Template),
	// parsed as RFC 6570 alone (a colon is literal, never v6's :name), or
	// why it does not parse.
	Target() (method string, t *template.Template, err error)
	// BaseURL returns the base URL of this operation given the call's:
	// its own server (uploads.github.com) where the description has one.
	BaseURL(base string) string
	// Locate says where the operation takes a parameter; InNone when it
	// does not declare it.
	Locate(name string) Location
	// Place is Locate and CheckParam in one lookup: InNone and no error
	// for a parameter the operation does not declare; InNone and the error
	// to report for one it declares but the builder cannot send (a cookie).
	Place(name string, v value.Value) (Location, error)
	// CheckParam checks a parameter's value: its JSON type, its enum; for
	// a parameter the operation does not declare, a member an open body
	// takes passes, and anything else is an error suggesting the nearest
	// names.
	CheckParam(name string, v value.Value) error
	// CheckData checks a Data value as a whole, against the body's JSON
	// type, and CheckMember a member of a Data object as a member of the
	// body (owner is a path parameter, not a body member).
	CheckData(v value.Value) error
	CheckMember(name string, v value.Value) error
	// BodyMedia returns the media type of the operation's request body
	// ("text/plain" for GitHub's markdown/raw), or "" for none: a string
	// or []byte Data is labelled with it.
	BodyMedia() string
	// StyledValue returns the value an array or object query or header
	// parameter is sent as where the template cannot write its style (a
	// string of joined items, or an object marked value.DeepObjectFlag);
	// ok false when the template writes v as it is.
	StyledValue(name string, v value.Value) (_ value.Value, ok bool)
	// Requires lists the parameters the operation always requires, and
	// those it requires once a body is sent; Shadowed those of them that
	// are body properties named as a path, query or header parameter,
	// which only Data gives. The slices are shared and not to be changed.
	Requires() (always, withBody []string)
	Shadowed() (always, withBody []string)
	// MissingIn returns the error for the required parameters that has
	// says are absent, nil when none is: has is asked with body true for
	// a property the body requires; sendsBody says the call sends a body,
	// which requires an optional body's required properties.
	MissingIn(has func(name string, body bool) bool, sendsBody bool) error
}

// styleQuery returns params with the values op's query styles rewrite;
// params itself when there are none, as for every call whose parameters
// are all scalars.
func styleQuery(op Operation, params []param) []param {
	var out []param
	for i := range params {
		if k := params[i].v.Kind(); k != value.Array && k != value.Object {
			continue
		}
		v, ok := op.StyledValue(params[i].name, params[i].v)
		if !ok {
			continue
		}
		if out == nil {
			out = slices.Clone(params)
		}
		out[i].v = v
	}
	if out == nil {
		return params
	}
	return out
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

// WithCatalog makes every call of the Endpoint checked against c, and its
// parameters routed by c's description instead of v6's rule:
//
//   - an unknown route, an unknown parameter, a missing required one, a
//     value of the wrong JSON type or outside an enum is an error that
//     says what was probably meant;
//   - a parameter goes where the description says (path, query, header or
//     body), so a POST's declared query parameters go to the query and a
//     body field named url stays in the body;
//   - a parameter a defaults layer set applies only to the operations
//     that declare it, and, as a header parameter, not over a header the
//     call sets or removes (a call's own header parameter replaces it);
//   - a route may be an operation ID: Route("repos/get"), or one word,
//     Route("findPets"), which after a method ("GET user") is a path first;
//     a method given with an ID must be the operation's;
//   - an operation with its own server (GitHub's uploads) is sent there;
//   - an absolute route ("GET https://ghe.example.com/api/v3/repos/{owner}/{repo}")
//     goes to the server it names, as without a catalogue (or to the
//     operation's own server, derived from it as from a base URL); the
//     base URL stays the Endpoint's;
//   - a literal query string in the route ("GET /user/repos?per_page=100")
//     is kept;
//   - Data of another kind must have a JSON type the body allows, and an
//     object's members are checked as parameters; a body sent, of any
//     members, needs the members an optional body requires;
//   - a string, []byte or io.Reader Data is not looked into: the body's
//     required members count as given;
//   - a parameter is written in its OpenAPI style: a path's through the
//     operation's template (/users/{.id}), a query's pipeDelimited,
//     spaceDelimited or deepObject as the operation's StyledValue gives
//     it (catalog.Operation is such an operation), in Build, HTTPRequest
//     and Parse of Merge's options alike (but not of those options
//     through JSON, which does not carry the catalogue: see Options;
//     Build("", o) or BuildJSON builds them again).
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

// catalogRef is a layer's catalog; a later layer's replaces it.
type catalogRef struct{ c Catalog }

func mergeCatalog(base, l catalogRef) catalogRef {
	if l.c != nil {
		return l
	}
	return base
}

// isOperationID reports whether a route is shaped like an operation ID:
// two or more non-empty "/"-separated words of letters, digits, "_", "."
// and "-" ("issues/list-for-repo").
func isOperationID(s string) bool { return idWords(s) >= 2 }

// isOperationWord reports whether a route is one such word ("findPets"),
// as most API descriptions but GitHub's name their operations. Alone it
// is no valid route, so with a catalogue it is read as an ID; as a
// target after a method ("GET user") it is a path first.
func isOperationWord(s string) bool { return idWords(s) == 1 }

// idWords counts the words of an operation ID; 0 for anything else.
func idWords(s string) int {
	words, n := 0, 0
	for i := 0; i <= len(s); i++ {
		if i == len(s) || s[i] == '/' {
			if n == 0 {
				return 0
			}
			words, n = words+1, 0
			continue
		}
		if c := s[i]; !ascii.IsAlnum(c) && c != '_' && c != '.' && c != '-' {
			return 0
		}
		n++
	}
	return words
}

// applyCatalog checks merged options against the catalog and routes
// their parameters: see WithCatalog. params are the merged parameters and
// mine the call's own, to tell them from the defaults'; both are only
// read (a Builder's are passed uncopied). callHeaders are the headers the
// call itself set or removed, which a default's header parameter does not
// replace; callMethod is the method the call itself gave, which an
// operation ID's must be. It returns the parameters left for the parser
// (params itself unless some were dropped or moved), whether it changed
// the headers, the operation, and its template when m.URL is it.
func applyCatalog(m *layer, params []param, mine paramList, callHeaders headerList, callMethod string, cat Catalog) (kept []param, headersChanged bool, op Operation, t *template.Template, err error) {
	if op, t, err = routeOperation(m, cat, callMethod); err != nil {
		return nil, false, nil, nil, err
	}
	kept, headersChanged, sendsBody, err := placeParams(m, op, params, mine, callHeaders)
	if err != nil {
		return nil, false, nil, nil, err
	}
	if err := checkData(m, op); err != nil {
		return nil, false, nil, nil, err
	}
	if err := checkMissing(m, op, kept, sendsBody); err != nil {
		return nil, false, nil, nil, err
	}
	return kept, headersChanged, op, t, nil
}

// routeOperation finds the operation m's method and URL address and
// rewrites them as the operation's, keeping a literal query and the
// server an absolute route names; t is the operation's template when
// m.URL is it unchanged.
func routeOperation(m *layer, cat Catalog, callMethod string) (Operation, *template.Template, error) {
	method := m.Method
	byID := isOperationID(m.URL)
	if byID {
		method = "" // an operation ID: the method is the operation's
	}
	if strings.IndexByte(m.URL, '?') >= 0 {
		// The catalogue gives the path, but the caller's query is kept: it
		// must be a template, as without a catalogue. The path is the
		// catalogue's to judge (/d/{$x}?a=1 is no template), so that only
		// the query's error counts.
		if _, err := template.Parse(m.URL); err != nil && queryInvalid(m.URL) {
			return nil, nil, newError("parse", m.URL, err)
		}
	}
	op, err := cat.Resolve(method, m.URL)
	if err != nil && isOperationWord(m.URL) {
		// A path first; else an ID, and the path's error if neither.
		if idOp, idErr := cat.Resolve("", m.URL); idErr == nil {
			op, err, byID = idOp, nil, true
		}
	}
	if err != nil {
		return nil, nil, newError("check", callRoute(m), err)
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
		// The route names its server, as it does without a catalogue;
		// it stays absolute, so that the base URL, where a client sends
		// its token, is not it.
		origin = routeBase(m.URL, t.String())
	}
	m.Method, m.URL = opMethod, t.String()
	if query != "" {
		m.URL, t = withQuery(m.URL, query), nil // the catalogue knows the path; a literal query is the caller's
	}
	if origin != "" {
		m.URL, t = op.BaseURL(origin)+m.URL, nil // the operation's own server, as for a base URL
	}
	m.BaseURL = op.BaseURL(m.BaseURL)
	return op, t, nil
}

// placeParams checks each parameter and moves header parameters into
// m's headers: a default the operation does not declare is dropped, a
// call's own is checked with suggestions. sendsBody says one goes to the
// body.
func placeParams(m *layer, op Operation, params []param, mine paramList, callHeaders headerList) (kept []param, headersChanged, sendsBody bool, err error) {
	// kept is allocated only when a parameter is dropped or moved.
	drop := func(i int) {
		if kept == nil {
			kept = append(make([]param, 0, len(params)), params[:i]...)
		}
	}
	for i, p := range params {
		loc, err := op.Place(p.name, p.v)
		if loc == InNone && err == nil {
			if mine.find(p.name) < 0 {
				drop(i) // a default the operation does not declare: not for it
				continue
			}
			// Unknown, with suggestions; or a member an open body takes.
			if err = op.CheckParam(p.name, p.v); err == nil {
				loc = InBody
			}
		}
		if err != nil {
			return nil, false, false, newError("check", p.name, err)
		}
		sendsBody = sendsBody || loc == InBody
		if loc == InHeader {
			drop(i)
			if k := p.v.Kind(); k == value.Array || k == value.Object {
				if v, ok := op.StyledValue(p.name, p.v); ok {
					p.v = v // the header's simple style, written by the catalogue
				}
			}
			set, err := headerParam(m, p, callHeaders, mine)
			if err != nil {
				return nil, false, false, err
			}
			headersChanged = headersChanged || set
			continue
		}
		if kept != nil {
			kept = append(kept, p)
		}
	}
	if kept == nil {
		kept = params
	}
	return kept, headersChanged, sendsBody, nil
}

// checkData checks a Data value the catalogue can look into: its JSON
// type, and an object's members as members of the body.
func checkData(m *layer, op Operation) error {
	if !m.Data.set || m.Data.raw != nil || opaqueBody(m.Data) {
		return nil
	}
	if err := op.CheckData(m.Data.v); err != nil {
		return newError("check", callRoute(m), err)
	}
	if obj := m.Data.v; obj.Kind() == value.Object {
		for _, mem := range obj.Members() {
			if err := op.CheckMember(mem.Key, mem.Value); err != nil {
				return newError("check", mem.Key, err)
			}
		}
	}
	return nil
}

// checkMissing asks the operation for the required parameters the call
// leaves out, once missing says one is: the operation builds the error. A
// required body property named as a path, query or header parameter is
// given only by Data (a parameter of its name goes there).
func checkMissing(m *layer, op Operation, kept []param, sendsBody bool) error {
	if !missing(op, m, paramList{kept}, sendsBody) {
		return nil
	}
	// A copy for the catalogue's callback, which may keep it: a Builder's
	// parameters, passed uncopied, would move the Builder to the heap.
	ps, data, hs := paramList{slices.Clone(kept)}, m.Data, m.Headers
	err := op.MissingIn(func(name string, inBody bool) bool {
		if inBody && op.Locate(name) != InBody {
			return dataHas(data, name) || opaqueBody(data)
		}
		return given(op, ps, data, hs, name)
	}, sendsBody || data.set)
	if err != nil {
		return newError("check", callRoute(m), err)
	}
	return nil
}

// missing reports whether a required parameter is absent, without the
// allocations of building the error; sendsBody says a parameter goes to
// the body.
func missing(op Operation, m *layer, params paramList, sendsBody bool) bool {
	always, withBody := op.Requires()
	for _, name := range always {
		if !given(op, params, m.Data, m.Headers, name) {
			return true
		}
	}
	if shadowMissing(op, m.Data, sendsBody) {
		return true
	}
	if len(withBody) == 0 || opaqueBody(m.Data) || !m.Data.set && !sendsBody {
		return false
	}
	for _, name := range withBody {
		if params.find(name) < 0 && !dataHas(m.Data, name) {
			return true
		}
	}
	return false
}

// shadowMissing reports whether a property the body requires that is
// named as a path, query or header parameter is absent: a parameter of
// its name went there, so only Data (or a body not looked into) gives it.
func shadowMissing(op Operation, d body, sendsBody bool) bool {
	always, withBody := op.Shadowed()
	if len(always)+len(withBody) == 0 || opaqueBody(d) {
		return false
	}
	for _, name := range always {
		if !dataHas(d, name) {
			return true
		}
	}
	if !d.set && !sendsBody {
		return false
	}
	for _, name := range withBody {
		if !dataHas(d, name) {
			return true
		}
	}
	return false
}

// given reports whether a call gives the required parameter name: as a
// parameter op sends, a member of Data, any body member of a string or
// raw Data, or, for a header parameter, as that header. A nil one in the
// query is left out of the URL, as is an empty array or object or one of
// nulls (RFC 6570's undefined), so it is not given (in a body, null is
// written; a nil path value is the template's ErrMissingParam).
func given(op Operation, params paramList, data body, hs headerList, name string) bool {
	if i := params.find(name); i >= 0 && (!params.list[i].v.Undefined() || op.Locate(name) != InQuery) {
		return true
	}
	if dataHas(data, name) {
		return true
	}
	switch op.Locate(name) {
	case InBody:
		return opaqueBody(data)
	case InHeader:
		return hasHeader(hs, name)
	}
	return false
}

// routeBase returns the base URL an absolute route names for op: its text
// before the path op's template matched, which has as many segments as
// op's path ("https://ghe.example.com/api/v3" of
// "https://ghe.example.com/api/v3/repos/{owner}/{repo}?x=1").
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

// headerParam sets the header a parameter the catalogue places in a
// header is sent as (set false for no value), unless it is a default's
// and the call sets or removes that header itself.
func headerParam(m *layer, p param, callHeaders headerList, mine paramList) (set bool, err error) {
	text, ok, err := headerText(p.name, p.v)
	if err != nil || !ok {
		return false, err // nil: no value, so no header
	}
	name := headers.Name(p.name)
	if callHeaders.find(name) >= 0 && mine.find(p.name) < 0 {
		return false, nil // a default's: the call's own header, or its removal, stays
	}
	m.Headers = m.Headers.set(header{name: name, value: text})
	return true, headerLimit(len(m.Headers.list))
}

// headerText is the value a header parameter is sent as, checked as a
// header set with Header is: a scalar's text, or an array's items joined
// with commas (OpenAPI's simple style), nil items left out. ok is false
// for null and for an array of nothing else: no header is sent, as no
// query pair is. An array or object inside one, or an object, has no such
// text.
func headerText(name string, v value.Value) (text string, ok bool, err error) {
	switch v.Kind() {
	case value.Null:
		return "", false, nil
	case value.Object:
		return "", false, newError("header", name, fmt.Errorf("%w: an object has no place in a header", ErrInvalidValue))
	case value.Array:
		var b strings.Builder
		for _, it := range v.Items() {
			switch it.Kind() {
			case value.Null:
				continue
			case value.Array, value.Object:
				return "", false, newError("header", name, fmt.Errorf("%w: an array or object inside a list has no place in a header", ErrInvalidValue))
			}
			if ok {
				b.WriteByte(',')
			}
			b.WriteString(it.Text())
			ok = true
		}
		text = b.String()
	default:
		text, ok = v.Text(), true
	}
	if ok {
		if err := checkHeader(name, text); err != nil {
			return "", false, err
		}
	}
	return text, ok, nil
}

// hasHeader reports whether hs sets the header a header parameter name
// is, as a header of the call or of its defaults, or as the parameter
// itself (applyCatalog moves it there).
func hasHeader(hs headerList, name string) bool {
	i := hs.find(headers.Name(name))
	return i >= 0 && !hs.list[i].removed
}

// dataHas reports whether Data is an object with the member name.
func dataHas(d body, name string) bool {
	if !d.set || d.raw != nil {
		return false
	}
	_, ok := d.v.Get(name)
	return ok
}

// opaqueBody reports whether Data is a string, []byte or reader, sent as it
// is: the catalogue cannot see inside, so the body's required members are
// taken as given.
func opaqueBody(d body) bool {
	return d.set && (d.raw != nil || d.v.Kind() == value.String && !d.asJSON)
}

// withQuery puts a route's literal query into a catalogue's template,
// so that the URL has one "?": after the template's own literal query
// (a key's "?beta=true"), less the pairs that query writes already, or
// before the {?…} expression the template ends with (SplitTarget), which
// then goes on with the query ({&…}): "/assets?x=1&name=a", not
// "/assets?name=a?x=1".
func withQuery(target, query string) string {
	if _, end := iroute.PathBounds(target); end < len(target) && target[end] == '?' {
		own := target[end+1:]
		if i := strings.IndexByte(own, '{'); i >= 0 {
			own = own[:i]
		}
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

// otherPairs returns the "&"-separated pairs of query that own does not
// hold, byte for byte, each of own's pairs standing for one of query's.
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

// literalQuery returns the literal query of a URL template: its text
// from the first "?" outside an expression up to a fragment, without the
// expressions in it (the catalogue places the parameters they name), or
// "". The text after an expression is kept: "?a=1{&b}&c=2" is "?a=1&c=2".
// The caller checked that url parses.
func literalQuery(url string) string {
	if strings.IndexByte(url, '?') < 0 {
		return "" // most routes: one fast scan
	}
	depth, start := 0, -1
	var kept []byte // only when an expression is left out
	for i := 0; i < len(url); i++ {
		switch c := url[i]; {
		case c == '{':
			if depth == 0 && start >= 0 && kept == nil {
				kept = append([]byte(nil), url[start:i]...)
			}
			depth++
		case c == '}':
			depth--
		case depth > 0:
		case c == '#':
			if start < 0 {
				return ""
			}
			return queryText(url[start:i], kept)
		case c == '?' && start < 0:
			start = i
		case kept != nil:
			kept = append(kept, c)
		}
	}
	if start < 0 {
		return ""
	}
	return queryText(url[start:], kept)
}

// queryInvalid reports whether the literal query of url (from the first
// "?" outside an expression) is no template, as its whole text failed to
// parse; false when that failure was the path's. It runs only on that
// error path.
func queryInvalid(url string) bool {
	depth := 0
	for i := 0; i < len(url); i++ {
		switch url[i] {
		case '{':
			depth++
		case '}':
			depth--
		case '?':
			if depth == 0 {
				_, err := template.Parse(url[i:])
				return err != nil
			}
		}
	}
	return true // no query outside an expression: the text is malformed
}

// queryText is literalQuery's result: the query as written, or kept
// when an expression was left out of it.
func queryText(written string, kept []byte) string {
	if kept == nil {
		return written
	}
	return string(kept)
}

// parseTarget parses a call's URL template; with a catalogue it is the
// catalogue's (applyCatalog, directCatalog, or Merge's options), whose
// colons are literal, never v6's :name.
func parseTarget(target string, catalogued bool) (*template.Template, error) {
	if catalogued {
		return template.ParseRFC6570(target)
	}
	return template.Parse(target)
}

// catalogNames returns params with the names a catalogue's template t
// holds percent-encoded (template.VarName: include[] as include%5B%5D,
// in the operation's {?…}) written so, that t takes them; params itself
// when there are none. The parameters keep their names until then, so
// that the required ones are found and Merge's options hold them as
// given (and are checked again as such).
func catalogNames(t *template.Template, params []param) []param {
	if strings.IndexByte(t.String(), '%') < 0 {
		return params // no name it holds is encoded: most templates
	}
	var out []param
	for i := range params {
		name := params[i].name
		enc := template.VarName(name)
		if enc == name || t.Uses(name) || !t.Uses(enc) {
			continue
		}
		if out == nil {
			out = slices.Clone(params)
		}
		out[i].name = enc
	}
	if out == nil {
		return params
	}
	return out
}

// callRoute is the route of merged options, for error messages.
func callRoute(m *layer) string {
	if m.Method == "" {
		return m.URL
	}
	return m.Method + " " + m.URL
}
