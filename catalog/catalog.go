package catalog

import (
	"fmt"
	"slices"
	"strings"

	"github.com/endpointkit/endpoint/internal/ascii"
	"github.com/endpointkit/endpoint/internal/quote"
)

// Info describes where a catalogue came from.
type Info struct {
	// Title and Version are the description's info.title and info.version.
	Title   string
	Version string
	// Source names the document, e.g. "@octokit/openapi@23.0.2 api.github.com.json".
	Source string
	// Servers are the description's servers; the first is the default.
	Servers []Server
	// Accept is the accept header the description asks for
	// ("application/json"), which builder.WithCatalog sets; "" keeps the
	// Endpoint's (GitHub's catalogues: its media type is the Endpoint's).
	Accept string
}

// Catalog is a set of operations indexed by route and by operation ID.
// It never changes once made and is safe for concurrent use; the
// Operations it returns must not be modified. A nil *Catalog is an empty
// one, in which every route is unknown.
type Catalog struct {
	info   Info
	ops    []*Operation
	byPath map[string][]*Operation // path template as in the spec
	// byShape indexes paths with every variable written "{}", so that a
	// route is found whatever its variables are called.
	byShape map[string][]*Operation
	// byVariant indexes the operations whose key names a variant after
	// "#" (/files/{file_id}#get_shared_link) by the shape of the path
	// before it, which the template they are built with has: a route
	// that is no key finds them there when no operation has its shape.
	byVariant map[string][]*Operation
	byID      map[string]*Operation
	shapes    []string // the keys of byShape, sorted
	ids       []string // the keys of byID, sorted
	// def is the default server, parsed; nil when there is none.
	def *serverTemplate
}

// New makes a catalogue of ops, which it copies. Each operation needs a
// method and a path starting with "/"; a method and path, or an ID, may
// appear only once.
func New(info Info, ops []Operation) (*Catalog, error) {
	info.Servers = cloneServers(info.Servers)
	own := make([]Operation, len(ops))
	for i := range ops {
		own[i] = ops[i].clone()
	}
	return build(info, own)
}

// build indexes ops, which it takes ownership of.
func build(info Info, ops []Operation) (*Catalog, error) {
	c := &Catalog{
		info:    info,
		ops:     make([]*Operation, len(ops)),
		byPath:  make(map[string][]*Operation, len(ops)),
		byShape: make(map[string][]*Operation, len(ops)),
		byID:    make(map[string]*Operation, len(ops)),
	}
	if len(info.Servers) > 0 {
		c.def = parseServer(info.Servers[0].URL)
	}
	seen := make(map[[2]string]bool, len(ops)) // method and path
	for i := range ops {
		op := &ops[i]
		if err := op.prepare(c); err != nil {
			return nil, err
		}
		op.prepareEnums()
		key := [2]string{op.Method, op.Path}
		if seen[key] {
			return nil, invalid(fmt.Sprintf("operation %s %s appears twice", op.Method, op.Path))
		}
		seen[key] = true
		c.ops[i] = op
		c.byPath[op.Path] = append(c.byPath[op.Path], op)
		shape := shapeOf(op.Path)
		if _, ok := c.byShape[shape]; !ok {
			c.shapes = append(c.shapes, shape)
		}
		c.byShape[shape] = append(c.byShape[shape], op)
		if i := strings.IndexByte(op.Path, '#'); i >= 0 {
			if c.byVariant == nil {
				c.byVariant = make(map[string][]*Operation)
			}
			base := shapeOf(op.Path[:i])
			c.byVariant[base] = append(c.byVariant[base], op)
		}
		if op.ID != "" {
			if _, dup := c.byID[op.ID]; dup {
				return nil, invalid(fmt.Sprintf("operation ID %q appears twice", op.ID))
			}
			c.byID[op.ID] = op
			c.ids = append(c.ids, op.ID)
		}
	}
	slices.Sort(c.shapes)
	slices.Sort(c.ids)
	return c, nil
}

func invalid(detail string) error { return &Error{Detail: detail, Err: ErrInvalid} }

// empty is what a nil *Catalog stands for: a catalogue of no
// operations, in which every route is unknown (a catalogue that failed to
// load then fails every call loudly).
var empty Catalog

// or0 is c, or the empty catalogue for nil.
func (c *Catalog) or0() *Catalog {
	if c == nil {
		return &empty
	}
	return c
}

