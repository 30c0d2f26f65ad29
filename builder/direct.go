package builder

import (
	"bytes"
	"strings"
	"weak"

	"github.com/endpointkit/endpoint/internal/value"
	"github.com/endpointkit/endpoint/template"
)

// The direct path. Most calls name a route, set a few parameters (strings,
// numbers and booleans in the path and query, anything in a JSON body),
// perhaps data and a header or two, and take everything else from
// defaults that set no parameters of their own. Such a call needs no merge
// and no layer: resolveDirect builds its result from what the Endpoint
// prepared, for Build, BuildJSON and AppendBuildJSON and (direct_http.go)
// HTTPRequest. Any other call, and any call that fails, takes the general
// path, which gives the same result or error; property tests hold the two
// to each other (builder/onestep_test.go, catalog/github/onestep_test.go).

// directOK says whether e's defaults allow the direct path: an absolute,
// checked base URL, headers prepared, and no parameters, body or request
// passthrough in the defaults.
func directOK(d *layer, p *prepared) bool {
	return p.baseOK && p.baseURL != nil && p.headers != nil && len(d.Params.list) == 0 &&
		!d.Data.set && d.Request.Kind() == value.Null && len(d.Previews.names) <= MaxPreviews
}

// plainCall reports whether a call's layer c sets nothing but parameters,
// data and headers.
func plainCall(c *layer) bool {
	return c.Method == "" && c.URL == "" && c.BaseURL == "" && c.Format == "" && len(c.Previews.names) == 0 &&
		c.Request.Kind() == value.Null && c.Catalog.c == nil
}

// callHeaders is what resolve's finalHeaders gives for a plain call that
// sets headers: the defaults' headers merged with the call's, with the
// defaults' media type (a plain call sets none).
func (e *Endpoint) callHeaders(c *layer) []header {
	mediaType := e.defaults.Format != "" || len(e.defaults.Previews.names) > 0
	for _, h := range c.Headers.list {
		if h.removed || h.name == "accept" && mediaType {
			hs, _ := finalHeaders(&layer{Headers: mergeHeaders(e.defaults.Headers, c.Headers), Format: e.defaults.Format, Previews: e.defaults.Previews})
			return hs
		}
	}
	// The common case, a header or two set over the prepared ones: one
	// list, with room for what bodyHeaders adds. (A header the defaults
	// removed comes back at the end, not in its old place: no result
	// shows the order.)
	pre := e.pre.headers
	return overlay(make([]header, 0, len(pre)+len(c.Headers.list)+2), pre, c.Headers.list)
}

// resolveDirect is the direct path of a Builder's call.
func (b *Builder) resolveDirect(r *resolved, scratch, bodyScratch []byte) (url, body []byte, ok bool) {
	if b.err != nil || len(b.req) != 0 {
		return nil, nil, false
	}
	return b.ep().resolveDirect(r, b.route, &b.call, b.own(), scratch, bodyScratch)
}

