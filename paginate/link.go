package paginate

import (
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"

	"github.com/endpointkit/endpoint/headers"
	"github.com/endpointkit/endpoint/internal/ascii"
	"github.com/endpointkit/endpoint/internal/redact"
)

// Link is one link-value of a Link header (RFC 8288 §3).
type Link struct {
	// URL is the target as written between "<" and ">"; [Links] resolves
	// it against the request URL.
	URL string
	// Rel holds the relation types of the first rel parameter, in order
	// and lower-cased (RFC 8288 compares them without regard to case);
	// nil when there is none.
	Rel []string
	// Params holds the other parameters by lower-cased name, values
	// unquoted. A parameter without a value maps to ""; a parameter given
	// twice keeps its first value. Nil when there are none.
	Params map[string]string
}

// HasRel reports whether l has the relation type rel (any case).
func (l Link) HasRel(rel string) bool {
	for _, r := range l.Rel {
		if strings.EqualFold(r, rel) {
			return true
		}
	}
	return false
}

// String returns l as one link-value; see [Format].
func (l Link) String() string { return Format([]Link{l}) }

// Parse parses one Link header value: a comma-separated list of
// "<target>; name=value; ..." elements, where a value is a token or a quoted
// string with backslash escapes, and commas inside the brackets or the
// quotes belong to the element. Empty list elements and an empty ";" are
// skipped. Anything else is an [*Error] wrapping [ErrSyntax] that names the
// problem and its byte offset.
//
// Parse accepts a little more than the RFC grammar, as browsers do: an
// unquoted value may hold any visible character but ";", "," and the double
// quote (so type=text/html parses). It rejects white space and control
// bytes inside the brackets, which no URI reference holds.
func Parse(value string) ([]Link, error) {
	return parseAppend(nil, value)
}

// ParseLinks parses every Link line of h (as [Parse] does each value),
// in order. Lines are looked up under the canonical key "Link", as net/http
// stores received headers.
func ParseLinks(h http.Header) ([]Link, error) {
	var links []Link
	for _, v := range h.Values("Link") {
		var err error
		if links, err = parseAppend(links, v); err != nil {
			return nil, err
		}
	}
	return links, nil
}

// Links returns the links of resp's Link header with every target resolved
// against the request URL (RFC 8288 §3.2; after redirects, the URL of the
// last request), as absolute URLs.
func Links(resp *http.Response) ([]Link, error) {
	if resp == nil || resp.Request == nil || resp.Request.URL == nil {
		return nil, &Error{Op: "parse", Err: ErrNoRequest}
	}
	links, err := ParseLinks(resp.Header)
	if err != nil {
		return nil, err
	}
	base := resp.Request.URL
	for i := range links {
		u, err := resolve("parse", base, links[i].URL)
		if err != nil {
			return nil, err
		}
		links[i].URL = u.String()
	}
	return links, nil
}

// resolve resolves a link target against base.
func resolve(op string, base *url.URL, target string) (*url.URL, error) {
	u, err := base.Parse(target)
	if err != nil {
		// Said without the target, nor a piece of its password.
		err = redact.Cause(target, err, func(t string) error {
			_, err := base.Parse(t)
			return err
		})
		return nil, &Error{Op: op, Input: inputText(target), Err: fmt.Errorf("%w: invalid link target: %v", ErrSyntax, err)}
	}
	return u, nil
}

// Format writes links as one Link header value: "<url>; rel="a b"; name=value",
// with a value quoted unless it is a token, and parameters sorted by name.
// For links that [Parse] returned, Parse(Format(links)) gives them back.
// Control bytes, spaces and angle brackets in a URL are percent-encoded so
// that the result is always a well-formed header value as far as the URL
// goes; Rel entries holding spaces and values holding control bytes cannot
// be written faithfully.
func Format(links []Link) string {
	var b strings.Builder
	for i, l := range links {
		if i > 0 {
			b.WriteString(", ")
		}
		writeTarget(&b, l.URL)
		if len(l.Rel) > 0 {
			b.WriteString(`; rel="`)
			for j, r := range l.Rel {
				if j > 0 {
					b.WriteByte(' ')
				}
				writeQuotedContent(&b, r)
			}
			b.WriteByte('"')
		}
		writeParams(&b, l.Params)
	}
	return b.String()
}

// writeTarget writes "<url>", percent-encoding the bytes that would end
// the target or the header value.
func writeTarget(b *strings.Builder, u string) {
	b.WriteByte('<')
	for j := 0; j < len(u); j++ {
		c := u[j]
		if c <= ' ' || c == 0x7f || c == '<' || c == '>' {
			fmt.Fprintf(b, "%%%02X", c)
		} else {
			b.WriteByte(c)
		}
	}
	b.WriteByte('>')
}

