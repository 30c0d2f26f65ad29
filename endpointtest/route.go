package endpointtest

import (
	"fmt"
	"iter"
	"net/url"
	"reflect"
	"strconv"
	"strings"

	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/catalog"
	"github.com/endpointkit/endpoint/internal/ascii"
	iroute "github.com/endpointkit/endpoint/internal/route"
	"github.com/endpointkit/endpoint/template"
	"github.com/yosida95/uritemplate/v3"
)

// pattern is a route compiled for matching in reverse: from a request's
// method, path and query back to the route's parameters.
//
// Most routes are made of literal segments and {name} segments; those
// are matched segment by segment here, which accepts any byte a client
// may leave unescaped in a segment (":", "@", "!", "+", …). Any other
// path ({base}...{head}, {/list*}, {.ext}, {x:3}, {+path}) is matched by
// the uritemplate module, after the request path is written in the
// escaping it expects (see canonical), with hyphenated names rewritten,
// since the module knows only RFC 6570 names ({enterprise-team} is an
// extension of ours).
type pattern struct {
	route  string // "GET /repos/{owner}/{repo}/issues", as normalised
	method string // upper case; "" matches any method
	path   string // the path part of the template text
	// segs are the path's segments after its leading "/".
	segs []segment
	// simple says every segment is a literal or one {name}.
	simple bool
	// mod matches a path that is not simple; names maps its variable
	// names (a hyphen written "_") back to the template's.
	mod   *uritemplate.Template
	names map[string]string
	keep  [256]bool
	// pre screens paths for the module: its literal segments, and
	// whether the segment count is fixed.
	pre   []segment
	fixed bool
	// vars are the path's variable names, in order, once each.
	vars []string
	// queryVars are the names of the {?…} and {&…} expressions; queryLits
	// the name=value pairs written literally after a "?".
	queryVars []string
	queryLits []queryPair
	// rank orders patterns when several match: see morePrecise.
	rank []uint8
}

type segment struct {
	lit   string // unescaped literal text, for a literal segment
	name  string // the variable, for a {name} segment
	isVar bool
	// op is the operator of a whole-segment {.name} (label) or {;name}
	// (matrix), as a catalogue's parameter styles write them, and
	// explode the "*" of such a segment or of {name*}: see read.
	op      byte
	explode bool
}

type queryPair struct{ name, value string }

// The rank of a segment: a literal one beats one mixing literal text and
// expressions, which beats an expression alone.
const (
	rankVar uint8 = iota
	rankMixed
	rankLiteral
)

// splitRoute splits a route by the builder's rule (internal/route's
// Split), with the method upper-cased. A handler or matcher needs a path,
// so the target must also start with "/" or "{" or be an absolute URL,
// even after a method (the builder would join "GET repos" to its base URL).
func splitRoute(route string) (method, target string, err error) {
	method, target, ok := iroute.Split(route)
	if !ok {
		return "", "", &builder.Error{Op: "route", Input: builder.RedactURL(route), Err: builder.ErrInvalidRoute}
	}
	switch {
	case target == "":
		return "", "", fmt.Errorf("empty route")
	case !strings.HasPrefix(target, "/") && !strings.HasPrefix(target, "{") && !strings.Contains(target, "://"):
		return "", "", fmt.Errorf("the target must start with \"/\" or be an absolute URL")
	}
	return strings.ToUpper(method), target, nil
}

// compileRoute compiles a route as Server.Handle and Route take it.
func compileRoute(route string) (*pattern, error) {
	method, target, err := splitRoute(route)
	if err != nil {
		return nil, err
	}
	return compileTemplate(method, target, template.Parse)
}

// compileOperation compiles a catalogue operation's path as the builder
// reads it: RFC 6570 alone (a colon is literal: {model}:generateContent),
// with the names its template holds percent-encoded ({%24id}), matched
// back to the parameters' own ($id). The query expression the template
// ends with is left out: the query is checked by name (checkSent).
func compileOperation(op *catalog.Operation) (*pattern, error) {
	path, _ := op.SplitTemplate()
	p, err := compileTemplate(op.Method, path, template.ParseRFC6570)
	if err != nil {
		return nil, err
	}
	decode := func(name string) string {
		if d, err := url.PathUnescape(name); err == nil {
			return d
		}
		return name
	}
	for i := range p.segs {
		p.segs[i].name = decode(p.segs[i].name)
	}
	for i := range p.vars {
		p.vars[i] = decode(p.vars[i])
	}
	for k, v := range p.names {
		p.names[k] = decode(v)
	}
	return p, nil
}

