package catalog

import (
	"errors"
	"fmt"
	iroute "github.com/endpointkit/endpoint/internal/route"
	"slices"
	"strings"

	"github.com/endpointkit/endpoint/internal/value"
	"github.com/endpointkit/endpoint/template"
)

// RequestBody describes an operation's request body.
type RequestBody struct {
	// Media is the media type the spec lists first, e.g. "application/json".
	Media string
	// Type is the set of JSON types the whole body may have. Only an
	// object body has parameters (its top-level properties); a body that
	// may also be, say, an array is still sent whole with Data.
	Type Type
	// Required says the spec requires a body.
	Required bool
	// Additional is non-nil when a JSON object body may have members
	// other than its parameters, as a free-form object may: each is then
	// checked against it (the zero Schema allows any value). nil refuses
	// them as unknown parameters, so that a typo ("stat") is caught.
	Additional *Schema
}

// Operation is one method on one path. Its fields are read-only once
// the Operation belongs to a Catalog. Its checks read what a Catalog
// works out from them when it is made (the required parameters, the
// numbers an enum lists): check an Operation of a Catalog, not one made
// by hand. A nil *Operation, what a failed Lookup returns, knows
// nothing: it has no route, parameters or servers, and its checks fail
// with an *Error wrapping ErrUnknownRoute.
type Operation struct {
	// ID is the operationId, e.g. "repos/get".
	ID string
	// Method is upper-case: "GET".
	Method string
	// Path is the template as the spec writes it: "/repos/{owner}/{repo}".
	Path string
	// Servers are the operation's own servers; nil means the catalogue's.
	Servers []Server
	// Params are the path, query, header, cookie and body parameters, in
	// that order, each group in the spec's order.
	Params []Param
	// Body is nil when the operation takes no request body.
	Body *RequestBody

	cat      *Catalog
	route    string   // Method + " " + Path
	template string   // see Template
	required []string // see Required
	optBody  []string // required in an optional body
	bodyAt   int      // where required's body properties start
	// shadowed are the properties of required[bodyAt:] and of optBody
	// named as a path, query or header parameter (see Shadowed).
	shadowed, shadowedOpt []string
	index                 []uint8         // Params by name, when there are many
	parsed                *parsedTemplate // template, parsed at first use (Target)
	server                *serverTemplate // Servers[0], parsed
	fixed                 string          // the URL of a Server without variables
	// styled says a query or header parameter has a value StyledValue
	// rewrites.
	styled bool
	// bound is the operation a copy bound to a concrete path was made
	// of (boundTo), whose path parameters the path gives; nil for most.
	bound *Operation
}

// indexFrom is the parameter count from which a search by name uses a
// hash table rather than a scan.
const indexFrom = 6

func (op *Operation) clone() Operation {
	c := *op
	c.Servers = cloneServers(op.Servers)
	c.Params = slices.Clone(op.Params)
	for i := range c.Params {
		c.Params[i].Schema = c.Params[i].Schema.clone()
	}
	if op.Body != nil {
		b := *op.Body
		if b.Additional != nil {
			a := b.Additional.clone()
			b.Additional = &a
		}
		c.Body = &b
	}
	c.cat, c.required, c.optBody, c.index, c.server, c.fixed, c.parsed = nil, nil, nil, nil, nil, "", nil
	c.shadowed, c.shadowedOpt = nil, nil
	c.bound = nil
	return c
}

func (s Schema) clone() Schema {
	s.Enum = slices.Clone(s.Enum)
	s.numKeys = nil // build makes them again
	if s.Items != nil {
		it := s.Items.clone()
		s.Items = &it
	}
	s.Properties = slices.Clone(s.Properties)
	for i := range s.Properties {
		s.Properties[i].Schema = s.Properties[i].Schema.clone()
	}
	return s
}

func cloneServers(ss []Server) []Server {
	if ss == nil {
		return nil
	}
	out := slices.Clone(ss)
	for i := range out {
		out[i].Variables = slices.Clone(out[i].Variables)
		for j := range out[i].Variables {
			out[i].Variables[j].Enum = slices.Clone(out[i].Variables[j].Enum)
		}
	}
	return out
}

