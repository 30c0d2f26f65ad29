package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/endpointkit/endpoint"
	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/catalog"
	"github.com/endpointkit/endpoint/catalog/github"
	"github.com/endpointkit/endpoint/catalog/openapi"
	"github.com/endpointkit/endpoint/headers"
	"github.com/endpointkit/endpoint/internal/ascii"
)

// call is a call ready to build: the builder, the catalogue it is
// checked against (nil with --no-check), and files to close once sent.
type call struct {
	b      *builder.Builder
	cat    *catalog.Catalog
	route  string
	closer io.Closer
}

func (p *call) close() {
	if p.closer != nil {
		_ = p.closer.Close()
	}
}

// print builds what the flags ask for and returns the output.
func (c *command) print(pos []string) ([]byte, error) {
	p, err := c.prepare(pos, false)
	if err != nil {
		return nil, err
	}
	defer p.close()
	var out []byte
	if c.cfg.merge {
		o, err := p.b.Merge()
		if err != nil {
			return nil, checkHint(err, c.cfg)
		}
		if c.cfg.redact {
			o = o.Redacted()
		}
		if out, err = o.MarshalJSON(); err != nil {
			return nil, err
		}
	} else {
		ro, err := p.b.Build()
		if err != nil {
			return nil, checkHint(err, c.cfg)
		}
		if c.cfg.redact {
			ro = ro.Redacted()
		}
		if c.cfg.curl {
			return []byte(ro.Curl() + "\n"), nil
		}
		if out, err = ro.MarshalJSON(); err != nil {
			return nil, err
		}
	}
	return c.formatJSON(out)
}

// formatJSON indents JSON output, or compacts it with --compact, and
// ends it with a newline.
func (c *command) formatJSON(in []byte) ([]byte, error) {
	var buf bytes.Buffer
	var err error
	if c.cfg.compact {
		err = json.Compact(&buf, in)
	} else {
		err = json.Indent(&buf, in, "", "  ")
	}
	if err != nil {
		return nil, err
	}
	buf.WriteByte('\n')
	return buf.Bytes(), nil
}

// prepare parses the route and items, reads the files they name, and
// sets up the builder. forSend says the call will be sent: a regular
// --data file is then left open, to be streamed.
func (c *command) prepare(pos []string, forSend bool) (*call, error) {
	route, itemArgs, err := takeRoute(pos)
	if err != nil {
		return nil, err
	}
	items, err := parseItems(itemArgs)
	if err != nil {
		return nil, err
	}
	cat, err := c.catalog()
	if err != nil {
		return nil, err
	}
	e, err := c.endpoint(cat)
	if err != nil {
		return nil, err
	}
	p := &call{b: e.Route(route), cat: cat, route: route}
	ok := false
	defer func() {
		if !ok {
			p.close()
		}
	}()
	var data any
	if c.cfg.data != "" {
		if data, err = c.readData(forSend); err != nil {
			return nil, err
		}
		p.closer, _ = data.(io.Closer)
	}

	b := p.b
	c.applyFlags(b)
	query, err := applyItems(b, cat, route, items)
	if err != nil {
		return nil, err
	}
	if len(query) > 0 {
		b.URL(withQuery(target(route), query))
	}
	if data != nil {
		b.Data(data)
	}
	ok = true
	return p, nil
}

// applyFlags sets --base-url, --preview and --format on b.
func (c *command) applyFlags(b *builder.Builder) {
	if c.cfg.baseURL != "" {
		b.BaseURL(c.cfg.baseURL)
	}
	if len(c.cfg.previews) > 0 {
		b.Preview(c.cfg.previews...)
	}
	if c.cfg.format != "" {
		b.Format(c.cfg.format)
	}
}

// parseItems parses the item arguments; a bad one is a usage error.
func parseItems(args []string) ([]item, error) {
	items := make([]item, 0, len(args))
	for _, a := range args {
		it, err := parseItem(a)
		if err != nil {
			return nil, usageError{err.Error()}
		}
		items = append(items, it)
	}
	return items, nil
}

// applyItems sets the parameters and headers of items on b, in order,
// and returns the name==value items that go in the URL's query: all of
// them without a catalogue, which would otherwise place them.
func applyItems(b *builder.Builder, cat *catalog.Catalog, route string, items []item) ([]item, error) {
	var query []item
	for _, it := range items {
		switch it.Kind {
		case itemParam:
			b.Param(it.Name, it.Value)
		case itemJSON:
			b.Param(it.Name, it.JSON)
		case itemQuery:
			if cat != nil {
				// The catalogue puts the parameter in the query, if it
				// is a query parameter at all.
				if err := queryOnly(cat, route, it.Name); err != nil {
					return nil, err
				}
				b.Param(it.Name, it.Value)
			} else {
				query = append(query, it)
			}
		case itemParamFile, itemJSONFile:
			v, err := readItemFile(it)
			if err != nil {
				return nil, err
			}
			b.Param(it.Name, v)
		case itemHeader:
			// Lower-cased here so that the later of "Accept:" and
			// "accept:" wins, as it does for parameters; checked first
			// so that an error names the header as it was typed.
			if err := headers.ValidateName(it.Name); err != nil {
				return nil, err
			}
			b.Header(headers.Name(it.Name), it.Value)
		}
	}
	return query, nil
}

