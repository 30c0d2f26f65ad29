// Package openapi makes a [catalog.Catalog] from an OpenAPI 3.0 or 3.1
// description, JSON or YAML, read with github.com/getkin/kin-openapi.
//
// Only this package links kin-openapi: a program that uses a catalogue
// already in compact form (catalog/github) never does.
//
// kin-openapi reads OpenAPI 3.1 itself (type arrays such as
// ["string", "null"], const, examples), so nothing is rewritten before
// loading. What the catalogue keeps of each schema is described at
// [catalog.Schema]: oneOf and anyOf become the union of their branches,
// allOf the merge of its parts, nullable and a null in an enum allow null,
// const is an enum of one, and readOnly properties are left out, since a
// request never sends them. A schema without a type that declares
// properties is taken as an object, and one that declares items as an
// array (GitHub's bodies that leave out "type": "object" so).
//
// A name a part lists in required may be a property of the whole schema:
// an allOf part's names are required, and so are a oneOf's or anyOf's
// names that every branch that may be an object requires (all of its
// only branch's: anyOf [{required: [state]}] requires state). A name the
// body schema's own required list names without declaring it among its
// properties is a required body parameter of any type; one only a part
// or branch requires is left out, and so is a readOnly property it
// requires.
//
// A JSON object body takes members other than its properties when its
// schema says additionalProperties true or a schema (their values are
// checked against it), or declares no properties and says nothing of
// them: a free-form object ([catalog.RequestBody].Additional). A schema
// that declares properties and leaves additionalProperties out refuses
// other members, although JSON Schema allows them, so that a misspelt
// parameter is caught: GitHub's descriptions leave it out of ordinary
// bodies. additionalProperties in an allOf part or a oneOf or anyOf
// branch cannot open a schema that refuses other members; a part that
// allows them opens one that says nothing of them. Below the body's top
// level, members a schema does not list are allowed and not checked.
//
// A path or query parameter keeps its style and explode
// ([catalog.Style], [catalog.Param].Explode): label and matrix paths,
// form (catalog.StyleForm), pipeDelimited, spaceDelimited and deepObject
// queries, explode's default true for form and false for the rest. A
// style OpenAPI does not define for the parameter's location is the
// location's default, as is the style of a header or cookie parameter
// (a header keeps its explode). Each is written as OpenAPI 3.1.1's
// Style Examples write it, with RFC 6570's encoding, for every method.
// A path parameter marked x-multi-segment (GitHub's contents/{path})
// holds a path, for which "" is a value ([catalog.Param].MultiSegment).
//
// The catalogue's Info.Accept, which builder.WithCatalog sends as the
// accept header, is the media type most operations' success responses
// are written in, when it is JSON (application/json); else it is "" and
// the Endpoint's accept header stays.
//
// What OpenAPI cannot say, or the builder cannot send, is refused with
// an error that says how to send it: an array for a deepObject (sent as
// name[0]=a&name[1]=b with Options.DeepObjectArrays), a cookie
// parameter (set a Cookie header), and a body member of an operation
// whose method the builder sends no body for (GET, HEAD, OPTIONS,
// TRACE). A key's literal query (/responses?beta=true)
// is sent once, a "#variant" of a key never, and a name declared in
// both the path and the query is the path's.
//
// Properties keep the order the document writes them in, which
// kin-openapi's maps lose: it is taken back from the positions
// kin-openapi records with IncludeOrigin. Schemas are followed as deep as
// MaxDepth, so a recursive schema ends there.
package openapi

import (
	"cmp"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/catalog"
	"github.com/endpointkit/endpoint/internal/fserr"
	"github.com/endpointkit/endpoint/internal/redact"
	"github.com/getkin/kin-openapi/openapi3"
)

// MaxDepth is how deep nested schemas (array items, object properties)
// are kept below a parameter: a path, query or header parameter, or a
// body parameter (a property of the body's schema) alike.
const MaxDepth = 8