// prepare checks op and computes what lookups and checks need.
func (op *Operation) prepare(c *Catalog) error {
	if err := op.validate(); err != nil {
		return err
	}
	slices.SortStableFunc(op.Params, func(a, b Param) int { return int(a.In) - int(b.In) })
	op.cat = c
	op.route = op.Method + " " + op.Path
	op.buildTemplate()
	op.listRequired()
	op.parsed = new(parsedTemplate)
	op.buildIndex()
	op.server, op.fixed = nil, ""
	if len(op.Servers) > 0 {
		op.server = parseServer(op.Servers[0].URL)
		if len(op.server.vars) == 0 {
			op.fixed = strings.TrimRight(op.Servers[0].URL, "/")
		}
	}
	return nil
}

// validate checks op's method, path and parameter locations and styles,
// and upper-cases the method.
func (op *Operation) validate() error {
	if op.Method == "" || strings.ContainsAny(op.Method, " \t/{}") {
		return invalid(fmt.Sprintf("operation %q: invalid method %q", op.ID, op.Method))
	}
	op.Method = strings.ToUpper(op.Method)
	if !strings.HasPrefix(op.Path, "/") {
		return invalid(fmt.Sprintf("operation %q: path %q does not start with /", op.ID, op.Path))
	}
	for _, p := range op.Params {
		if p.Name == "" || p.In < Path || p.In > Body {
			return invalid(fmt.Sprintf("operation %s %s: a parameter has no name or location", op.Method, op.Path))
		}
		if !p.Style.takes(p.In) {
			return invalid(fmt.Sprintf("operation %s %s: parameter %q: style %s does not apply to a %s parameter", op.Method, op.Path, p.Name, p.Style, p.In))
		}
	}
	return nil
}

// buildTemplate sets op.template, the key's path with its variables
// written as the parameters' styles say and a query expression of the
// parameters the builder must name, and op.styled.
func (op *Operation) buildTemplate() {
	// A key may name a variant after "#" (Box's /files/{file_id}#get_shared_link),
	// which is never sent, and hold a literal query (OpenAI's
	// /responses?beta=true), which the template writes; the builder leaves
	// it out of a route that writes it too.
	path, query := splitKey(op.Path)
	op.template = path + query
	np := 0 // the path parameters come first (Params are sorted by In)
	for _, p := range op.Params {
		if p.In != Path {
			continue
		}
		np++
		if expr := pathExpr(&p); expr != p.Name {
			op.template = strings.ReplaceAll(op.template, "{"+p.Name+"}", "{"+expr+"}")
		}
	}
	q := op.queryNames(np)
	if len(q) > 0 {
		open := "{?"
		if query != "" {
			open = "{&" // after the key's own query
		}
		op.template += open + strings.Join(q, ",") + "}"
	}
}

// pathExpr is the template expression of path parameter p.
func pathExpr(p *Param) string {
	// $id as %24id, as a query name is written below: the path as
	// written is no template. A style is an RFC 6570 operator.
	expr := template.VarName(p.Name)
	switch p.Style {
	case StyleLabel:
		expr = "." + expr
	case StyleMatrix:
		expr = ";" + expr
	}
	if p.Explode {
		expr += "*"
	}
	return expr
}

// queryNames returns the query variables the template names, given the
// number np of path parameters, and sets op.styled.
func (op *Operation) queryNames(np int) []string {
	body := op.Method != "GET" && op.Method != "HEAD"
	var q []string
	op.styled = false
	for _, p := range op.Params {
		// A method with a body names every query parameter, which would
		// go to the body; any method names those it explodes, and those
		// of a style other than @octokit/endpoint's (catalog/openapi's
		// StyleForm: items encoded, delimiters literal). A name the path
		// has too is the path's: its value is not written twice.
		explode := p.Explode && p.Style != StyleDeepObject
		if p.In == Query && (body || explode || p.Style != StyleDefault) &&
			!slices.ContainsFunc(op.Params[:np], func(q Param) bool { return q.Name == p.Name }) {
			name := template.VarName(p.Name) // include[] as include%5B%5D
			if explode {
				name += "*"
			}
			q = append(q, name)
		}
		op.styled = op.styled || p.In == Query && styledQuery(&p, body) || p.In == Header && styledHeader(&p)
	}
	return q
}