// queryOnly refuses name==value for a parameter that the operation of
// route takes elsewhere than in the query: "==" promises the query. An
// unknown route or name is left to the check.
func queryOnly(cat *catalog.Catalog, route, name string) error {
	method, path, ok := strings.Cut(route, " ")
	if !ok {
		method, path = "", route
	}
	op, err := cat.Lookup(method, path)
	if err != nil {
		return nil
	}
	if in, ok := op.In(name); ok && in != catalog.Query {
		return fmt.Errorf("item %s==…: %s takes %q in the %s, not in the query; write %s=…", name, op, name, in, name)
	}
	return nil
}

// catalog returns the catalogue calls are checked against: --spec's,
// GitHub's, or nil with --no-check.
func (c *command) catalog() (*catalog.Catalog, error) {
	switch {
	case c.cfg.spec != "":
		return loadSpec(c.cfg.spec)
	case c.cfg.noCheck:
		return nil, nil
	}
	return github.Catalog(), nil
}

// loadSpec loads --spec within maxBody, as every file the command
// reads: a larger regular file fails before it is read, and anything
// else (a pipe, a device such as /dev/zero) is read up to the limit and
// may not refer to other files.
func loadSpec(name string) (*catalog.Catalog, error) {
	var cat *catalog.Catalog
	fi, err := os.Stat(name)
	switch {
	case err != nil || fi.Mode().IsRegular() && fi.Size() <= maxBody:
		cat, err = openapi.LoadFile(name) // its error names the file
	case fi.Mode().IsRegular():
		err = fmt.Errorf("%s, %w", size(fi.Size()), tooLarge(maxBody))
	default:
		var data []byte
		if data, err = readFile(name, maxBody); err == nil {
			cat, err = openapi.LoadWith(data, openapi.Options{Source: filepath.Base(name)})
		}
	}
	if err != nil {
		return nil, fmt.Errorf("--spec: %w", err)
	}
	if len(cat.Operations()) == 0 {
		// An empty file or {} loads; no call could pass its check.
		return nil, fmt.Errorf("--spec: %q: the description has no operations", name)
	}
	return cat, nil
}

// endpoint layers the catalogue, the --spec description's server (and
// accept: application/json, for an API that is not GitHub's) and each
// --defaults file, in that order, over the package defaults.
func (c *command) endpoint(cat *catalog.Catalog) (*builder.Endpoint, error) {
	opts := make([]builder.Option, 0, len(c.cfg.defaults)+2)
	if cat != nil {
		opts = append(opts, endpoint.WithCatalog(cat))
	}
	if c.cfg.spec != "" {
		// Not GitHub's API: its media type means nothing there.
		opts = append(opts, endpoint.WithHeader("accept", "application/json"))
		base, ok := serverURL(cat)
		switch {
		case ok:
			opts = append(opts, endpoint.WithBaseURL(base))
		case c.cfg.baseURL == "":
			// Not GitHub's: api.github.com is not this API's server.
			return nil, fmt.Errorf("--spec: the description's server %q is no http(s) URL or path: give --base-url", base)
		}
	}
	for _, name := range c.cfg.defaults {
		raw, err := readFile(name, maxBody)
		if err != nil {
			return nil, fileError("--defaults "+name, name, err)
		}
		var o builder.Options
		if err := o.UnmarshalJSON(raw); err != nil {
			return nil, fmt.Errorf("--defaults %s: %w", name, err)
		}
		opts = append(opts, endpoint.WithOptions(o))
	}
	return endpoint.Defaults(opts...), nil
}

// serverURL returns a description's first server with its variables set
// to their defaults: an absolute http(s) URL, or a path, which the
// request options then hold a relative URL on ("/api/v2"; "/" for a
// description without servers, as OpenAPI reads it). ok is false, with
// the URL, for anything else (no scheme, another scheme, a variable
// without a default).
func serverURL(cat *catalog.Catalog) (base string, ok bool) {
	servers := cat.Info().Servers
	if len(servers) == 0 {
		return "/", true
	}
	u := servers[0].URL
	for _, v := range servers[0].Variables {
		u = strings.ReplaceAll(u, "{"+v.Name+"}", v.Default)
	}
	switch {
	case strings.Contains(u, "{"):
		return u, false
	case ascii.HTTPScheme(u) > 0:
		return strings.TrimRight(u, "/"), true
	case u == "" || u == "/":
		return "/", true
	case strings.HasPrefix(u, "/") && !strings.HasPrefix(u, "//"):
		return strings.TrimRight(u, "/"), true
	}
	return u, false
}

