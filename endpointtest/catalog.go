package endpointtest

import (
	"cmp"
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/catalog"
	"github.com/endpointkit/endpoint/internal/value"
	"github.com/endpointkit/endpoint/template"
)

// catalogIndex matches requests to a catalogue's operations in reverse.
type catalogIndex struct {
	cat  *catalog.Catalog
	name string
	ops  []*catalog.Operation
	r    router
	// left are the operations the server does not match: see
	// newCatalogIndex.
	left []leftOut
	// shadowed are, per operation that has some, the body properties
	// named like one of its path, query or header parameters, which a
	// builder sends only from Data (catalog.Operation.Param gives the
	// other): a body member of that name is the body's.
	shadowed map[*catalog.Operation]map[string]bool
}

// leftOut is an operation whose path the server cannot match.
type leftOut struct {
	op      *catalog.Operation
	err     error  // why, for Server.Err's Causes
	problem string // why, naming the operation once, masked
}

// newCatalogIndex indexes c's operations for matching in reverse. An
// operation whose path cannot be matched is left out, with why: a
// template that does not parse (/a/{b c}, which the builder cannot build
// either), or one that reads the same requests as an operation before
// it. One such operation leaves the rest of the catalogue of use, as it
// does for the builder; a request that finds no operation is told of
// those left out (unknownRoute), and Server.Err lists them.
func newCatalogIndex(c *catalog.Catalog) *catalogIndex {
	ix := &catalogIndex{cat: c, name: catalogName(c)}
	ix.r.prefixes = serverPrefixes(c)
	seen := map[string]*catalog.Operation{}
	leave := func(op *catalog.Operation, err error, why string) {
		ix.left = append(ix.left, leftOut{op: op, err: err, problem: builder.RedactURL("operation " + op.String() + " is left out: " + why)})
	}
	for _, op := range c.Operations() {
		p, err := compileOperation(op)
		if err != nil {
			why := err.Error()
			var te *template.Error
			if errors.As(err, &te) {
				why = te.Reason() // the template is the operation's path: said once
			}
			leave(op, err, "its path cannot be matched: "+why)
			continue
		}
		key := requestsKey(p)
		if first := seen[key]; first != nil {
			why := "its path matches the same requests as " + first.String()
			if strings.Contains(op.Path+first.Path, "#") {
				why += ": a fragment is never sent"
			}
			err := errors.New(why)
			leave(op, err, why)
			continue
		}
		seen[key] = op
		ix.r.add(p)
		ix.ops = append(ix.ops, op)
		for _, p := range op.Params {
			if first, _ := op.Param(p.Name); p.In == catalog.Body && first.In != catalog.Body {
				if ix.shadowed == nil {
					ix.shadowed = map[*catalog.Operation]map[string]bool{}
				}
				if ix.shadowed[op] == nil {
					ix.shadowed[op] = map[string]bool{}
				}
				ix.shadowed[op][p.Name] = true
			}
		}
	}
	return ix
}

// requestsKey is the same for two operations' patterns that match the
// same requests: the method, the path with its variables' names left out
// (operators and modifiers kept: {.id*} is not {id}) and the literal
// query pairs in order; a fragment, never sent, is no part of it.
func requestsKey(p *pattern) string {
	var b strings.Builder
	b.WriteString(p.method)
	b.WriteByte(' ')
	b.WriteString(exprRE.ReplaceAllStringFunc(p.path, func(expr string) string {
		inner := expr[1 : len(expr)-1]
		op := ""
		if inner != "" && strings.IndexByte("+#./;?&", inner[0]) >= 0 {
			op, inner = inner[:1], inner[1:]
		}
		specs := strings.Split(inner, ",")
		for i, spec := range specs {
			specs[i] = ""
			if j := strings.IndexAny(spec, ":*"); j >= 0 {
				specs[i] = spec[j:]
			}
		}
		return "{" + op + strings.Join(specs, ",") + "}"
	}))
	lits := slices.Clone(p.queryLits)
	slices.SortFunc(lits, func(a, b queryPair) int {
		return cmp.Or(strings.Compare(a.name, b.name), strings.Compare(a.value, b.value))
	})
	for _, kv := range lits {
		b.WriteString("\x00" + kv.name + "=" + kv.value)
	}
	return b.String()
}