// writeParams writes "; name=value" for each parameter but rel, sorted by
// name, a value quoted unless it is a token.
func writeParams(b *strings.Builder, params map[string]string) {
	names := make([]string, 0, len(params))
	for n := range params {
		if !strings.EqualFold(n, "rel") {
			names = append(names, n)
		}
	}
	slices.Sort(names)
	for _, n := range names {
		v := params[n]
		b.WriteString("; ")
		b.WriteString(n)
		switch {
		case v == "":
		case ascii.IsToken(v):
			b.WriteByte('=')
			b.WriteString(v)
		default:
			b.WriteString(`="`)
			writeQuotedContent(b, v)
			b.WriteByte('"')
		}
	}
}

func writeQuotedContent(b *strings.Builder, s string) {
	for i := 0; i < len(s); i++ {
		if s[i] == '"' || s[i] == '\\' {
			b.WriteByte('\\')
		}
		b.WriteByte(s[i])
	}
}

// maxQuoted bounds how much of a header value or URL an error message quotes.
const maxQuoted = 512

// maxPresize bounds the capacity Parse reserves up front, so that a header
// full of "<" does not reserve memory it never fills.
const maxPresize = 16

func parseAppend(dst []Link, value string) ([]Link, error) {
	n := min(strings.Count(value, "<"), maxPresize)
	if dst == nil && n > 0 {
		dst = make([]Link, 0, n)
	}
	var rels []string // one backing array for the Rel of every link
	p := parser{s: value}
	var l rawLink
	for {
		ok, err := p.next(&l)
		if err != nil {
			return nil, err
		}
		if !ok {
			return dst, nil
		}
		link := Link{URL: l.target}
		if len(l.rels) > 0 {
			if rels == nil {
				rels = make([]string, 0, max(n, len(l.rels)))
			}
			start := len(rels)
			for _, r := range l.rels {
				rels = append(rels, headers.Name(r))
			}
			link.Rel = rels[start:len(rels):len(rels)]
		}
		if len(l.params) > 0 {
			link.Params = make(map[string]string, len(l.params))
			for _, pr := range l.params {
				name := headers.Name(pr.name)
				if _, dup := link.Params[name]; !dup {
					link.Params[name] = pr.value
				}
			}
		}
		dst = append(dst, link)
	}
}

// rawLink is one link-value as the parser reads it: slices of the input
// (or unescaped copies), reused from one link to the next.
type rawLink struct {
	target  string
	rels    []string // as written, not lower-cased
	relSeen bool
	params  []param
}

type param struct{ name, value string }

// hasRel reports whether l has relation type rel (rel in lower case).
func (l *rawLink) hasRel(rel string) bool {
	for _, r := range l.rels {
		if strings.EqualFold(r, rel) {
			return true
		}
	}
	return false
}

// parser reads link-values from s one at a time, so that Next can stop at
// the first next link without building the whole list.
type parser struct {
	s string
	i int
}

func (p *parser) errorf(format string, args ...any) error {
	return &Error{
		Op:    "parse",
		Input: inputText(p.s),
		Err:   fmt.Errorf("%w: "+format, append([]any{ErrSyntax}, args...)...),
	}
}

func (p *parser) ows() {
	for p.i < len(p.s) && (p.s[p.i] == ' ' || p.s[p.i] == '\t') {
		p.i++
	}
}

// next reads the next link-value into l. It returns false at the end of
// the input.
func (p *parser) next(l *rawLink) (bool, error) {
	for p.i < len(p.s) && (p.s[p.i] == ' ' || p.s[p.i] == '\t' || p.s[p.i] == ',') {
		p.i++
	}
	if p.i == len(p.s) {
		return false, nil
	}
	target, err := p.target()
	if err != nil {
		return false, err
	}
	l.target = target
	l.rels, l.relSeen, l.params = l.rels[:0], false, l.params[:0]
	for {
		p.ows()
		if p.i == len(p.s) || p.s[p.i] == ',' {
			return true, nil
		}
		if p.s[p.i] != ';' {
			return false, p.errorf("expected ';' or ',' at byte %d, found %q", p.i, p.s[p.i])
		}
		p.i++
		if err := p.param(l); err != nil {
			return false, err
		}
	}
}