// checkHint adds to a catalogue's unknown route or parameter error how
// to skip the check: GitHub adds operations faster than the embedded
// description follows.
func checkHint(err error, cfg *config) error {
	var ce *catalog.Error
	if cfg.spec == "" && errors.As(err, &ce) && (ce.Err == catalog.ErrUnknownRoute || ce.Err == catalog.ErrUnknownParam) {
		return fmt.Errorf("%w (--no-check skips the check)", err)
	}
	return err
}

// readData reads --data: JSON text, or the raw bytes of @file or @-
// (standard input), at most maxBody of them. For a call to send, a
// regular file is returned open (see openBody).
func (c *command) readData(forSend bool) (any, error) {
	arg := c.cfg.data
	name, isFile := strings.CutPrefix(arg, "@")
	if !isFile {
		v, err := decodeJSON(arg)
		if err != nil {
			return nil, usagef("--data: %v", err)
		}
		return v, nil
	}
	var v any
	var err error
	switch {
	case name == "-":
		v, err = readLimited(c.stdin, maxBody)
		if errors.Is(err, errTooLarge) {
			err = fmt.Errorf("standard input is %w", err)
		}
	case forSend:
		v, err = openBody(name, maxBody)
	default:
		v, err = readFile(name, maxBody)
	}
	if err != nil {
		return nil, fileError("--data "+arg, name, err)
	}
	return v, nil
}

// readItemFile reads the value of name=@file (the file's text) or
// name:=@file (its JSON).
func readItemFile(it item) (any, error) {
	sep := "=@"
	if it.Kind == itemJSONFile {
		sep = ":=@"
	}
	raw, err := readFile(it.Value, maxBody)
	if err != nil {
		err = fileError("item "+it.Name+sep+it.Value, it.Value, err)
		if errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("%w (a value that starts with @ names a file; write %s:='\"@…\"' for the text)", err, it.Name)
		}
		return nil, err
	}
	if it.Kind == itemParamFile {
		return string(raw), nil
	}
	v, err := decodeJSON(string(raw))
	if err != nil {
		return nil, fmt.Errorf("item %s%s%s: %w", it.Name, sep, it.Value, err)
	}
	return v, nil
}

// takeRoute takes the route off the arguments: "METHOD /path" as one
// argument, or METHOD and a URL as two, or an operation ID.
func takeRoute(pos []string) (string, []string, error) {
	if len(pos) == 0 {
		return "", nil, usagef("missing ROUTE")
	}
	if len(pos) >= 2 && isMethod(pos[0]) && looksLikeURL(pos[1]) {
		return pos[0] + " " + pos[1], pos[2:], nil
	}
	if pos[0] == "" {
		return "", nil, usagef("empty ROUTE")
	}
	return pos[0], pos[1:], nil
}

func isMethod(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z') {
			return false
		}
	}
	return true
}

func looksLikeURL(s string) bool {
	return strings.HasPrefix(s, "/") || strings.HasPrefix(s, "{") ||
		strings.HasPrefix(s, "http://") || strings.HasPrefix(s, "https://")
}

// target returns the URL template of a route: what follows the method.
func target(route string) string {
	if _, t, ok := strings.Cut(route, " "); ok {
		return t
	}
	return route
}

// withQuery adds name==value items to a URL template as literal query
// text, escaped so that the template engine copies it as it is: only
// RFC 3986's unreserved characters stay, everything else, "%", "{", "}"
// and "+" included, becomes %XX. The text goes before a fragment, and in
// front of a {?…} expression, which becomes {&…} to follow it.
func withQuery(tmpl string, items []item) string {
	var q strings.Builder
	for i, it := range items {
		if i > 0 {
			q.WriteByte('&')
		}
		q.WriteString(escapeComponent(it.Name))
		q.WriteByte('=')
		q.WriteString(escapeComponent(it.Value))
	}
	end := len(tmpl)
	if i := strings.IndexByte(tmpl, '#'); i >= 0 {
		end = i
		if i > 0 && tmpl[i-1] == '{' {
			end = i - 1
		}
	}
	head, tail := tmpl[:end], tmpl[end:]
	if i := strings.Index(head, "{?"); i >= 0 {
		return head[:i] + "?" + q.String() + "{&" + head[i+2:] + tail
	}
	switch {
	case !strings.Contains(head, "?"):
		head += "?"
	case !strings.HasSuffix(head, "?") && !strings.HasSuffix(head, "&"):
		head += "&"
	}
	return head + q.String() + tail
}

// escapeComponent percent-encodes every byte but RFC 3986's unreserved
// characters.
func escapeComponent(s string) string {
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9', c == '-', c == '.', c == '_', c == '~':
			b.WriteByte(c)
		default:
			b.WriteByte('%')
			b.WriteByte(hex[c>>4])
			b.WriteByte(hex[c&15])
		}
	}
	return b.String()
}