// compileTemplate compiles a route's target, parsed with parse.
func compileTemplate(method, target string, parse func(string) (*template.Template, error)) (*pattern, error) {
	t, err := parse(target)
	if err != nil {
		return nil, err
	}
	text := t.String()
	// An absolute template: only its path takes part.
	if i := strings.Index(text, "://"); i >= 0 {
		rest := text[i+3:]
		j := strings.IndexByte(rest, '/')
		if j < 0 {
			rest, j = "/", 0
		}
		if strings.ContainsAny(rest[:j], "{}") {
			return nil, fmt.Errorf("an expression in the host cannot be matched")
		}
		text = rest[j:]
	}
	p := &pattern{method: method}
	path, query := splitQuery(text)
	p.path = path
	if method == "" {
		p.route = text
	} else {
		p.route = method + " " + text
	}
	if err := p.compileQuery(query); err != nil {
		return nil, err
	}
	if err := p.compilePath(path); err != nil {
		return nil, err
	}
	return p, nil
}

// splitQuery splits a template at its first literal "?" or {?…}, {&…}
// or {#…} expression, dropping a fragment.
func splitQuery(text string) (path, query string) {
	depth := 0
	for i := 0; i < len(text); i++ {
		switch c := text[i]; {
		case c == '{':
			if depth == 0 && i+1 < len(text) && strings.IndexByte("?&#", text[i+1]) >= 0 {
				return text[:i], text[i:]
			}
			depth++
		case c == '}':
			depth--
		case depth == 0 && (c == '?' || c == '#'):
			return text[:i], text[i:]
		}
	}
	return text, ""
}

// compileQuery reads the query part of a template: literal pairs and the
// names of query expressions. A fragment ends it.
func (p *pattern) compileQuery(q string) error {
	for q != "" {
		switch {
		case q[0] == '#' || strings.HasPrefix(q, "{#"):
			return nil
		case q[0] == '{':
			end := strings.IndexByte(q, '}')
			for _, spec := range strings.Split(q[2:end], ",") {
				p.queryVars = append(p.queryVars, specName(spec))
			}
			q = q[end+1:]
		default:
			end := strings.IndexAny(q[1:], "{#")
			if end < 0 {
				end = len(q) - 1
			}
			lits := q[1 : end+1]
			q = q[end+1:]
			p.queryLits = append(p.queryLits, parseQuery(lits)...)
		}
	}
	return nil
}

// specName returns a varspec's name without its modifier.
func specName(spec string) string {
	if i := strings.IndexAny(spec, ":*"); i >= 0 {
		return spec[:i]
	}
	return spec
}

// compilePath compiles the path part of a template: segment by segment
// when every expression is a whole segment this package matches itself,
// else by the template module, screened (see screen).
func (p *pattern) compilePath(path string) error {
	if !strings.HasPrefix(path, "/") {
		p.simple = false
		return p.compileModule(path)
	}
	p.simple = true
	for _, s := range splitSegments(path[1:]) {
		p.addSegment(s)
	}
	if p.simple {
		return nil
	}
	p.compileScreen(path)
	p.segs = nil
	p.vars = nil
	return p.compileModule(path)
}