// target reads a link target, "<" to ">", and returns what is between.
func (p *parser) target() (string, error) {
	if p.s[p.i] != '<' {
		return "", p.errorf("expected '<' at byte %d, found %q", p.i, p.s[p.i])
	}
	open := p.i
	p.i++
	for p.i < len(p.s) && p.s[p.i] != '>' {
		if c := p.s[p.i]; c <= ' ' || c == 0x7f || c == '<' {
			if strings.IndexByte(p.s[p.i:], '>') < 0 {
				// Report the missing '>' rather than what follows.
				return "", p.errorf("link target opened at byte %d has no closing '>'", open)
			}
			return "", p.errorf("byte %q at %d inside the link target opened at byte %d", c, p.i, open)
		}
		p.i++
	}
	if p.i == len(p.s) {
		return "", p.errorf("link target opened at byte %d has no closing '>'", open)
	}
	p.i++
	return p.s[open+1 : p.i-1], nil
}

// param reads one parameter after its ';' into l: the first rel into
// l.rels, any other into l.params. An empty parameter is skipped.
func (p *parser) param(l *rawLink) error {
	p.ows()
	if p.i == len(p.s) || p.s[p.i] == ',' || p.s[p.i] == ';' {
		return nil // empty parameter
	}
	start := p.i
	for p.i < len(p.s) && ascii.IsTchar(p.s[p.i]) {
		p.i++
	}
	if p.i == start {
		return p.errorf("expected a parameter name at byte %d, found %q", p.i, p.s[p.i])
	}
	name := p.s[start:p.i]
	p.ows()
	var value string
	if p.i < len(p.s) && p.s[p.i] == '=' {
		p.i++
		p.ows()
		var err error
		if value, err = p.value(name); err != nil {
			return err
		}
	}
	if strings.EqualFold(name, "rel") {
		// RFC 8288 §3.3: occurrences after the first are ignored.
		if !l.relSeen {
			l.relSeen = true
			l.rels = splitRel(l.rels, value)
		}
		return nil
	}
	l.params = append(l.params, param{name, value})
	return nil
}

// value reads a parameter value: a quoted string or an unquoted run.
func (p *parser) value(name string) (string, error) {
	if p.i < len(p.s) && p.s[p.i] == '"' {
		return p.quoted()
	}
	start := p.i
	for p.i < len(p.s) && isValueByte(p.s[p.i]) {
		p.i++
	}
	if p.i == start {
		return "", p.errorf("parameter %q has '=' but no value at byte %d", name, p.i)
	}
	return p.s[start:p.i], nil
}

// quoted reads a quoted-string (RFC 9110 §5.6.4) starting at its opening
// quote and returns its content with quoted-pairs undone.
func (p *parser) quoted() (string, error) {
	open := p.i
	p.i++
	var b []byte // nil until the first backslash
	seg := p.i
	for p.i < len(p.s) {
		c := p.s[p.i]
		switch {
		case c == '"':
			v := p.s[seg:p.i]
			p.i++
			if b != nil {
				return string(append(b, v...)), nil
			}
			return v, nil
		case c == '\\':
			if p.i+1 == len(p.s) {
				return "", p.errorf("quoted string opened at byte %d ends in a backslash", open)
			}
			e := p.s[p.i+1]
			if isCtl(e) {
				return "", p.errorf("control byte %q escaped at byte %d", e, p.i+1)
			}
			b = append(b, p.s[seg:p.i]...)
			b = append(b, e)
			p.i += 2
			seg = p.i
		case isCtl(c):
			return "", p.errorf("control byte %q at %d inside the quoted string opened at byte %d", c, p.i, open)
		default:
			p.i++
		}
	}
	return "", p.errorf("quoted string opened at byte %d has no closing '\"'", open)
}

// splitRel appends the relation types of a rel value (RFC 8288 §3.3:
// separated by spaces; tabs are taken too).
func splitRel(dst []string, v string) []string {
	for {
		for len(v) > 0 && (v[0] == ' ' || v[0] == '\t') {
			v = v[1:]
		}
		if v == "" {
			return dst
		}
		end := strings.IndexAny(v, " \t")
		if end < 0 {
			end = len(v)
		}
		dst = append(dst, v[:end])
		v = v[end:]
	}
}

// isCtl reports control bytes other than horizontal tab, which a quoted
// string may hold.
func isCtl(c byte) bool { return ascii.IsCtl(c) && c != '\t' }

// isValueByte reports bytes of an unquoted parameter value.
func isValueByte(c byte) bool {
	return c != ' ' && !ascii.IsCtl(c) && c != ';' && c != ',' && c != '"'
}