// listRequired sets op.required, op.bodyAt, op.optBody and the shadowed
// lists from the parameters' Required.
func (op *Operation) listRequired() {
	op.required = op.required[:0]
	op.optBody, op.shadowed, op.shadowedOpt = nil, nil, nil
	op.bodyAt = -1
	others := op.beforeBody()
	for _, p := range op.Params {
		switch {
		case !p.Required:
		case p.In == Path || p.In == Query || p.In == Header:
			op.required = append(op.required, p.Name)
		case p.In == Body && op.Body != nil && op.Body.Required:
			if op.bodyAt < 0 {
				op.bodyAt = len(op.required)
			}
			op.required = append(op.required, p.Name)
			if others.has(p.Name) {
				op.shadowed = append(op.shadowed, p.Name)
			}
		case p.In == Body:
			op.optBody = append(op.optBody, p.Name)
			if others.has(p.Name) {
				op.shadowedOpt = append(op.shadowedOpt, p.Name)
			}
		}
	}
	if op.bodyAt < 0 {
		op.bodyAt = len(op.required)
	}
}

// paramNames answers whether a parameter has a name, by a map when
// there are many.
type paramNames struct {
	params []Param
	names  map[string]bool
}

func (s paramNames) has(name string) bool {
	if s.names != nil {
		return s.names[name]
	}
	return slices.ContainsFunc(s.params, func(q Param) bool { return q.Name == name })
}

// beforeBody returns the parameters before the body's (Params are sorted
// by In): a required body property named as one of them is shadowed,
// since a parameter of its name goes there.
func (op *Operation) beforeBody() paramNames {
	nb := len(op.Params)
	for nb > 0 && op.Params[nb-1].In == Body {
		nb--
	}
	s := paramNames{params: op.Params[:nb]}
	if len(s.params) > 16 {
		s.names = make(map[string]bool, len(s.params))
		for _, q := range s.params {
			s.names[q.Name] = true
		}
	}
	return s
}

// buildIndex sets op.index, an open-addressing table of parameter
// numbers plus one, at most half full: a lookup hashes the name and
// compares it once or twice. Few parameters are scanned instead.
func (op *Operation) buildIndex() {
	op.index = nil
	n := len(op.Params)
	if n < indexFrom || n >= 255 {
		return
	}
	size := 16
	for size < 2*n {
		size *= 2
	}
	op.index = make([]uint8, size)
	for i := range op.Params {
		h := nameHash(op.Params[i].Name) & uint(size-1)
		for op.index[h] != 0 {
			if op.Params[op.index[h]-1].Name == op.Params[i].Name {
				break // a name in two places: the first (path) wins
			}
			h = (h + 1) & uint(size-1)
		}
		if op.index[h] == 0 {
			op.index[h] = uint8(i + 1)
		}
	}
}

// splitKey splits a description's path key into the path, and the
// literal query it writes ("?beta=true", "" for most): what follows a "?"
// outside an expression, up to a "#". A "#" outside an expression, and
// what follows it, is dropped: a client sends no fragment.
func splitKey(key string) (path, query string) {
	q, end := iroute.QueryBounds(key)
	if q < 0 {
		return key[:end], ""
	}
	return key[:q], key[q:end]
}

// renamed returns a copy of op for a template of the same shape whose
// variables have other names; an error when they cannot be names.
func (op *Operation) renamed(path string) (*Operation, error) {
	from, to := varNames(op.Path), varNames(path)
	c := *op
	c.required, c.optBody, c.index, c.parsed = nil, nil, nil, nil // prepare must not write into op's
	c.shadowed, c.shadowedOpt = nil, nil
	c.Path = path
	c.Params = slices.Clone(op.Params)
	for i := range c.Params {
		if c.Params[i].In != Path {
			continue
		}
		// A name the template holds encoded ({%24id}, as Merge's options
		// give it) is the same name.
		if k := slices.Index(from, c.Params[i].Name); k >= 0 && k < len(to) && to[k] != template.VarName(from[k]) {
			c.Params[i].Name = to[k]
		}
	}
	if err := c.prepare(op.cat); err != nil {
		return nil, err
	}
	return &c, nil
}