// Accept returns Info.Accept: see builder.Catalog.
func (c *Catalog) Accept() string { return c.or0().info.Accept }

// Info returns where the catalogue came from. Its Servers must not be modified.
func (c *Catalog) Info() Info { return c.or0().info }

// Len returns the number of operations.
func (c *Catalog) Len() int { return len(c.or0().ops) }

// Operations returns every operation in the description's order. The
// slice is the caller's; the operations must not be modified.
func (c *Catalog) Operations() []*Operation { return slices.Clone(c.or0().ops) }

// DefaultServer returns the URL of the description's first server, with
// its variables unfilled, or "" when it lists none.
func (c *Catalog) DefaultServer() string {
	c = c.or0()
	if len(c.info.Servers) == 0 {
		return ""
	}
	return c.info.Servers[0].URL
}

// ByID returns the operation with that operationId, such as "repos/get".
func (c *Catalog) ByID(id string) (*Operation, error) {
	c = c.or0()
	if op, ok := c.byID[id]; ok {
		return op, nil
	}
	return nil, &Error{Route: cleanRoute(id), Err: ErrUnknownRoute, Detail: "no operation has this ID", Suggestions: nearest(id, c.ids)}
}

// Lookup returns the operation of a method and a path template, such as
// "GET" and "/repos/{owner}/{repo}/issues". The method's case does not
// matter; an empty method means GET, or, when path does not start with
// "/", that path is an operation ID (see [Catalog.ByID]).
//
// Templates are matched by their literal text, with every variable a
// wildcard: "/repos/{o}/{r}" finds "/repos/{owner}/{repo}", and so do
// "/repos/:o/:r" and an absolute URL on one of the description's servers.
// The operation's template ([Operation.Template], "/users/{.id}" for a
// path parameter of style label) finds it too.
// Query expressions ("{?name,label}") and a query string are ignored,
// but for a key that writes them: "/files/{id}#get_shared_link" and
// "/responses/{rid}?beta=true" find those keys' operations. When the
// caller's variable names differ from the spec's, the Operation
// returned is a copy whose path parameters carry the caller's names;
// for a route that writes its key's literal query, one whose Template
// leaves that query out, since the route sends it (builder.WithCatalog
// keeps a route's literal query).
//
// An unknown route is an *Error wrapping ErrUnknownRoute that suggests
// the closest routes.
func (c *Catalog) Lookup(method, path string) (*Operation, error) {
	return c.or0().lookup(method, path, false)
}

// errNoOperation is lookup's quiet error: no operation has the method and
// path, said without the suggestions Lookup's error works out.
var errNoOperation = &Error{Err: ErrUnknownRoute, Detail: "no operation has this method and path"}

// lookup is Lookup; quiet gives errNoOperation where no operation has the
// method and path, so that a caller with another way to find one (a
// concrete URL, Resolve) does not pay for suggestions first.
func (c *Catalog) lookup(method, path string, quiet bool) (*Operation, error) {
	if ops, ok := c.byPath[path]; ok {
		m := method
		if m == "" {
			m = "GET"
		}
		for _, op := range ops {
			if ascii.EqualFold(op.Method, m) {
				return op, nil
			}
		}
	}
	return c.lookupSlow(method, path, quiet)
}

func (c *Catalog) lookupSlow(method, path string, quiet bool) (*Operation, error) {
	if method == "" && !strings.HasPrefix(path, "/") && !strings.Contains(path, "://") {
		return c.ByID(path)
	}
	route := cleanRoute(strings.TrimSpace(method + " " + path))
	if method == "" {
		method = "GET"
	}
	p := c.normalize(path)
	shape := shapeOf(p)
	if op, ok, err := c.lookupKey(c.keyOf(path), p, method, route); ok {
		return op, err
	}
	cands := c.byShape[shape]
	if !slices.ContainsFunc(cands, func(op *Operation) bool { return ascii.EqualFold(op.Method, method) }) {
		// A template a variant is built with (Merge's options hold it).
		cands = append(slices.Clip(cands), c.byVariant[shape]...)
	}
	if op, ok, err := pickOperation(cands, p, method, route); ok {
		return op, err
	}
	if quiet && len(cands) == 0 {
		return nil, errNoOperation
	}
	if len(cands) > 0 {
		return nil, otherMethods(cands, method, route)
	}
	return nil, c.unknownPath(p, shape, method, route)
}