// MaxSchemas is the most schemas a document's parameters and bodies may
// expand to, each reference counted where it is used: a small document
// whose schemas refer to one another many times over (each of ten
// properties to the next schema, eight levels down) would expand to
// billions. Merging the branches of a oneOf or anyOf counts too, a
// tenth of a schema for each property, enum member and required name a
// merge copies: a oneOf of 20,000 one-property branches would copy 200
// million. Past it, loading fails with ErrLoad. GitHub's descriptions
// expand to about 5,800 (GHES 3.19) to 8,800 (GHEC), merges included.
const MaxSchemas = 250_000

// errTooManySchemas is the cause of ErrLoad past MaxSchemas.
var errTooManySchemas = fmt.Errorf("schemas expand to more than %d where they are used (merged oneOf and anyOf branches included)", MaxSchemas)

// ErrLoad is returned, wrapped, when a description cannot be read,
// parsed or turned into a catalogue; every error of this package wraps it.
var ErrLoad = errors.New("cannot load description")

// Error says which document failed to load and why.
type Error struct {
	Source string // the file name or "data"
	Err    error
}

// Error formats as "openapi: "SOURCE": CAUSE"; "<nil>" for a nil Error.
// Credentials are masked as builder.RedactURL masks them: the cause
// quotes a $ref as the document writes it, and a reference may carry
// user information or an access_token. In the source and in the cause,
// the user information of a URL is masked up to the last "@" of the
// text, as a password may hold a space, "<" or "/", which end it for
// RedactURL (see builder.RedactRawURL). The source is named once: a
// cause about that file (an *fs.PathError, "open spec.json: …") is said
// without its path.
func (e *Error) Error() string {
	if e == nil {
		return "<nil>"
	}
	// The source is masked before it is quoted, which could hide the
	// end of a value.
	source := builder.RedactURL(redact.Userinfo(e.Source, false))
	return builder.RedactURL("openapi: " + strconv.Quote(source) + ": " + redact.Userinfo(fserr.Text(e.Err, e.Source), false))
}

// Unwrap returns the cause; errors.Is(err, ErrLoad) holds too. A nil
// Error wraps nothing.
func (e *Error) Unwrap() []error {
	if e == nil {
		return nil
	}
	return []error{ErrLoad, e.Err}
}

// Options change how a description is read.
type Options struct {
	// Source is recorded in the catalogue's Info.Source.
	Source string
	// DeepObjectArrays sends an array given to a deepObject query
	// parameter as one name[i]=item pair per item (expand[0]=a&expand[1]=b),
	// the form qs, Rails and PHP read, which OpenAPI leaves undefined
	// (catalog.Param.DeepArrays): Stripe's descriptions declare expand an
	// array of style deepObject. Without it, such an array is refused,
	// with an error that says how to send it.
	DeepObjectArrays bool
	// JoinArrays sends every array query parameter as one pair, its
	// items joined with commas, as @octokit/endpoint does, whatever the
	// description's style says, deepObject aside (catalog/github sets
	// it). Without it, an array the description explodes (style form,
	// whose explode is true unless it says otherwise) is sent as one
	// pair per item, and the styles pipeDelimited and spaceDelimited
	// join items with their own delimiters (see catalog.Style).
	JoinArrays bool
}

// Load reads a description from data. References to other files or URLs
// are refused: use LoadFile for a description split across files.
func Load(data []byte) (*catalog.Catalog, error) {
	return LoadWith(data, Options{})
}

// LoadWith is Load with options.
func LoadWith(data []byte, o Options) (*catalog.Catalog, error) {
	src := cmp.Or(o.Source, "data")
	if err := checkRefChains(data); err != nil {
		return nil, &Error{Source: src, Err: err}
	}
	l := openapi3.NewLoader()
	l.IncludeOrigin = true
	doc, err := l.LoadFromData(data)
	if err != nil {
		return nil, &Error{Source: src, Err: err}
	}
	c, err := Convert(doc, o)
	if err != nil {
		return nil, &Error{Source: src, Err: err}
	}
	return c, nil
}