// boundTo returns a copy of op for a concrete path it matches (see
// Catalog.Resolve): its template is the path, with op's query
// expression, and it has no path parameters, since the path gives them.
// Everything else is op's, its Path and String too.
func (op *Operation) boundTo(path string) (*Operation, error) {
	c := *op
	c.required, c.optBody, c.index, c.parsed = nil, nil, nil, nil // prepare must not write into op's
	c.shadowed, c.shadowedOpt = nil, nil
	c.Params = slices.DeleteFunc(slices.Clone(op.Params), func(p Param) bool { return p.In == Path })
	c.Path = path
	if err := c.prepare(op.cat); err != nil {
		return nil, err
	}
	c.Path, c.route, c.bound = op.Path, op.route, op
	return &c, nil
}

// Route returns the method and the path template: "GET", "/repos/{owner}/{repo}".
// A nil Operation gives "", "".
func (op *Operation) Route() (method, path string) {
	if op == nil {
		return "", ""
	}
	return op.Method, op.Path
}

// Template returns the path template a call should be built with: Path,
// and a query expression naming its query parameters for a method that
// sends a body (anything but GET and HEAD), as @octokit's route lists
// write it: "/repos/{owner}/{repo}/releases/{release_id}/assets{?name,label}".
// Without it, an engine that puts leftover parameters in the body of a
// POST would send name and label there. For any method it names a query
// parameter that explodes (Param.Explode), with "*" ("/items{?ids*}"
// sends ids=1&ids=2), and one of any Style but StyleDefault (every query
// parameter catalog/openapi reads): "/items{?fields}" sends
// fields=a%2Cb,c, as OpenAPI's form writes ["a,b", "c"]. A path
// parameter's Style is its RFC 6570 operator, and its Explode the "*":
// "/users/{.id}" for label, "/users/{;id*}" for matrix exploded. A name
// that is no template variable name, of a query or path parameter, is
// written percent-encoded (template.VarName: /things/{%24id}); a query
// parameter named as a path parameter is not named (the name is the
// path's). What a key writes after "#" (Box's /files/{file_id}#get_shared_link)
// is left out, as a client never sends it; its literal query (OpenAI's
// /responses?beta=true) is kept, and the expression continues it:
// "/responses?beta=true{&limit}". A nil Operation gives "".
func (op *Operation) Template() string {
	if op == nil {
		return ""
	}
	return op.template
}

// SplitTemplate returns Template in two: the path, and the {?…}
// expression Template ends with ("" when it has none, as for most GETs),
// so that a reader of the path need not find the expression itself: the
// fake server of package endpointtest matches a request's path against
// the first part. It splits as internal/route's SplitTarget does, with which
// WithCatalog puts a route's literal query between the two. A nil
// Operation gives "", "".
func (op *Operation) SplitTemplate() (path, query string) {
	return iroute.SplitTarget(op.Template())
}

// String returns "METHOD /path"; "<nil>" for a nil Operation.
func (op *Operation) String() string {
	if op == nil {
		return "<nil>"
	}
	return op.route
}

// errNil is the error of a nil Operation's checks, about the parameter
// name ("" for the whole call). Its Route is the nil Operation's String.
func errNil(name string) error {
	return &Error{Route: "<nil>", Param: name, Detail: "no operation (a nil *Operation, as a failed Lookup returns)", Err: ErrUnknownRoute}
}

// hasNothing is Missing's has when it is nil.
func hasNothing(string) bool { return false }

// Param returns the parameter called name. A name used in two places
// gives the first of path, query, header, cookie and body (a path
// variable over a body property, a query parameter over a body
// property): that is where builder.WithCatalog sends a parameter of that
// name, and the body's is given only by Data (see Shadowed).
func (op *Operation) Param(name string) (*Param, bool) {
	if i := op.paramIndex(name); i >= 0 {
		return &op.Params[i], true
	}
	return nil, false
}

// paramIndex is Param's position in Params, or -1 (for a nil op too).
func (op *Operation) paramIndex(name string) int {
	if op == nil {
		return -1
	}
	if op.index == nil {
		for i := range op.Params {
			if op.Params[i].Name == name {
				return i
			}
		}
		return -1
	}
	mask := uint(len(op.index) - 1)
	for h := nameHash(name) & mask; op.index[h] != 0; h = (h + 1) & mask {
		if i := int(op.index[h]) - 1; op.Params[i].Name == name {
			return i
		}
	}
	return -1
}