// lookupKey finds the operation of a route that writes a key's literal
// query or variant name (/responses/{id}?beta=true,
// /files/{id}#get_shared_link), whatever its variables are called; so
// does one that writes more of its own query after the key's
// (?beta=true&stream=false), which it sends. ok is false when key, the
// route's, is none of these.
func (c *Catalog) lookupKey(key, p, method, route string) (op *Operation, ok bool, err error) {
	for key != p {
		for _, op := range c.byShape[shapeOf(key)] {
			if ascii.EqualFold(op.Method, method) {
				if op.Path == key {
					return op, true, nil
				}
				r, err := renamedFor(op, key, route)
				return r, true, err
			}
		}
		base, query := splitKey(key)
		i := strings.LastIndexByte(query, '&')
		if i < 0 || strings.Contains(key[len(base)+len(query):], "#") {
			break
		}
		key = base + query[:i]
	}
	return nil, false, nil
}

// pickOperation finds among cands, the operations of path p's shape, the
// one of the method; ok is false when none has it.
func pickOperation(cands []*Operation, p, method, route string) (op *Operation, ok bool, err error) {
	for _, op := range cands {
		if ascii.EqualFold(op.Method, method) {
			// The path as the spec writes it, or as the operation's
			// template does (/users/{.id} for a label style, {%24id}),
			// which Merge's options hold.
			if path, _ := op.SplitTemplate(); op.Path == p || path == p {
				return op, true, nil
			}
			r, err := renamedFor(op, p, route)
			return r, true, err
		}
	}
	return nil, false, nil
}

// renamedFor is op renamed for path, or route's error when a variable
// has no name ("{}").
func renamedFor(op *Operation, path, route string) (*Operation, error) {
	r, err := op.renamed(path)
	if err != nil {
		return nil, &Error{Route: route, Detail: "unknown route: a variable has no name", Suggestions: []string{op.route}, Err: ErrUnknownRoute}
	}
	return r, nil
}

// otherMethods is the error for a path whose operations, cands, have
// other methods: they are suggested, the nearest method first.
func otherMethods(cands []*Operation, method, route string) error {
	e := &Error{Route: route, Err: ErrUnknownRoute}
	methods := make([]string, len(cands))
	for i, op := range cands {
		methods[i] = op.Method
	}
	e.Detail = fmt.Sprintf("this path has no %s operation, only %s", quote.Cut(strings.ToUpper(method), maxQuoted), strings.Join(methods, ", "))
	for _, m := range nearestAll(strings.ToUpper(method), methods) {
		for _, op := range cands {
			if op.Method == m {
				e.Suggestions = append(e.Suggestions, op.Method+" "+op.Path)
			}
		}
	}
	return e
}

// unknownPath is the error for a path p no operation has: it suggests
// the operations of the nearest shapes, those of the method first, and
// the operation a path of values addresses.
func (c *Catalog) unknownPath(p, shape, method, route string) error {
	e := &Error{Route: route, Err: ErrUnknownRoute}
	e.Detail = "no operation has this method and path"
	for _, s := range nearest(shape, c.shapes) {
		var same, other []string
		for _, op := range c.byShape[s] {
			if ascii.EqualFold(op.Method, method) {
				same = append(same, op.Method+" "+op.Path)
			} else {
				other = append(other, op.Method+" "+op.Path)
			}
		}
		if len(same) > 0 {
			e.Suggestions = append(e.Suggestions, same...)
		} else {
			e.Suggestions = append(e.Suggestions, other...)
		}
	}
	if !strings.ContainsAny(p, "{}") {
		// A path of values (/repos/o/r/issues/1/comments): the operation
		// it addresses first.
		if m, err := c.Match(method, p); err == nil {
			e.Detail += " (a path of values is matched to its operation only as an absolute URL on one of the description's servers)"
			e.Suggestions = append([]string{m.route}, slices.DeleteFunc(e.Suggestions, func(s string) bool { return s == m.route })...)
		}
	}
	if len(e.Suggestions) > 3 {
		e.Suggestions = e.Suggestions[:3]
	}
	return e
}

// nearestAll orders every candidate by its distance to word.
func nearestAll(word string, candidates []string) []string {
	out := slices.Clone(candidates)
	slices.SortStableFunc(out, func(a, b string) int {
		return distance(word, a, 100) - distance(word, b, 100)
	})
	return out
}