// MaxFileSize is the most bytes LoadFile reads of one file, the
// description's own or one it refers to. GitHub's largest, GHEC's with
// every reference written out (@octokit/openapi's ghec.deref.json), is
// 78 MB.
const MaxFileSize = 128 << 20

// maxFileSize is MaxFileSize; specs lower it.
var maxFileSize int64 = MaxFileSize

// LoadFile reads a description from a file. Its references may name
// other local files, never URLs. No file may be larger than
// MaxFileSize: a larger regular file is refused before it is read, and
// a pipe or device (/dev/zero) is read up to the limit.
func LoadFile(path string) (*catalog.Catalog, error) {
	l := openapi3.NewLoader()
	l.IncludeOrigin = true
	l.IsExternalRefsAllowed = true
	l.ReadFromURIFunc = func(loader *openapi3.Loader, u *url.URL) ([]byte, error) {
		if u.Scheme != "" && u.Scheme != "file" || u.Host != "" {
			return nil, fmt.Errorf("reference to %q: only local files may be referenced", u.Redacted())
		}
		data, err := readFile(filepath.FromSlash(u.Path))
		if err == nil {
			err = checkRefChains(data)
		}
		return data, err
	}
	doc, err := l.LoadFromFile(path)
	if err != nil {
		return nil, &Error{Source: path, Err: err}
	}
	c, err := Convert(doc, Options{Source: filepath.Base(path)})
	if err != nil {
		return nil, &Error{Source: path, Err: err}
	}
	return c, nil
}