// nameHash mixes a name's length and three of its bytes: enough to tell
// the parameters of one operation apart, and cheap.
func nameHash(name string) uint {
	n := uint(len(name))
	if n == 0 {
		return 0
	}
	return n*0x9E3779B1 ^ uint(name[0])*0x85EBCA77 ^ uint(name[n-1])*0xC2B2AE3D ^ uint(name[n/2])*0x27D4EB2F
}

// In returns where the parameter called name travels.
func (op *Operation) In(name string) (Location, bool) {
	if p, ok := op.Param(name); ok {
		return p.In, true
	}
	return 0, false
}

// Required returns the names of the required path, query, header and
// body parameters, in that order (a header parameter is given when the
// call sets that header). Cookie parameters are left out: the builder
// sends no cookies. A property the body schema requires counts
// only when the body itself is required; see [Operation.Missing] for an
// optional body. The slice is shared and must not be modified; it has no
// room past its length, so that appending to it makes a copy. A nil
// Operation gives nil.
func (op *Operation) Required() []string {
	if op == nil {
		return nil
	}
	return slices.Clip(op.required)
}

// Missing returns an *Error wrapping ErrMissingParam that lists every
// required parameter (see [Operation.Required]) for which has reports
// false, or nil when none is missing. When the body is optional but the
// call sends some of its parameters, the properties its schema requires
// are required too. A nil has reports false for every name. A nil
// Operation fails with ErrUnknownRoute.
func (op *Operation) Missing(has func(name string) bool) error {
	if op == nil {
		return errNil("")
	}
	if has == nil {
		has = hasNothing
	}
	sendsBody := false
	if len(op.optBody) > 0 {
		for i := range op.Params {
			if op.Params[i].In == Body && has(op.Params[i].Name) {
				sendsBody = true
				break
			}
		}
	}
	return op.MissingBody(has, sendsBody)
}

// MissingBody is [Operation.Missing] for a call that says itself whether
// it sends a body: one made only of members the body does not list
// (RequestBody.Additional), or given whole as data, makes the optional
// body's required properties required as much as a listed member does.
// A nil has, and a nil Operation, are as for Missing.
func (op *Operation) MissingBody(has func(name string) bool, sendsBody bool) error {
	if op == nil {
		return errNil("")
	}
	if has == nil {
		has = hasNothing
	}
	return op.MissingIn(func(name string, _ bool) bool { return has(name) }, sendsBody)
}

// MissingIn is [Operation.MissingBody] for a call that tells a body
// property from a parameter of the same name: has is asked with body
// true for a property the body requires, false for the others. A
// parameter named as one of the body's properties and as a path, query
// or header parameter goes there, not to the body (see
// [Operation.Shadowed]): builder.WithCatalog gives such a property only
// by Data. A nil has reports false for every name; a nil Operation is as
// for Missing.
func (op *Operation) MissingIn(has func(name string, body bool) bool, sendsBody bool) error {
	if op == nil {
		return errNil("")
	}
	if has == nil {
		has = func(string, bool) bool { return false }
	}
	sendsBody = sendsBody && len(op.optBody) > 0
	n := op.countMissing(has, sendsBody)
	if n == 0 {
		return nil
	}
	missing := op.appendMissing(make([]string, 0, n), has, sendsBody)
	return &Error{Route: op.route, Missing: missing, Detail: op.missingDetail(missing, has), Err: ErrMissingParam}
}

// countMissing counts the names appendMissing appends, so that it
// allocates once and only when one is missing.
func (op *Operation) countMissing(has func(name string, body bool) bool, sendsBody bool) int {
	n := 0
	for i, name := range op.required {
		if !has(name, i >= op.bodyAt) {
			n++
		}
	}
	if sendsBody {
		for _, name := range op.optBody {
			if !has(name, true) {
				n++
			}
		}
	}
	return n
}

// appendMissing appends the required names has does not have, then,
// when the request sends a body, the optional body's.
func (op *Operation) appendMissing(missing []string, has func(name string, body bool) bool, sendsBody bool) []string {
	for i, name := range op.required {
		if !has(name, i >= op.bodyAt) {
			missing = append(missing, name)
		}
	}
	if sendsBody {
		for _, name := range op.optBody {
			if !has(name, true) {
				missing = append(missing, name)
			}
		}
	}
	return missing
}