// normalize turns the forms Lookup accepts into a plain path template:
// an absolute URL on a known server loses its origin and the server's
// path, ":name" becomes "{name}", and query expressions, query strings
// and fragments go.
func (c *Catalog) normalize(path string) string {
	// A path that starts with "/" is no absolute URL, even with "://"
	// in a segment (/repos/o/r/contents/http://x).
	if i := strings.Index(path, "://"); i >= 0 && !strings.HasPrefix(path, "/") {
		path = c.serverPath(path[i+3:])
	}
	if i := strings.IndexAny(path, "?#"); i >= 0 {
		if i > 0 && path[i-1] == '{' {
			i--
		}
		path = path[:i]
	}
	if i := strings.Index(path, "{&"); i >= 0 {
		path = path[:i]
	}
	if strings.Contains(path, "/:") {
		path = colonVars(path)
	}
	return path
}

// serverPath is the path of an absolute URL whose scheme and "://" rest
// drops, without the path of the first known server it is on.
func (c *Catalog) serverPath(rest string) string {
	path := "/"
	if j := strings.IndexByte(rest, '/'); j >= 0 {
		path = rest[j:]
	}
	for _, s := range c.allServers() {
		if prefix := s.pathPrefix(); prefix != "" && strings.HasPrefix(path, prefix+"/") {
			return path[len(prefix):]
		}
	}
	return path
}

// colonVars writes each ":name" segment of path as "{name}".
func colonVars(path string) string {
	var b strings.Builder
	for i, seg := range strings.Split(path, "/") {
		if i > 0 {
			b.WriteByte('/')
		}
		if len(seg) > 1 && seg[0] == ':' {
			b.WriteString("{" + seg[1:] + "}")
		} else {
			b.WriteString(seg)
		}
	}
	return b.String()
}

// keyOf is normalize that keeps a route's literal query and what follows
// a "#", as a description's key may write them: only the query
// expressions ({?…}, {&…}) go.
func (c *Catalog) keyOf(path string) string {
	if !strings.ContainsAny(path, "?#") {
		return c.normalize(path)
	}
	var b strings.Builder
	depth, skip := 0, false
	for i := 0; i < len(path); i++ {
		ch := path[i]
		switch {
		case ch == '{':
			if depth == 0 && i+1 < len(path) && (path[i+1] == '?' || path[i+1] == '&') {
				skip = true
			}
			depth++
		case ch == '}':
			depth--
			if depth == 0 && skip {
				skip = false
				continue
			}
		}
		if !skip {
			b.WriteByte(ch)
		}
	}
	key := b.String()
	base, rest := key, ""
	if i := strings.IndexAny(key, "?#"); i >= 0 {
		base, rest = key[:i], key[i:]
	}
	return c.normalize(base) + rest
}

// allServers returns the parsed catalogue and operation servers.
func (c *Catalog) allServers() []*serverTemplate {
	var out []*serverTemplate
	if c.def != nil {
		out = append(out, c.def)
	}
	for _, op := range c.ops {
		if op.server != nil {
			out = append(out, op.server)
		}
	}
	return out
}

// shapeOf writes every {expression} of a template as "{}".
func shapeOf(path string) string {
	if !strings.Contains(path, "{") {
		return path
	}
	var b strings.Builder
	b.Grow(len(path))
	for {
		i := strings.IndexByte(path, '{')
		if i < 0 {
			b.WriteString(path)
			return b.String()
		}
		j := strings.IndexByte(path[i:], '}')
		if j < 0 {
			b.WriteString(path)
			return b.String()
		}
		b.WriteString(path[:i])
		b.WriteString("{}")
		path = path[i+j+1:]
	}
}

// varNames returns the variable names of a template's expressions, in
// order, without operators or modifiers.
func varNames(path string) []string {
	var names []string
	for {
		i := strings.IndexByte(path, '{')
		if i < 0 {
			return names
		}
		j := strings.IndexByte(path[i:], '}')
		if j < 0 {
			return names
		}
		expr := strings.TrimLeft(path[i+1:i+j], "+#./;?&")
		if k := strings.IndexAny(expr, ":*,"); k >= 0 {
			expr = expr[:k]
		}
		names = append(names, expr)
		path = path[i+j+1:]
	}
}