// readFile reads a file of at most maxFileSize bytes. A file past it is
// an *fs.PathError, as the file's other errors are, so that an Error
// names the file once (see Error.Error), and a referenced file by its
// path.
func readFile(name string) ([]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() && fi.Size() > maxFileSize {
		return nil, &fs.PathError{Op: "read", Path: name, Err: fmt.Errorf("%d bytes, more than %d", fi.Size(), maxFileSize)}
	}
	data, err := io.ReadAll(io.LimitReader(f, maxFileSize+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > maxFileSize {
		return nil, &fs.PathError{Op: "read", Path: name, Err: fmt.Errorf("more than %d bytes", maxFileSize)}
	}
	return data, nil
}

// Convert makes a catalogue of a document kin-openapi has loaded with
// its references resolved. Without IncludeOrigin, properties and paths
// come in sorted order instead of the document's.
func Convert(doc *openapi3.T, o Options) (*catalog.Catalog, error) {
	if doc == nil {
		return nil, errors.New("no document")
	}
	info := catalog.Info{Source: o.Source, Servers: servers(doc.Servers)}
	if doc.Info != nil {
		info.Title, info.Version = doc.Info.Title, doc.Info.Version
	}
	var ops []catalog.Operation
	var answers mediaCount
	c := &converter{left: MaxSchemas, opts: o}
	if doc.Paths != nil {
		paths := doc.Paths.Keys()
		slices.SortStableFunc(paths, func(a, b string) int {
			return comparePos(origin(doc.Paths.Value(a).Origin), origin(doc.Paths.Value(b).Origin))
		})
		for _, path := range paths {
			item := doc.Paths.Value(path)
			type methodOp struct {
				method string
				op     *openapi3.Operation
			}
			var mops []methodOp
			for m, op := range item.Operations() {
				mops = append(mops, methodOp{strings.ToUpper(m), op})
			}
			slices.SortFunc(mops, func(a, b methodOp) int {
				if c := comparePos(origin(a.op.Origin), origin(b.op.Origin)); c != 0 {
					return c
				}
				return strings.Compare(a.method, b.method)
			})
			for _, mo := range mops {
				op, err := c.operation(mo.method, path, item, mo.op)
				if err == nil && c.left < 0 {
					err = errTooManySchemas
				}
				if err != nil {
					return nil, fmt.Errorf("%s %s: %w", mo.method, path, err)
				}
				ops = append(ops, op)
				answers.add(mo.op.Responses)
			}
		}
	}
	info.Accept = answers.accept()
	return catalog.New(info, ops)
}

// mediaCount counts the operations that answer in each media type, to
// say what accept header the description asks for (catalog.Info.Accept).
type mediaCount struct {
	order []string // in the order first seen
	n     map[string]int
}

// add counts the media types of an operation's success responses (2xx,
// or "default" when it lists none), each once, without parameters.
func (m *mediaCount) add(rs *openapi3.Responses) {
	if rs == nil {
		return
	}
	codes := rs.Keys()
	slices.Sort(codes)
	var seen []string
	for _, success := range []bool{true, false} {
		for _, code := range codes {
			ok := len(code) == 3 && code[0] == '2' // 200, 2XX
			if !success {
				ok = code == "default"
			}
			if !ok {
				continue
			}
			r := rs.Value(code)
			if r == nil || r.Value == nil {
				continue
			}
			for media := range r.Value.Content {
				t, _, _ := strings.Cut(media, ";")
				t = strings.ToLower(strings.TrimSpace(t))
				if !slices.Contains(seen, t) {
					seen = append(seen, t)
				}
			}
		}
		if len(seen) > 0 {
			break
		}
	}
	slices.Sort(seen)
	if m.n == nil {
		m.n = map[string]int{}
	}
	for _, t := range seen {
		if m.n[t] == 0 {
			m.order = append(m.order, t)
		}
		m.n[t]++
	}
}

// accept is the media type most operations answer in, the first seen of
// those that tie, when it is JSON ("application/json", or a +json type);
// "" for any other, or none: the Endpoint's accept header stays.
func (m *mediaCount) accept() string {
	best := ""
	for _, t := range m.order {
		if m.n[t] > m.n[best] {
			best = t
		}
	}
	if best == "*/*" || !catalog.JSONMedia(best) {
		return ""
	}
	return best
}

// pos is a place in a document, for restoring its order.
type pos struct{ line, col int }

func origin(o *openapi3.Origin) pos {
	if o == nil || o.Key == nil {
		return pos{math.MaxInt, 0}
	}
	return pos{o.Key.Line, o.Key.Column}
}

func comparePos(a, b pos) int {
	if a.line != b.line {
		return cmp.Compare(a.line, b.line)
	}
	return cmp.Compare(a.col, b.col)
}

func servers(ss openapi3.Servers) []catalog.Server {
	var out []catalog.Server
	for _, s := range ss {
		if s == nil {
			continue
		}
		cs := catalog.Server{URL: s.URL}
		// Variables in the order the URL names them.
		rest := s.URL
		for {
			i := strings.IndexByte(rest, '{')
			if i < 0 {
				break
			}
			j := strings.IndexByte(rest[i:], '}')
			if j < 0 {
				break
			}
			name := rest[i+1 : i+j]
			rest = rest[i+j+1:]
			v := catalog.ServerVariable{Name: name}
			if sv := s.Variables[name]; sv != nil {
				v.Default, v.Enum = sv.Default, slices.Clone(sv.Enum)
			}
			cs.Variables = append(cs.Variables, v)
		}
		out = append(out, cs)
	}
	return out
}

func (c *converter) operation(method, path string, item *openapi3.PathItem, op *openapi3.Operation) (catalog.Operation, error) {
	out := catalog.Operation{ID: op.OperationID, Method: method, Path: path}
	if op.Servers != nil {
		out.Servers = servers(*op.Servers)
	} else if len(item.Servers) > 0 {
		out.Servers = servers(item.Servers)
	}
	params, err := mergeParams(item.Parameters, op.Parameters)
	if err != nil {
		return out, err
	}
	for _, p := range params {
		param, err := c.param(p)
		if err != nil {
			return out, err
		}
		out.Params = append(out.Params, param)
	}
	if op.RequestBody != nil && op.RequestBody.Value != nil {
		out.Body, out.Params = c.body(op.RequestBody.Value, out.Params)
	}
	return out, nil
}

// mergeParams lists path-level parameters, overridden by operation-level
// ones of the same name and location, in the order first declared.
func mergeParams(lists ...openapi3.Parameters) ([]*openapi3.Parameter, error) {
	type key struct{ name, in string }
	var out []*openapi3.Parameter
	byKey := map[key]int{} // the position in out
	for _, list := range lists {
		for _, ref := range list {
			if ref == nil {
				continue
			}
			if ref.Value == nil {
				// A $ref that resolves to nothing (one to itself): the
				// parameter would be left out without a word.
				return nil, fmt.Errorf("parameter %q resolves to no parameter", ref.Ref)
			}
			p := ref.Value
			k := key{p.Name, p.In}
			if i, seen := byKey[k]; seen {
				out[i] = p
			} else {
				byKey[k] = len(out)
				out = append(out, p)
			}
		}
	}
	return out, nil
}

// param converts a path, query, header or cookie parameter.
func (c *converter) param(p *openapi3.Parameter) (catalog.Param, error) {
	in, ok := catalog.ParseLocation(p.In)
	if !ok || in == catalog.Body {
		return catalog.Param{}, fmt.Errorf("parameter %q: unknown location %q", p.Name, p.In)
	}
	sref := p.Schema
	if sref == nil {
		for _, mt := range p.Content {
			if mt != nil {
				sref = mt.Schema
				break
			}
		}
	}
	param := catalog.Param{
		Name: p.Name, In: in, Required: p.Required || in == catalog.Path,
		Schema: c.convert(sref, 0, nil),
	}
	param.Style, param.Explode = c.style(p, in, param.Schema.Type)
	param.DeepArrays = param.Style == catalog.StyleDeepObject && c.opts.DeepObjectArrays
	// GitHub's mark of a path parameter that holds a path (contents/{path}).
	param.MultiSegment = in == catalog.Path && p.Extensions["x-multi-segment"] == true
	return param, nil
}

// body converts a request body, appending to params the members of a
// JSON object body as body parameters.
func (c *converter) body(rb *openapi3.RequestBody, params []catalog.Param) (*catalog.RequestBody, []catalog.Param) {
	media, mt := pickMedia(rb.Content)
	body := &catalog.RequestBody{Media: media, Required: rb.Required}
	var s part
	if mt != nil {
		// One level above 0: the body's properties are its
		// parameters, kept MaxDepth deep below them as the others.
		s = c.convertPart(mt.Schema, -1, nil)
	}
	body.Type = s.Type
	if !catalog.JSONMedia(media) || !mayBeObject(s.Type) {
		return body, params
	}
	for _, p := range s.Properties {
		params = append(params, catalog.Param{
			Name: p.Name, In: catalog.Body, Required: p.Required, Schema: p.Schema,
		})
	}
	if mt.Schema != nil && mt.Schema.Value != nil && len(mt.Schema.Value.Required) > 0 {
		params = undeclaredRequired(mt.Schema.Value, params)
	}
	switch s.extra {
	case extraAllowed:
		body.Additional = s.additional
	case extraUnsaid:
		body.Additional = &catalog.Schema{} // a free-form object
	}
	return body, params
}

// undeclaredRequired appends to params the names the body schema's own
// required list names without declaring them. Such a name (Figma's PUT
// /v2/webhooks/{webhook_id} requires team_id so) is a member of any
// type: refusing it as unknown would leave no call the description
// allows. (A name only a oneOf, anyOf or allOf part requires is left
// out, and so is a readOnly property, which a request never sends.)
func undeclaredRequired(s *openapi3.Schema, params []catalog.Param) []catalog.Param {
	inBody := map[string]bool{}
	for _, p := range params {
		if p.In == catalog.Body {
			inBody[p.Name] = true
		}
	}
	for _, name := range s.Required {
		if !inBody[name] && !readOnlyProp(s, name, nil) {
			inBody[name] = true
			params = append(params, catalog.Param{Name: name, In: catalog.Body, Required: true})
		}
	}
	return params
}

// readOnlyProp reports whether s, or an allOf, oneOf or anyOf part of
// it, declares name as a readOnly property, which convertPart leaves out.
// seen holds the schemas above, to stop at a cycle.
func readOnlyProp(s *openapi3.Schema, name string, seen []*openapi3.Schema) bool {
	if s == nil || slices.Contains(seen, s) {
		return false
	}
	if p := s.Properties[name]; p != nil && p.Value != nil && p.Value.ReadOnly {
		return true
	}
	seen = append(seen, s)
	for _, parts := range []openapi3.SchemaRefs{s.AllOf, s.OneOf, s.AnyOf} {
		for _, p := range parts {
			if p != nil && readOnlyProp(p.Value, name, seen) {
				return true
			}
		}
	}
	return false
}

// style reads a path or query parameter's style and explode (see
// catalog.Style). A style OpenAPI does not define for the location, or
// does not define at all, is the location's default, as every style was
// before styles were applied: one description's slip should not keep
// its other operations from loading; a query's is StyleForm, which the
// operation's template writes for every method. Header and cookie
// parameters keep their default styles; a header keeps its explode, for
// an object. explode defaults to true for form, false for the rest; it
// only matters for a value that may be an array or object, and a
// deepObject has none. With JoinArrays, a query parameter's array is
// joined with commas whatever its style (a deepObject stays one), as
// @octokit/endpoint writes it (StyleDefault).
func (c *converter) style(p *openapi3.Parameter, in catalog.Location, t catalog.Type) (catalog.Style, bool) {
	explode := p.Explode != nil && *p.Explode
	switch in {
	case catalog.Path:
		return pathStyle(p.Style), explode
	case catalog.Query:
		return c.queryStyle(p, t)
	case catalog.Header:
		// simple, which writes an exploded object R=100,G=200.
		return catalog.StyleDefault, explode && (t == 0 || t&catalog.Object != 0)
	}
	return catalog.StyleDefault, false
}

// pathStyle is a path parameter's style: label, matrix or simple
// (StyleDefault).
func pathStyle(name string) catalog.Style {
	switch name {
	case "label":
		return catalog.StyleLabel
	case "matrix":
		return catalog.StyleMatrix
	}
	return catalog.StyleDefault
}

// queryStyle is style for a query parameter of type t.
func (c *converter) queryStyle(p *openapi3.Parameter, t catalog.Type) (catalog.Style, bool) {
	style := catalog.StyleForm
	switch p.Style {
	case "deepObject":
		return catalog.StyleDeepObject, false
	case "spaceDelimited":
		style = catalog.StyleSpaceDelimited
	case "pipeDelimited":
		style = catalog.StylePipeDelimited
	}
	if c.opts.JoinArrays {
		return catalog.StyleDefault, false
	}
	explode := p.Explode != nil && *p.Explode || p.Explode == nil && style == catalog.StyleForm
	// A schema without a type (0) allows arrays and objects too.
	return style, explode && (t == 0 || t&(catalog.Array|catalog.Object) != 0)
}

// pickMedia prefers a JSON media type, then the first in the document.
func pickMedia(content openapi3.Content) (string, *openapi3.MediaType) {
	keys := make([]string, 0, len(content))
	for k := range content {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b string) int {
		if ja, jb := catalog.JSONMedia(a), catalog.JSONMedia(b); ja != jb {
			if ja {
				return -1
			}
			return 1
		}
		if c := comparePos(origin(content[a].Origin), origin(content[b].Origin)); c != 0 {
			return c
		}
		return strings.Compare(a, b)
	})
	if len(keys) == 0 {
		return "", nil
	}
	return keys[0], content[keys[0]]
}