// missingDetail says why a missing body property was not given: the
// method sends no body, or a parameter of its name took the value.
func (op *Operation) missingDetail(missing []string, has func(name string, body bool) bool) string {
	if op.Body != nil && !methodSendsBody(op.Method) {
		for _, name := range missing {
			if slices.Contains(op.required[op.bodyAt:], name) || slices.Contains(op.optBody, name) {
				return "the request body's, which the builder sends only for POST, PUT, PATCH and DELETE, not " + op.Method
			}
		}
	}
	for _, name := range missing {
		if p, ok := op.Param(name); ok && p.In != Body && (slices.Contains(op.shadowed, name) || slices.Contains(op.shadowedOpt, name)) &&
			has(name, false) {
			return fmt.Sprintf("the body's %q, which only data gives: a parameter of that name is the %s's", name, p.In)
		}
	}
	return ""
}

// Shadowed lists the properties the body requires that are named as a
// path, query or header parameter too: always (a required body's), and
// once a body is sent (an optional body's), as Requires does. A
// parameter of that name goes to its path, query or header, so only a
// body given whole gives them. Most operations have none (nil, nil).
// The slices are shared and must not be modified.
func (op *Operation) Shadowed() (always, withBody []string) {
	if op == nil {
		return nil, nil
	}
	return slices.Clip(op.shadowed), slices.Clip(op.shadowedOpt)
}

// CheckParam checks one parameter: that op has it, and that v has a type
// and a value its schema allows. It costs no allocation when v passes.
//
// Path, query, header and cookie values travel as text, so they are
// checked as text: 30 and "30" both pass for an integer, "true" for a
// boolean, and, but in the path, an array of scalars for a string (it
// is sent comma-separated; where the schema lists the values it takes,
// of one item at most, since items joined are none of them); a path
// parameter takes an array or object only where its schema allows one
// (an owner of ["a", "b"] is ErrType, not /repos/a,b). null passes,
// since a call leaves it out, but for a required path parameter, which
// is then missing (ErrMissingParam), as it is given an empty array or
// object, or one of nulls, which RFC 6570 expands to nothing too, or ""
// (its segment would be empty), unless the parameter holds a path
// (Param.MultiSegment: contents/ lists the root); a path parameter of
// style label or matrix, or exploded, is missing given such a value
// whether required or not. An object, where the schema
// allows one, must hold scalars (or nulls, left out), each checked as
// text against the property of its name; a parameter of style
// deepObject takes no array, nor a member (but a null one) whose key is
// empty or holds "[" or "]", which its name[key] pair would not tell
// apart, and an object exploded into pairs of its members' names (form,
// pipe- or space-delimited, exploded) names no other parameter of op.
// Every Style writes scalars, arrays and objects of scalars, so the check
// is the same for all. A body value must have the JSON type
// the spec asks for (an integral number such as 1.0 is an integer), and
// arrays' items and the known properties of objects are checked as deep
// as the catalogue describes them;
// properties it does not describe are allowed.
//
// A name op does not declare passes as a member of the body when the
// body takes members other than its parameters (RequestBody.Additional)
// and v fits the schema it gives them. A nil Operation fails with
// ErrUnknownRoute.
func (op *Operation) CheckParam(name string, v value.Value) error {
	if op == nil {
		return errNil(name)
	}
	i := op.paramIndex(name)
	if i < 0 {
		if in, ok := op.bound.In(name); ok && in == Path {
			return &Error{Route: op.route, Param: name, Err: ErrUnknownParam,
				Detail: "a path parameter, which the route's concrete path gives already"}
		}
		if x := op.extra(); x != nil {
			return op.checkExtra(name, x, &v)
		}
		return op.unknownParam(name)
	}
	return op.checkValue(&op.Params[i], &v)
}

// extra is the schema of the body members op does not declare, or nil
// when it refuses them or sends no body.
func (op *Operation) extra() *Schema {
	if op.Body == nil || !methodSendsBody(op.Method) {
		return nil
	}
	return op.Body.Additional
}

// checkExtra checks an undeclared body member against x.
func (op *Operation) checkExtra(name string, x *Schema, v *value.Value) error {
	if x.matchJSON(*v, 0) {
		return nil
	}
	p := Param{Name: name, In: Body, Schema: *x}
	return op.explain(&p, *v)
}