// addSegment adds one segment of a path template, and its rank; a
// segment this package cannot match itself makes the pattern not simple.
func (p *pattern) addSegment(s string) {
	switch {
	case !strings.Contains(s, "{"):
		p.segs = append(p.segs, segment{lit: unescapePath(s)})
		p.rank = append(p.rank, rankLiteral)
	case isSimpleExpr(s):
		name := s[1 : len(s)-1]
		p.segs = append(p.segs, segment{name: name, isVar: true})
		p.rank = append(p.rank, rankVar)
		p.addVar(name)
	case isStyledExpr(s):
		seg := segment{name: s[1 : len(s)-1], isVar: true}
		if c := seg.name[0]; c == '.' || c == ';' {
			seg.op, seg.name = c, seg.name[1:]
		}
		seg.name, seg.explode = strings.CutSuffix(seg.name, "*")
		p.segs = append(p.segs, seg)
		p.rank = append(p.rank, rankVar)
		p.addVar(seg.name)
	default:
		p.simple = false
		if strings.HasPrefix(s, "{") && strings.HasSuffix(s, "}") && strings.Count(s, "{") == 1 {
			p.rank = append(p.rank, rankVar)
		} else {
			p.rank = append(p.rank, rankMixed)
		}
	}
}

// compileScreen sets what screen checks before the module's Match,
// which is slow (its threads copy maps): literal segments must be there,
// and when no expression can write a "/", the number of segments too.
func (p *pattern) compileScreen(path string) {
	p.pre = p.segs[:0]
	for _, s := range splitSegments(path[1:]) {
		if strings.Contains(s, "{") {
			p.pre = append(p.pre, segment{isVar: true})
		} else {
			p.pre = append(p.pre, segment{lit: unescapePath(s)})
		}
	}
	p.fixed = !strings.Contains(path, "{/") && !strings.Contains(path, "{+") && !strings.Contains(path, "{#")
}

// screen reports whether an escaped path may fit a pattern the module
// matches: see compileScreen.
func (p *pattern) screen(escaped string) bool {
	if p.pre == nil {
		return true
	}
	segs := strings.Split(strings.TrimPrefix(escaped, "/"), "/")
	if p.fixed && len(segs) != len(p.pre) {
		return false
	}
	for i, s := range p.pre {
		if s.isVar {
			if !p.fixed {
				return true // later segments may shift
			}
			continue
		}
		if i >= len(segs) || unescapePath(segs[i]) != s.lit {
			return false
		}
	}
	return true
}

// splitSegments splits a path template at the "/" outside expressions.
func splitSegments(path string) []string {
	var segs []string
	depth, start := 0, 0
	for i := 0; i < len(path); i++ {
		switch path[i] {
		case '{':
			depth++
		case '}':
			depth--
		case '/':
			if depth == 0 {
				segs = append(segs, path[start:i])
				start = i + 1
			}
		}
	}
	return append(segs, path[start:])
}

// isSimpleExpr reports whether s is one {name} expression: no operator,
// one variable, no modifier.
func isSimpleExpr(s string) bool {
	if len(s) < 3 || s[0] != '{' || s[len(s)-1] != '}' {
		return false
	}
	return !strings.ContainsAny(s[1:len(s)-1], "{}+#./;?&=,!@|:*")
}

// isStyledExpr reports whether s is one {.name} or {;name} expression,
// or one {name*}, {.name*} or {;name*}: a path parameter's label or
// matrix style, or explode (see catalog.Style).
func isStyledExpr(s string) bool {
	if len(s) < 3 || s[0] != '{' || s[len(s)-1] != '}' {
		return false
	}
	inner := s[1 : len(s)-1]
	styled := false
	if inner[0] == '.' || inner[0] == ';' {
		inner, styled = inner[1:], true
	}
	if strings.HasSuffix(inner, "*") {
		inner, styled = inner[:len(inner)-1], true
	}
	return styled && isSimpleExpr("{"+inner+"}")
}

// read reads a request's escaped segment back into the value of a
// styled segment (isStyledExpr): a label's text after its "."; a
// matrix's value after ";name=", or exploded, its values ([]string) or
// the members of an object (map[string]string) when the names are not
// its own; an exploded simple segment's text. ok is false when the
// segment lacks the style's punctuation.
func (seg *segment) read(escaped string) (any, bool) {
	switch seg.op {
	case '.':
		text, ok := strings.CutPrefix(escaped, ".")
		return unescapePath(text), ok
	case ';':
		text, ok := strings.CutPrefix(escaped, ";")
		if !ok {
			return nil, false
		}
		parts := strings.Split(text, ";")
		if !seg.explode && len(parts) > 1 {
			return nil, false
		}
		vals, members, own := make([]string, 0, len(parts)), make(map[string]string, len(parts)), true
		for _, part := range parts {
			k, v, _ := strings.Cut(part, "=")
			k, v = unescapePath(k), unescapePath(v)
			own = own && k == seg.name
			vals = append(vals, v)
			members[k] = v
		}
		switch {
		case own && len(vals) == 1:
			return vals[0], true
		case own:
			return vals, true
		case !seg.explode:
			return nil, false
		}
		return members, true
	}
	return unescapePath(escaped), true
}