// leftOutNote names the operations of method the server leaves out, for
// a request that found no operation: it may be meant for one of them.
func (ix *catalogIndex) leftOutNote(method string) string {
	var routes []string
	for _, l := range ix.left {
		if l.op.Method == method {
			routes = append(routes, l.op.String())
		}
	}
	if len(routes) == 0 {
		return ""
	}
	more := ""
	if len(routes) > 3 {
		routes, more = routes[:3], fmt.Sprintf(" and %d more", len(routes)-3)
	}
	return builder.RedactURL(" (the server leaves out " + strings.Join(routes, ", ") + more + ", whose path it cannot match: see Server.Err)")
}

// serverPrefixes returns the GHES API roots and the paths of the
// catalogue's servers ("/v1" of https://pets.example.com/v1), which a
// request path may start with.
func serverPrefixes(c *catalog.Catalog) []string {
	out := slices.Clone(stripPrefixes)
	add := func(s catalog.Server) {
		p := s.URL
		if i := strings.Index(p, "://"); i >= 0 {
			j := strings.IndexByte(p[i+3:], '/')
			if j < 0 {
				return
			}
			p = p[i+3+j:]
		}
		p = strings.TrimRight(p, "/")
		if strings.HasPrefix(p, "/") && !strings.ContainsAny(p, "{}?#") && !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	for _, s := range c.Info().Servers {
		add(s)
	}
	for _, op := range c.Operations() {
		for _, s := range op.Servers {
			add(s)
		}
	}
	return out
}

// catalogName names a catalogue in messages: the host of its default
// server ("api.github.com"), else its title.
func catalogName(c *catalog.Catalog) string {
	if s := c.DefaultServer(); s != "" && !strings.Contains(s, "{") {
		if u, err := url.Parse(s); err == nil && u.Host != "" {
			return u.Host
		}
	}
	if t := c.Info().Title; t != "" {
		return t
	}
	return "the catalogue"
}

// apiProblem is one way a call departs from the catalogue.
type apiProblem struct {
	text  string
	field string // the parameter at fault, for the 422 body
	code  string // GitHub's error code: missing_field, invalid, unprocessable
	cause error
}

// check finds the call's operation and checks its parameters. It
// returns the operation (nil for an unknown route) and the problems
// found.
func (ix *catalogIndex) check(c *Call, q []queryPair) (*catalog.Operation, []apiProblem) {
	i, params, ok := ix.r.find(c.Method, c.Path, q)
	if !ok {
		return nil, []apiProblem{ix.unknownRoute(c)}
	}
	op := ix.ops[i]
	cc := &callCheck{ix: ix, op: op, has: map[string]bool{}, shadowed: ix.shadowed[op]}
	pat := ix.r.pats[i]
	cc.checkPath(params, pat.vars, rawSegments(pat, c.Path, ix.r.prefixes))
	g := groupQuery(op, pat.queryLits, q, rawQueryValues(c.RawQuery))
	cc.checkQuery(&g)
	cc.checkBody(c.Body)
	cc.checkMissing(c)
	return op, cc.probs
}

// callCheck is one call's check against its operation: the problems
// found so far and the parameters the call sends.
type callCheck struct {
	ix    *catalogIndex
	op    *catalog.Operation
	probs []apiProblem
	has   map[string]bool
	// shadowed are the operation's body properties named like another
	// parameter (catalogIndex.shadowed); hasBody those the body sends.
	shadowed map[string]bool
	hasBody  map[string]bool
}

// add records a problem. The catalogue's errors quote the value sent,
// and a name or value may hold a URL with credentials.
func (cc *callCheck) add(name, code string, err error, text string) {
	cc.probs = append(cc.probs, apiProblem{text: builder.RedactURL(text), field: name, code: code, cause: err})
}

// checkPath checks the path variables, which come first in params with
// the operation's names; raws are their segments as sent.
func (cc *callCheck) checkPath(params builder.Params, vars []string, raws map[string]string) {
	op := cc.op
	for _, p := range params {
		if cc.has[p.Name] || !slices.Contains(vars, p.Name) {
			break
		}
		cc.has[p.Name] = true
		v := p.Value
		if text, ok := v.(string); ok {
			v = pathValue(op, p.Name, text, raws[p.Name])
		}
		if err := op.Check(p.Name, v); err != nil {
			cc.add(p.Name, "invalid", err, paramProblem(op, catalog.Path, p.Name, err))
		}
	}
}

// queryGroups are a query's values grouped by name, in one pass so that
// a query of many names stays linear. The pairs of a deepObject
// (filter[status]=open) are members of its object, and so are names the
// operation does not declare, when it has an exploded form parameter
// that may be an object (R=100&G=200).
type queryGroups struct {
	names             []string // in the order first sent
	byName, rawByName map[string][]string
	objects           map[string]map[string]string
	items             map[string][]string
}

// groupQuery groups q, leaving out the template's own pairs (lits,
// ?beta=true) once each; raw are q's values as sent, before decoding.
func groupQuery(op *catalog.Operation, lits []queryPair, q []queryPair, raw []string) queryGroups {
	g := queryGroups{
		byName: map[string][]string{}, rawByName: map[string][]string{},
		objects: map[string]map[string]string{}, items: map[string][]string{},
	}
	loose := looseObject(op)
	lits = slices.Clone(lits)
	for k, kv := range q {
		if j := slices.Index(lits, kv); j >= 0 {
			lits = slices.Delete(lits, j, j+1)
			continue
		}
		base, key, deep := deepName(op, kv.name)
		if !deep && loose != "" {
			if _, declared := op.Param(kv.name); !declared {
				base, key, deep = loose, kv.name, true
			}
		}
		if deep {
			g.addDeep(op, base, key, kv.value)
			continue
		}
		rawValue := kv.value
		if k < len(raw) {
			rawValue = raw[k]
		}
		g.addPair(kv.name, kv.value, rawValue)
	}
	return g
}

// addDeep adds a member of base's object, or an item of its array
// (name[]=a or name[0]=a).
func (g *queryGroups) addDeep(op *catalog.Operation, base, key, v string) {
	if g.objects[base] == nil && g.items[base] == nil {
		g.names = append(g.names, base)
	}
	if deepItem(op, base, key, len(g.items[base])) {
		g.items[base] = append(g.items[base], v)
		return
	}
	if g.objects[base] == nil {
		g.objects[base] = map[string]string{}
	}
	g.objects[base][key] = v
}

// addPair adds a plain name=value pair.
func (g *queryGroups) addPair(name, v, raw string) {
	if _, seen := g.byName[name]; !seen {
		g.names = append(g.names, name)
	}
	g.byName[name] = append(g.byName[name], v)
	g.rawByName[name] = append(g.rawByName[name], raw)
}

// checkQuery checks the query's values, once per name, several as a
// list.
func (cc *callCheck) checkQuery(g *queryGroups) {
	for _, name := range g.names {
		cc.has[name] = true
		if list, ok := g.items[name]; ok && g.byName[name] == nil && g.objects[name] == nil {
			cc.ix.checkSent(cc.op, catalog.Query, name, list, cc.add)
			continue
		}
		if obj, ok := g.objects[name]; ok && g.byName[name] == nil {
			cc.ix.checkSent(cc.op, catalog.Query, name, obj, cc.add)
			continue
		}
		cc.ix.checkSent(cc.op, catalog.Query, name, queryValue(cc.op, name, g.byName[name], g.rawByName[name]), cc.add)
	}
}

// queryValue reads back the values sent for one query name. A query
// array travels comma-separated (the builder's and octokit's form), in
// its style's delimiter, or as a repeated name; an object's keys and
// values alternate. OpenAPI's form writes the items encoded and the
// commas literal, so it is split before it is decoded (a%2Cb,c is a,b
// and c).
func queryValue(op *catalog.Operation, name string, sent, sentRaw []string) any {
	var v any = sent[0]
	p, declared := op.Param(name)
	read := func(k int) any {
		if p.Style == catalog.StyleForm {
			return rawTextValue(p, sentRaw[k], ',', false, url.QueryUnescape)
		}
		return textValue(p, sent[k], p.Style.Delimiter(), false)
	}
	switch {
	case declared && len(sent) == 1:
		v = read(0)
	case len(sent) > 1:
		vals := make([]any, 0, len(sent))
		for k, text := range sent {
			items, isList := []string(nil), false
			if declared {
				items, isList = read(k).([]string)
			}
			if !isList {
				vals = append(vals, text)
			}
			for _, it := range items {
				vals = append(vals, it)
			}
		}
		v = vals
	}
	return v
}

// checkBody checks the fields of a JSON object body. A member named like
// a path, query or header parameter that the body declares too is the
// body's (shadowed), given apart in hasBody.
func (cc *callCheck) checkBody(raw []byte) {
	op := cc.op
	if len(raw) == 0 || (op.Body != nil && op.Body.Type != 0 && op.Body.Type&catalog.Object == 0) {
		return
	}
	body, err := value.Decode(raw)
	if err != nil || body.Kind() != value.Object {
		return
	}
	for _, m := range body.Members() {
		if !cc.shadowed[m.Key] {
			cc.has[m.Key] = true
			cc.ix.checkSent(op, catalog.Body, m.Key, m.Value, cc.add)
			continue
		}
		if cc.hasBody == nil {
			cc.hasBody = map[string]bool{}
		}
		cc.hasBody[m.Key] = true
		if err := op.CheckMember(m.Key, m.Value); err != nil {
			cc.add(m.Key, "invalid", err, paramProblem(op, catalog.Body, m.Key, err))
		}
	}
}

// bodyHas reports whether the call sends the body property name.
func (cc *callCheck) bodyHas(name string) bool {
	if cc.shadowed[name] {
		return cc.hasBody[name]
	}
	return cc.has[name]
}

// checkMissing reports the required parameters the call does not send,
// header parameters among them.
func (cc *callCheck) checkMissing(c *Call) {
	op := cc.op
	sendsBody := false
	for _, p := range op.Params {
		if p.In == catalog.Header && len(c.Header.Values(p.Name)) > 0 {
			cc.has[p.Name] = true
		}
	}
	for i := range op.Params {
		if op.Params[i].In == catalog.Body && cc.bodyHas(op.Params[i].Name) {
			sendsBody = true
			break
		}
	}
	err := op.MissingIn(func(name string, body bool) bool {
		if body {
			return cc.bodyHas(name)
		}
		return cc.has[name]
	}, sendsBody)
	var ce *catalog.Error
	if err == nil || !errors.As(err, &ce) {
		return
	}
	route := op.String()
	said := map[string]bool{}
	for _, name := range ce.Missing {
		in, _ := op.In(name)
		if cc.shadowed[name] && (cc.has[name] || said[name]) {
			in = catalog.Body // the parameter's is there, or said before
		}
		said[name] = true
		cc.add(name, "missing_field", err, fmt.Sprintf("missing required %s %q for %s", locationWord(in), name, route))
	}
}

// pathValue reads a path value back as its parameter's style wrote it,
// for the check: see textValue. A label that explodes separates its
// items with "."; every other style with ",". raw is the segment as
// sent ("" when it is not known), which is split before its parts are
// decoded, as RFC 6570 writes them (a%2Cb,c is a,b and c).
func pathValue(op *catalog.Operation, name, text, raw string) any {
	p, ok := op.Param(name)
	if !ok || p.In != catalog.Path {
		return text
	}
	sep := byte(',')
	if p.Style == catalog.StyleLabel && p.Explode {
		sep = '.'
	}
	switch {
	case raw == "":
	case p.Style == catalog.StyleLabel:
		if r, ok := strings.CutPrefix(raw, "."); ok {
			return rawTextValue(p, r, sep, p.Explode, url.PathUnescape)
		}
	case p.Style == catalog.StyleMatrix && !p.Explode:
		if r, ok := strings.CutPrefix(raw, ";"+url.PathEscape(name)+"="); ok {
			return rawTextValue(p, r, sep, false, url.PathUnescape)
		}
	case p.Style != catalog.StyleMatrix:
		return rawTextValue(p, raw, sep, p.Explode, url.PathUnescape)
	}
	return textValue(p, text, sep, p.Explode)
}

// rawTextValue is textValue for text as sent, which is split at sep
// (and, exploded, at "=") before its parts are decoded with dec; a part
// that does not decode is kept as sent.
func rawTextValue(p *catalog.Param, raw string, sep byte, explode bool, dec func(string) (string, error)) any {
	unescape := func(s string) string {
		if d, err := dec(s); err == nil {
			return d
		}
		return s
	}
	t := p.Schema.Type
	if t == 0 || t&catalog.String != 0 || t&(catalog.Array|catalog.Object) == 0 {
		return unescape(raw)
	}
	parts := strings.Split(raw, string(sep))
	if t&catalog.Array != 0 {
		for i := range parts {
			parts[i] = unescape(parts[i])
		}
		return parts
	}
	members := make(map[string]string, len(parts))
	if explode {
		for _, part := range parts {
			k, v, _ := strings.Cut(part, "=")
			members[unescape(k)] = unescape(v)
		}
		return members
	}
	if len(parts)%2 != 0 {
		return unescape(raw) // no object: the check says so
	}
	for i := 0; i+1 < len(parts); i += 2 {
		members[unescape(parts[i])] = unescape(parts[i+1])
	}
	return members
}

// rawSegments returns the variables of a pattern of whole segments as
// the request's escaped path holds them, for the check to split before
// it decodes; nil for any other pattern.
func rawSegments(p *pattern, escaped string, prefixes []string) map[string]string {
	if !p.simple {
		return nil
	}
	for _, path := range candidatePaths(escaped, prefixes) {
		rest, ok := strings.CutPrefix(path, "/")
		segs := strings.Split(rest, "/")
		if !ok || len(segs) != len(p.segs) {
			continue
		}
		out := make(map[string]string)
		for i, s := range p.segs {
			if s.isVar {
				out[s.name] = segs[i]
			}
		}
		return out
	}
	return nil
}

// rawQueryValues returns the values of a raw query as sent, in the order
// and with the skips of parseQuery, for the check to split before it
// decodes.
func rawQueryValues(raw string) []string {
	var out []string
	for _, v := range rawPairs(raw) {
		out = append(out, v)
	}
	return out
}

// textValue reads the text of a path or query value back into the
// value it was written from, as far as the parameter's schema tells: the
// items ([]string) of an array, split at sep, where the schema takes an
// array and no string; the members (map[string]string) of an object,
// where it takes an object and neither: keys and values in turn, or,
// for an exploded one, key=value items. Otherwise the text itself.
func textValue(p *catalog.Param, text string, sep byte, explode bool) any {
	t := p.Schema.Type
	if t == 0 || t&catalog.String != 0 {
		return text
	}
	parts := strings.Split(text, string(sep))
	switch {
	case t&catalog.Array != 0:
		return parts
	case t&catalog.Object == 0:
		return text
	case explode:
		members := make(map[string]string, len(parts))
		for _, part := range parts {
			k, v, _ := strings.Cut(part, "=")
			members[k] = v
		}
		return members
	}
	members := make(map[string]string, len(parts)/2)
	for i := 0; i+1 < len(parts); i += 2 {
		members[parts[i]] = parts[i+1]
	}
	if len(parts)%2 != 0 {
		return text // no object: the check says so
	}
	return members
}

// deepName splits a query name name[key] of a deepObject parameter of op
// into that parameter's name and the member's key. The split is at the
// last "[": a key holds no bracket (the builder refuses one), and the
// parameter's name may (include[][a]).
func deepName(op *catalog.Operation, name string) (base, key string, ok bool) {
	i := strings.LastIndexByte(name, '[')
	if i <= 0 || !strings.HasSuffix(name, "]") {
		return "", "", false
	}
	p, declared := op.Param(name[:i])
	if !declared || p.In != catalog.Query || p.Style != catalog.StyleDeepObject {
		return "", "", false
	}
	return name[:i], name[i+1 : len(name)-1], true
}

// deepItem reports whether name[key] is item number n of an array sent
// to op's deepObject parameter name: its schema takes an array and no
// object, and key is empty (name[]=a, as Rails and PHP write it) or n
// (name[0]=a, as qs does, and the builder with Param.DeepArrays).
func deepItem(op *catalog.Operation, name, key string, n int) bool {
	p, ok := op.Param(name)
	if !ok || p.Schema.Type&catalog.Array == 0 || p.Schema.Type&catalog.Object != 0 {
		return false
	}
	return key == "" || key == strconv.Itoa(n)
}

// looseObject names op's one query parameter of style form, exploded,
// that may be an object, whose members are sent as pairs of their own
// names; "" when it has none, or several, which no request tells apart.
func looseObject(op *catalog.Operation) string {
	name := ""
	for _, p := range op.Params {
		if p.In == catalog.Query && p.Explode && (p.Style == catalog.StyleDefault || p.Style == catalog.StyleForm) &&
			p.Schema.Type&catalog.Object != 0 {
			if name != "" {
				return ""
			}
			name = p.Name
		}
	}
	return name
}

// checkSent checks a parameter sent in a place: the operation must take
// it there, with a type and value its schema allows.
func (ix *catalogIndex) checkSent(op *catalog.Operation, sentIn catalog.Location, name string, v any, add func(name, code string, err error, text string)) {
	in, ok := op.In(name)
	var err error
	if vv, isValue := v.(value.Value); isValue {
		err = op.CheckParam(name, vv)
	} else {
		err = op.Check(name, v)
	}
	if !ok && sentIn == catalog.Body && op.Body != nil && op.Body.Additional != nil {
		// A member an open body takes (additionalProperties, or a
		// free-form object): checked against the schema it gives them.
		if err != nil {
			add(name, "invalid", err, paramProblem(op, sentIn, name, err))
		}
		return
	}
	if !ok {
		var ce *catalog.Error
		sugg := ""
		if errors.As(err, &ce) {
			sugg = didYouMean(ce.Suggestions)
		}
		add(name, "unprocessable", err, fmt.Sprintf("unknown %s %q for %s%s", locationWord(sentIn), name, op, sugg))
		return
	}
	if in != sentIn {
		add(name, "invalid", nil, fmt.Sprintf("%s %q of %s was sent as a %s", locationWord(in), name, op, locationWord(sentIn)))
		return
	}
	if err != nil {
		add(name, "invalid", err, paramProblem(op, in, name, err))
	}
}

// paramProblem words a type or value error of the catalogue.
func paramProblem(op *catalog.Operation, in catalog.Location, name string, err error) string {
	var ce *catalog.Error
	if !errors.As(err, &ce) {
		return fmt.Sprintf("%s %q of %s: %v", locationWord(in), name, op, err)
	}
	detail := ce.Detail
	if detail == "" && ce.Err != nil {
		detail = ce.Err.Error()
	}
	return fmt.Sprintf("%s %q of %s: %s%s", locationWord(in), name, op, detail, didYouMean(ce.Suggestions))
}

func locationWord(in catalog.Location) string {
	switch in {
	case catalog.Path:
		return "path parameter"
	case catalog.Query:
		return "query parameter"
	case catalog.Header:
		return "header"
	case catalog.Cookie:
		return "cookie"
	case catalog.Body:
		return "body field"
	}
	return "parameter"
}

// unknownRoute explains a request that fits no operation, with the
// catalogue's own suggestions: the request's path is read as a template
// shaped like the operation whose literal segments are nearest, and that
// template is looked up, so that the catalogue's edit distances pick
// what was meant.
func (ix *catalogIndex) unknownRoute(c *Call) apiProblem {
	p := ix.unknownOperation(c)
	p.text += ix.leftOutNote(c.Method)
	return p
}

// unknownOperation is unknownRoute without the operations left out.
func (ix *catalogIndex) unknownOperation(c *Call) apiProblem {
	var first error
	for _, path := range candidatePaths(c.Path, ix.r.prefixes) {
		err := ix.nearestShape(c.Method, path)
		var ce *catalog.Error
		if !errors.As(err, &ce) {
			continue
		}
		if first == nil {
			first = err
		}
		switch {
		case strings.HasPrefix(ce.Detail, "this path has no"):
			_, only, _ := strings.Cut(ce.Detail, ", only ")
			text := fmt.Sprintf("%s has no %s operation on this path, only %s%s", ix.name, c.Method, only, didYouMean(ce.Suggestions))
			return apiProblem{text: text, code: "not_found", cause: err}
		case len(ce.Suggestions) > 0:
			return apiProblem{text: "no operation of " + ix.name + " matches this method and path" + didYouMean(ce.Suggestions), code: "not_found", cause: err}
		}
	}
	return apiProblem{text: "no operation of " + ix.name + " matches this method and path", code: "not_found", cause: first}
}

// nearestShape looks up the request's path as a template shaped like the
// nearest operation's, and returns the catalogue's error.
func (ix *catalogIndex) nearestShape(method, escaped string) error {
	segs := strings.Split(strings.TrimPrefix(escaped, "/"), "/")
	bestScore, bestIdx := -1, -1
	for i, p := range ix.r.pats {
		if !p.simple || len(p.segs) != len(segs) {
			continue
		}
		score := 0
		for k, s := range p.segs {
			if !s.isVar {
				score += distance(unescapePath(segs[k]), s.lit)
			}
		}
		if !p.matchMethod(method) {
			score++
		}
		if bestIdx < 0 || score < bestScore {
			bestScore, bestIdx = score, i
		}
	}
	pseudo := escaped
	if bestIdx >= 0 {
		// Only the path decides: the same shape under another method is
		// the catalogue's "this path has no X operation".
		p := ix.r.pats[bestIdx]
		var b strings.Builder
		for k, s := range p.segs {
			b.WriteByte('/')
			if s.isVar {
				b.WriteString("{" + s.name + "}")
			} else {
				b.WriteString(unescapePath(segs[k]))
			}
		}
		pseudo = b.String()
	}
	_, err := ix.cat.Lookup(method, pseudo)
	if err == nil {
		// Not reached: the path matched no operation, so its shape finds
		// none either. Say so without a suggestion.
		return &catalog.Error{Route: method + " " + pseudo, Err: catalog.ErrUnknownRoute}
	}
	return err
}

// fieldErrors is the "errors" member of a 422 body.
func fieldErrors(op *catalog.Operation, probs []apiProblem) []map[string]string {
	resource := ""
	if op != nil {
		resource = op.ID
	}
	out := make([]map[string]string, 0, len(probs))
	for _, p := range probs {
		e := map[string]string{"code": p.code, "message": p.text}
		if p.field != "" {
			e["field"] = p.field
		}
		if resource != "" {
			e["resource"] = resource
		}
		out = append(out, e)
	}
	return out
}