// checkValue is CheckParam for a declared parameter. v is read through a
// pointer: a Value passed by value is spilled and copied, and the copy's
// wide loads of narrow stores stall.
func (op *Operation) checkValue(p *Param, v *value.Value) error {
	if p.In == Body && !methodSendsBody(op.Method) {
		return op.bodiless(p.Name)
	}
	if p.In == Path {
		if err := op.checkPath(p, v); err != nil {
			return err
		}
	}
	// The common case first: a string where a string may go.
	if s := &p.Schema; v.Kind() == value.String && (s.Type == 0 || s.Type&String != 0) {
		if len(s.Enum) == 0 || s.inEnumString(v.Text()) {
			return nil
		}
		return op.explain(p, *v)
	}
	if op.matches(p, v) {
		return nil
	}
	return op.explain(p, *v)
}

// matches is checkValue's test of a value that is not a string where a
// string may go: a number where a number may go first, then a body's
// against its JSON schema, another's against the text it is sent as and
// its style.
func (op *Operation) matches(p *Param, v *value.Value) bool {
	if s := &p.Schema; v.Kind() == value.Number && len(s.Enum) == 0 &&
		(s.Type&Number != 0 || s.Type&Integer != 0 && v.IsInteger()) {
		return true
	}
	if p.In == Body {
		return p.Schema.matchJSON(*v, 0)
	}
	return p.Schema.matchText(*v) && (p.Style != StyleDeepObject || deepKeysOK(v) || p.DeepArrays && v.Kind() == value.Array) &&
		op.foreignKey(p, v) == ""
}

// methodSendsBody reports whether the builder sends a request body for
// an operation's method: POST, PUT, PATCH and DELETE. A description may give
// another a body (OPTIONS, or GET in OpenAPI 3.1): its members are
// refused, since they would be sent nowhere, or moved to the query.
func methodSendsBody(method string) bool {
	switch method { // upper-case: prepare made it so
	case "POST", "PUT", "PATCH", "DELETE":
		return true
	}
	return false
}

// bodiless is the error of a body member of an operation whose method
// the builder sends no body for.
func (op *Operation) bodiless(name string) error {
	return &Error{Route: op.route, Param: name, Err: ErrUnknownParam, Detail: op.bodilessWhy()}
}

func (op *Operation) bodilessWhy() string {
	return "a member of the request body, which the builder sends only for POST, PUT, PATCH and DELETE, not " + op.Method +
		": it cannot be sent, so the call is refused rather than sent without it"
}

// checkPath is what a path parameter's value must be beyond its schema:
// a required one is missing when its value would leave its segment empty
// or say nothing (RFC 6570 expands null, an empty array or object, or
// one of nulls, to nothing), "" included unless the parameter holds a
// path (MultiSegment: contents/ is the root; see emptyPath); so is any
// such value of style label or matrix, or exploded, which expands to
// nothing too. An array or object is a type of its own, not a string's:
// a schema must allow it (an owner of ["a", "b"] would be sent as
// /repos/a,b).
func (op *Operation) checkPath(p *Param, v *value.Value) error {
	switch k := v.Kind(); k {
	case value.String:
		if v.Text() == "" && p.Required {
			return op.emptyPath(p)
		}
	case value.Null, value.Array, value.Object:
		return op.checkPathValue(p, v, k)
	}
	return nil
}

// checkPathValue is checkPath for a null, array or object of kind k.
func (op *Operation) checkPathValue(p *Param, v *value.Value, k value.Kind) error {
	if (p.Required || p.Style == StyleLabel || p.Style == StyleMatrix || p.Explode) && v.Undefined() {
		return &Error{Route: op.route, Missing: []string{p.Name}, Err: ErrMissingParam}
	}
	if t := p.Schema.Type; k == value.Array && t != 0 && t&Array == 0 || k == value.Object && t != 0 && t&Object == 0 {
		e := &Error{Route: op.route, Param: p.Name}
		p.Schema.typeError(e, "", *v, false)
		return e
	}
	return nil
}