func (p *pattern) addVar(name string) {
	for _, v := range p.vars {
		if v == name {
			return
		}
	}
	p.vars = append(p.vars, name)
}

// compileModule rewrites the path template for the uritemplate module:
// hyphenated variable names rewritten (see below), and compiles it.
// It also notes which reserved characters the template writes itself, in
// its literals or as the syntax of its expressions; a request path has
// every other reserved character escaped before matching (see
// canonical), since the module takes a value's reserved characters only
// escaped, as RFC 6570 expands them, and clients often leave them raw.
func (p *pattern) compileModule(path string) error {
	p.names = map[string]string{}
	safe := map[string]string{}
	var b strings.Builder
	for i := 0; i < len(path); {
		if path[i] != '{' {
			end := strings.IndexByte(path[i:], '{')
			if end < 0 {
				end = len(path) - i
			}
			lit := path[i : i+end]
			for k := 0; k < len(lit); k++ {
				p.keep[lit[k]] = true
			}
			b.WriteString(canonical(lit, &p.keep))
			i += end
			continue
		}
		end := i + strings.IndexByte(path[i:], '}')
		expr := path[i+1 : end]
		b.WriteByte('{')
		p.keep[','] = true
		if expr != "" && strings.IndexByte("+#./;?&", expr[0]) >= 0 {
			op := expr[0]
			b.WriteByte(op)
			expr = expr[1:]
			switch op {
			case ';', '?', '&':
				p.keep[op], p.keep['='], p.keep['&'] = true, true, op != ';'
			case '#', '.', '/':
				p.keep[op] = true
			}
		}
		for k, spec := range strings.Split(expr, ",") {
			if k > 0 {
				b.WriteByte(',')
			}
			name := specName(spec)
			s, ok := safe[name]
			if !ok {
				// A named expression ({;x}, {?x}) writes the name into
				// the URL, so a name keeps its spelling; only a hyphen,
				// which the module refuses, becomes "_" (and a name of
				// {;a-b} is then not found: no route has one).
				s = strings.ReplaceAll(name, "-", "_")
				if _, taken := p.names[s]; taken {
					s = "v" + strconv.Itoa(len(safe)) + "_"
				}
				safe[name] = s
				p.names[s] = name
				p.addVar(name)
			}
			b.WriteString(s)
			b.WriteString(spec[len(name):])
		}
		b.WriteByte('}')
		i = end + 1
	}
	mod, err := uritemplate.New(b.String())
	if err != nil {
		return err
	}
	p.mod = mod
	return nil
}

// canonical writes s in the escaping the module matches: unreserved
// characters, "/", the characters keep holds and valid %XX triplets
// (upper-cased) stay; every other byte is percent-encoded.
func canonical(s string, keep *[256]bool) string {
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case isUnreserved(c) || c == '/' || (keep[c] && c != '%'):
			b.WriteByte(c)
		case c == '%' && i+2 < len(s) && ascii.IsHex(s[i+1]) && ascii.IsHex(s[i+2]):
			b.WriteByte('%')
			b.WriteString(strings.ToUpper(s[i+1 : i+3]))
			i += 2
		default:
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}

func isUnreserved(c byte) bool {
	return ascii.IsAlnum(c) || c == '-' || c == '.' || c == '_' || c == '~'
}

// matchMethod reports whether p takes method.
func (p *pattern) matchMethod(method string) bool {
	return p.method == "" || p.method == method || strings.EqualFold(p.method, method)
}