// resolveDirect is resolve for a direct call of route with the layer c
// and its parameters: it reports false, having done nothing the caller
// sees, when the call must take the general path. The URL is built in
// scratch (the caller's) and returned in it, r.url left empty, when it
// fits; a longer one is in r.url, and url is nil. With a bodyScratch (not
// nil), a JSON body of parameters is written there and returned in body,
// r.body.json left empty, when it fits.
func (e *Endpoint) resolveDirect(r *resolved, route string, c *layer, params []param, scratch, bodyScratch []byte) (url, body []byte, ok bool) {
	if !e.direct || !plainCall(c) || len(c.Headers.list) > 0 && len(e.defaults.Headers.list)+len(c.Headers.list) > MaxHeaders {
		return nil, nil, false // near MaxHeaders, the general path counts them
	}
	method, target, info, err := e.routeTemplate(route)
	if err != nil || method == "" || isAbsolute(target) {
		return nil, nil, false
	}
	var t *template.Template
	if info != nil {
		t = info.t
	}
	if cat := e.defaults.Catalog.c; cat != nil {
		if c.Data.set {
			return nil, nil, false // the catalogue checks the data's members too
		}
		if e.pre.catalog == nil {
			info = nil // the memo tells catalogues apart with ==
		}
		if method, target, t, ok = directCatalog(cat, e.pre.catalogKey, info, method, target, e.defaults.BaseURL, params); !ok || isAbsolute(target) {
			return nil, nil, false
		}
	}
	if r.method, err = normalizeMethod(method); err != nil {
		return nil, nil, false
	}
	if t == nil {
		if t, err = parseTarget(target, e.defaults.Catalog.c != nil); err != nil {
			return nil, nil, false
		}
	}
	if t.StartsReserved() {
		return nil, nil, false // {+url} may expand to an absolute URL, which drops the base
	}
	base := e.pre.trimmedBase
	var vals [8]template.Scalar
	inPath, ok := pathScalars(t, params, &vals) // bit k: params[k] is a template variable
	if !ok {
		return nil, nil, false
	}
	// As resolve does: the caller's buffer, or a pooled one for a long
	// URL, which must not outlive this call.
	buf := scratch[:0]
	n := len(base) + len(target) + 16*len(params)
	pooled := n > cap(scratch)
	if pooled {
		bp := getURLBuf(n)
		defer putBuf(bp, *bp)
		buf = (*bp)[:0]
	}
	buf = append(buf, base...)
	if buf, err = t.AppendScalars(buf, vals[:]); err != nil {
		return nil, nil, false
	}
	buf = slashAt(buf, len(base))
	switch r.method {
	case "get", "head":
		if c.Data.set {
			return nil, nil, false
		}
		q := bytes.IndexByte(buf, '?')
		for k := range params {
			p := &params[k] // not a copy of the value
			if takes(t, inPath, k, p.name) {
				continue
			}
			s, ok := scalarOf(&p.v)
			if !ok {
				return nil, nil, false
			}
			buf, q = template.AppendQueryScalar(buf, q, p.name, s)
		}
		r.headers = e.pre.headers
		if len(c.Headers.list) > 0 {
			r.headers = e.callHeaders(c)
		}
	case "post", "put", "patch", "delete":
		switch {
		case bodyScratch != nil && !c.Data.set && len(params) <= 8:
			// makeBody's JSON object of the parameters the template did
			// not take, written in the caller's buffer (which the caller
			// copies from; a body that outgrew it is copied too, rarely).
			// pathScalars marked every parameter t uses (there are
			// at most 8): the rest go in the body.
			if inPath != 1<<len(params)-1 {
				body = appendParamsBut(bodyScratch[:0], params, t, inPath)
				r.body = finalBody{kind: jsonBody}
			}
		default:
			// Every parameter and the data are the call's own.
			if r.body, err = makeBody(&layer{Data: c.Data}, params, t, callParams{all: true, data: true}); err != nil {
				return nil, nil, false
			}
		}
		if len(c.Headers.list) > 0 {
			r.headers, _ = bodyHeaders(e.callHeaders(c), true, &r.body, r.method)
		} else {
			r.headers = e.pre.bodyHeaders(&r.body, r.method)
		}
	default:
		return nil, nil, false
	}
	r.pathAt, r.urlTrusted, r.base = e.pre.pathAt, true, e.pre.baseURL
	if pooled || cap(buf) != cap(scratch) { // pooled, or grown out of scratch
		r.url = string(buf) // not in the caller's buffer
		return nil, body, true
	}
	return buf, body, true
}

// directCatalog is applyCatalog for a direct call: the operation's method
// and template (parsed when it can be), when every parameter is declared,
// valid and in the path, query or body, the operation uses the Endpoint's
// base URL and none it requires is missing; ok false otherwise, for the
// general path to make the request or the error. The operation a route
// resolves to is kept in info, for the first catalogue (by key) that
// resolves it while that catalogue is in use.
func directCatalog(cat Catalog, key weak.Pointer[catKey], info *routeInfo, method, target, base string, params []param) (_, _ string, _ *template.Template, ok bool) {
	var known *routeOp
	if info != nil {
		if r := info.op.Load(); r != nil && r.key == key {
			known = r
		}
	}
	var op Operation
	if known != nil {
		op = known.op
	} else {
		if literalQuery(target) != "" || isOperationID(target) {
			return "", "", nil, false
		}
		var err error
		if op, err = cat.Resolve(method, target); err != nil {
			return "", "", nil, false
		}
	}
	if (known == nil || base != known.base) && op.BaseURL(base) != base {
		return "", "", nil, false
	}
	if known != nil && known.ix != nil {
		if s := known.shape.Load(); s != nil && s.matches(params) {
			for i := range params {
				// A null, or an array or object of nothing else, may
				// leave a required parameter missing, which names alone
				// do not tell: the general path says.
				if v := &params[i].v; !s.free[i].Has(v) && (v.Undefined() || known.ix.CheckIndex(s.index[i], *v) != nil) {
					return "", "", nil, false
				}
			}
			return known.method, known.target, known.t, true
		}
	}
	pl, _ := op.(placer)
	sendsBody := false
	for _, p := range params {
		loc, err := place(op, pl, p.name, p.v)
		if err != nil || loc == InNone || loc == InHeader || (loc == InQuery || loc == InPath) && template.VarName(p.name) != p.name {
			return "", "", nil, false // a name the template holds encoded: see catalogNames
		}
		sendsBody = sendsBody || loc == InBody
	}
	if missing(op, &layer{}, paramList{params}, sendsBody) {
		return "", "", nil, false
	}
	if known != nil {
		if known.ix != nil && len(params) <= maxShape && known.shape.Load() == nil {
			if s := newShape(known.ix, params); s != nil {
				known.shape.CompareAndSwap(nil, s) // the first call's names, kept for good
			}
		}
		return known.method, known.target, known.t, true
	}
	method, target = op.Target()
	t, _ := template.ParseRFC6570(target) // nil: resolveDirect parses again and gives up
	if info != nil && t != nil && info.op.Load() == nil {
		ix, _ := op.(indexer)
		// The memo outlives the call: base is the caller's string, which
		// may be a slice of a larger one (options JSON), so a copy.
		info.op.CompareAndSwap(nil, &routeOp{key: key, op: op, ix: ix, method: method, target: target, t: t, base: strings.Clone(base)})
	}
	return method, target, t, true
}