// emptyPath is the error of "" for a required path parameter, nil where
// "" is a value: for a parameter that holds a path (MultiSegment) and is
// the path's last segment, whose trailing slash then names the root
// (GET /repos/o/r/contents/), unless the path without that segment is
// another operation of the method, which the server would read it as
// (GitHub's branches/{branch}, whose "" would list the branches).
func (op *Operation) emptyPath(p *Param) error {
	e := &Error{Route: op.route, Missing: []string{p.Name}, Err: ErrMissingParam,
		Detail: "an empty value, which would leave its path segment empty"}
	path, _ := splitKey(op.Path)
	parent, last := path[:strings.LastIndexByte(path, '/')+1], "{"+p.Name+"}"
	if !p.MultiSegment || !strings.HasSuffix(path, "/"+last) || len(parent)+len(last) != len(path) {
		return e
	}
	if op.cat != nil {
		for _, o := range op.cat.byShape[shapeOf(strings.TrimSuffix(parent, "/"))] {
			if o.Method == op.Method {
				e.Detail = "an empty value, which would address " + o.route + " instead"
				return e
			}
		}
	}
	return nil
}

// foreignKey returns the first member name of an object value of p, a
// query parameter whose object is exploded into pairs of its members'
// names (form, and pipe- or space-delimited exploded: R=100&G=200), that
// names another of op's parameters: such a member would be sent as that
// parameter, past its check. A null member is left out, so its name does
// not count. "" when there is none.
func (op *Operation) foreignKey(p *Param, v *value.Value) string {
	if p.In != Query || !p.Explode || p.Style == StyleDeepObject || v.Kind() != value.Object {
		return ""
	}
	for _, m := range v.Members() {
		if m.Value.Kind() != value.Null && m.Key != p.Name && op.paramIndex(m.Key) >= 0 {
			return m.Key
		}
	}
	return ""
}

// Check is CheckParam for a Go value, converted as encoding/json would
// marshal it. A nil Operation fails with ErrUnknownRoute.
func (op *Operation) Check(name string, x any) error {
	if op == nil {
		return errNil(name)
	}
	v, ok := value.Scalar(x)
	if !ok {
		var err error
		if v, err = value.Of(x); err != nil {
			return &Error{Route: op.route, Param: name, Detail: "value has no JSON form: " + err.Error(), Err: ErrType}
		}
	}
	return op.CheckParam(name, v)
}

// Validate checks a whole call's parameters: each one with Check, in
// sorted order, then that none required is missing. It returns every
// problem found, joined (errors.Join), or nil. A nil Operation fails
// once, with ErrUnknownRoute.
func (op *Operation) Validate(params map[string]any) error {
	if op == nil {
		return errNil("")
	}
	names := make([]string, 0, len(params))
	for name := range params {
		names = append(names, name)
	}
	slices.Sort(names)
	var errs []error
	for _, name := range names {
		if err := op.Check(name, params[name]); err != nil {
			errs = append(errs, err)
		}
	}
	if err := op.Missing(func(name string) bool { _, ok := params[name]; return ok }); err != nil {
		errs = append(errs, err)
	}
	return errors.Join(errs...)
}

func (op *Operation) unknownParam(name string) error {
	names := make([]string, 0, len(op.Params))
	for _, p := range op.Params {
		names = append(names, p.Name)
	}
	e := &Error{Route: op.route, Param: name, Err: ErrUnknownParam, Suggestions: nearest(name, names)}
	if op.Body == nil {
		return e
	}
	if !methodSendsBody(op.Method) {
		if op.Body.Additional != nil { // a member the open body would take
			e.Detail, e.Suggestions = op.bodilessWhy(), nil
		}
		return e
	}
	switch {
	case op.Body.Type != 0 && op.Body.Type&Object == 0:
		e.Detail = fmt.Sprintf("unknown parameter (the %s body is a whole %s: send it as data)", op.Body.Media, op.Body.Type)
	case op.Body.Media != "" && !JSONMedia(op.Body.Media):
		// A form or multipart body: its members are no parameters.
		e.Detail = fmt.Sprintf("unknown parameter (the body is %s, which parameters do not fill: send it as data)", op.Body.Media)
	}
	return e
}

// JSONMedia reports whether a body of this media type is JSON, which
// parameters fill: application/json, any +json type, or */*, parameters
// after ";" and case aside.
func JSONMedia(media string) bool {
	m, _, _ := strings.Cut(strings.ToLower(media), ";")
	m = strings.TrimSpace(m)
	return m == "application/json" || strings.HasSuffix(m, "+json") || m == "*/*"
}