// matchPath matches an escaped request path and returns the path
// variables, in template order; ok is false when the path does not fit.
func (p *pattern) matchPath(escaped string) (builder.Params, bool) {
	if p.simple {
		return p.matchSegments(escaped)
	}
	if !p.screen(escaped) || listItems(escaped) > maxListItems {
		return nil, false
	}
	vals := p.mod.Match(canonical(escaped, &p.keep))
	if vals == nil {
		return nil, false
	}
	byName := map[string]any{}
	for k, v := range vals {
		name := p.names[specName(k)]
		if len(v.V) == 1 && v.T == uritemplate.ValueTypeString {
			byName[name] = v.V[0]
		} else {
			byName[name] = append([]string(nil), v.V...)
		}
	}
	var out builder.Params
	for _, name := range p.vars {
		if v, ok := byName[name]; ok {
			out = append(out, builder.Param{Name: name, Value: v})
		}
	}
	return out, true
}

// maxListItems bounds the items (bytes that may separate a list's
// values) of a path matched against a template that is not simple: the
// module's matcher copies what it has captured at every step, so a path
// of n items costs n squared. Past the bound, a path does not match.
const maxListItems = 256

// listItems counts the bytes of an escaped path that may separate list
// values or path segments in an expansion.
func listItems(escaped string) int {
	n := 0
	for i := 0; i < len(escaped); i++ {
		switch escaped[i] {
		case '/', ',', '.', ';', '&', '=':
			n++
		}
	}
	return n
}

func (p *pattern) matchSegments(escaped string) (builder.Params, bool) {
	if !strings.HasPrefix(escaped, "/") {
		return nil, false
	}
	rest := escaped[1:]
	if strings.Count(rest, "/")+1 != len(p.segs) {
		return nil, false
	}
	var out builder.Params
	for i := range p.segs {
		s := rest
		if j := strings.IndexByte(rest, '/'); j >= 0 {
			s, rest = rest[:j], rest[j+1:]
		}
		u := unescapePath(s)
		seg := &p.segs[i]
		if !seg.isVar {
			if u != seg.lit {
				return nil, false
			}
			continue
		}
		var val any = u
		if seg.op != 0 || seg.explode {
			var ok bool
			if val, ok = seg.read(s); !ok {
				return nil, false
			}
		}
		if v, ok := out.Get(seg.name); ok {
			if !reflect.DeepEqual(v, val) { // the same variable twice must have one value
				return nil, false
			}
			continue
		}
		out = append(out, builder.Param{Name: seg.name, Value: val})
	}
	return out, true
}

// matchQuery checks the literal query pairs of the template.
func (p *pattern) matchQuery(q []queryPair) bool {
	if len(p.queryLits) == 0 {
		return true
	}
	sent := make(map[queryPair]bool, len(q))
	for _, got := range q {
		sent[got] = true
	}
	for _, want := range p.queryLits {
		if !sent[want] {
			return false
		}
	}
	return true
}

// match matches a request and returns its parameters: the path's
// variables in template order, then every query value the template does
// not write literally, in the request's order; a name sent twice or more
// gives a []string in the place of its first.
func (p *pattern) match(method, escapedPath string, q []queryPair) (builder.Params, bool) {
	if !p.matchMethod(method) || !p.matchQuery(q) {
		return nil, false
	}
	params, ok := p.matchPath(escapedPath)
	if !ok {
		return nil, false
	}
	return appendQuery(params, q, p.queryLits), true
}

// appendQuery appends query pairs to params, skipping the literal ones;
// a name's values after the first join it in a []string.
func appendQuery(params builder.Params, q []queryPair, skip []queryPair) builder.Params {
	literal := make(map[queryPair]bool, len(skip))
	for _, s := range skip {
		literal[s] = true
	}
	at := make(map[string]int, len(q)) // a name's place in params
	for _, kv := range q {
		if literal[kv] {
			continue
		}
		i, seen := at[kv.name]
		if !seen {
			at[kv.name] = len(params)
			params = append(params, builder.Param{Name: kv.name, Value: kv.value})
			continue
		}
		switch v := params[i].Value.(type) {
		case string:
			params[i].Value = []string{v, kv.value}
		case []string:
			params[i].Value = append(v, kv.value)
		}
	}
	return params
}

// morePrecise reports whether p should win over o when both match: from
// the left, the first segment where they differ decides, a literal
// beating text mixed with expressions beating an expression alone; then
// the one with more segments; then the one with more literal query pairs
// (/responses?beta=true over /responses, for a request that has it).
func (p *pattern) morePrecise(o *pattern) bool {
	for i := 0; i < len(p.rank) && i < len(o.rank); i++ {
		if p.rank[i] != o.rank[i] {
			return p.rank[i] > o.rank[i]
		}
	}
	if len(p.rank) != len(o.rank) {
		return len(p.rank) > len(o.rank)
	}
	if len(p.queryLits) != len(o.queryLits) {
		return len(p.queryLits) > len(o.queryLits)
	}
	// A route with a method beats one that takes any.
	return p.method != "" && o.method == ""
}

// parseQuery splits a raw query into decoded pairs in order, as
// url.ParseQuery decodes them; a pair that does not decode is kept raw.
func parseQuery(raw string) []queryPair {
	var out []queryPair
	for name, value := range rawPairs(raw) {
		n, err1 := url.QueryUnescape(name)
		v, err2 := url.QueryUnescape(value)
		if err1 != nil || err2 != nil {
			n, v = name, value
		}
		out = append(out, queryPair{n, v})
	}
	return out
}

// rawPairs yields the name and value of each "&"-separated pair of a raw
// query as sent, in order, empty pairs skipped.
func rawPairs(raw string) iter.Seq2[string, string] {
	return func(yield func(name, value string) bool) {
		for rest := raw; rest != ""; {
			var kv string
			kv, rest, _ = strings.Cut(rest, "&")
			if kv == "" {
				continue
			}
			if name, value, _ := strings.Cut(kv, "="); !yield(name, value) {
				return
			}
		}
	}
}

// stripPrefixes are the path prefixes of GitHub Enterprise Server's API
// roots; a request under one is matched without it, so that clients
// configured for GHES (go-github's WithEnterpriseURLs adds them) work.
var stripPrefixes = []string{"/api/v3", "/api/uploads"}

// candidatePaths returns the request path and, when it starts with one
// of the prefixes, the path without it.
func candidatePaths(escaped string, prefixes []string) []string {
	out := []string{escaped}
	for _, pre := range prefixes {
		if strings.HasPrefix(escaped, pre+"/") {
			out = append(out, escaped[len(pre):])
		}
	}
	return out
}

// router finds the most precise pattern for a request. Patterns made of
// whole segments are indexed by their number of segments.
type router struct {
	pats []*pattern
	// prefixes are the API roots a request path may start with.
	prefixes []string
	bySegs   map[int][]int // simple patterns by segment count
	others   []int         // the rest
}

// add appends a pattern, or replaces the one with the same route.
func (r *router) add(p *pattern) (index int, replaced bool) {
	for i, q := range r.pats {
		if q.route == p.route {
			r.pats[i] = p
			return i, true
		}
	}
	r.pats = append(r.pats, p)
	i := len(r.pats) - 1
	if p.simple {
		if r.bySegs == nil {
			r.bySegs = map[int][]int{}
		}
		r.bySegs[len(p.segs)] = append(r.bySegs[len(p.segs)], i)
	} else {
		r.others = append(r.others, i)
	}
	return i, false
}

// find returns the pattern that matches best, its parameters, and
// whether one matched. Of two equally precise, the first added wins.
func (r *router) find(method, escapedPath string, q []queryPair) (int, builder.Params, bool) {
	for _, path := range candidatePaths(escapedPath, r.prefixes) {
		best := -1
		var bestParams builder.Params
		try := func(i int) {
			p := r.pats[i]
			params, ok := p.match(method, path, q)
			if !ok {
				return
			}
			if best < 0 || p.morePrecise(r.pats[best]) || (i < best && !r.pats[best].morePrecise(p)) {
				best, bestParams = i, params
			}
		}
		for _, i := range r.bySegs[strings.Count(path, "/")] {
			try(i)
		}
		for _, i := range r.others {
			try(i)
		}
		if best >= 0 {
			return best, bestParams, true
		}
	}
	return -1, nil, false
}

// unescapePath decodes a path segment; one that does not decode is
// taken as it is.
func unescapePath(s string) string {
	if u, err := url.PathUnescape(s); err == nil {
		return u
	}
	return s
}
