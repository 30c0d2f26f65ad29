package catalog

import (
	"fmt"
	"strconv"
	"strings"
)

// The compact form is a line-oriented text, one record a line, fields
// separated by tabs; it is what catalog/github embeds (gzipped). It
// starts with the line "endpointkit-catalog 1"; then:
//
//	I <title> <version> <source> [<accept>]  the catalogue's Info
//	S <url> <name>=<default>|<enum>... …  a server (numbered from 0 in order)
//	D <i>,<j>…                            the catalogue's servers
//	O <id> <METHOD> <path> <servers> <body> [<extra>]  an operation
//	P <in>[!] <name> <schema>             a parameter of the last operation
//
// <in> is p, q, h, c or b (path, query, header, cookie, body), followed
// by the parameter's Style other than the default, one of S, L, M, F, W,
// P, D (simple, label, matrix, form, spaceDelimited, pipeDelimited,
// deepObject), which data written before styles (GitHub's) never has;
// "/" marks a path parameter that holds a path (Param.MultiSegment),
// "+" a deepObject that takes arrays (Param.DeepArrays), "*" one that is
// exploded (Param.Explode), "!" a required one.
// <servers> are server numbers. <body> is empty for none, else
// [!]<types>;<media>. <extra>, written only for a body that
// takes members other than its parameters, is the schema of those
// members (RequestBody.Additional). A schema is
//
//	<types> [= <value> (, <value>)*] [[ <items schema> ]] [{ <name>[!] : <schema> (; …)* }]
//
// where <types> are letters (s string, i integer, n number, b boolean,
// a array, o object, z null) or "*" for any. Within a field, '%', tabs
// and line ends are written %XX; within a schema, so are the characters
// ,;:=!|[]{}.
const compactHeader = "endpointkit-catalog 1"

// Limits on what Decode accepts, so that hostile data costs bounded work.
const (
	maxSchemaDepth = 24
	maxRecords     = 1 << 20
)

const fieldSpecial = "%\t\n\r"
const tokenSpecial = "%\t\n\r,;:=!|[]{}"

func escape(s, special string) string {
	if !strings.ContainsAny(s, special) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if strings.IndexByte(special, s[i]) >= 0 {
			fmt.Fprintf(&b, "%%%02X", s[i])
		} else {
			b.WriteByte(s[i])
		}
	}
	return b.String()
}

func unescape(s string) (string, error) {
	if strings.IndexByte(s, '%') < 0 {
		return s, nil
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if s[i] != '%' {
			b = append(b, s[i])
			continue
		}
		if i+2 >= len(s) {
			return "", errCompact("truncated %-escape")
		}
		n, err := strconv.ParseUint(s[i+1:i+3], 16, 8)
		if err != nil {
			return "", errCompact("invalid %-escape")
		}
		b = append(b, byte(n))
		i += 2
	}
	return string(b), nil
}

func errCompact(detail string) error {
	return &Error{Detail: "compact form: " + detail, Err: ErrInvalid}
}

// Encode writes c in the compact form that Decode reads.
func (c *Catalog) Encode() []byte {
	c = c.or0()
	var b strings.Builder
	b.WriteString(compactHeader + "\n")
	f := func(s string) string { return escape(s, fieldSpecial) }
	fmt.Fprintf(&b, "I\t%s\t%s\t%s", f(c.info.Title), f(c.info.Version), f(c.info.Source))
	if c.info.Accept != "" { // written only when set: GitHub's data has none
		b.WriteString("\t" + f(c.info.Accept))
	}
	b.WriteByte('\n')
	var servers serverLines
	def := servers.refs(c.info.Servers)
	var ops strings.Builder
	for _, op := range c.ops {
		appendOperation(&ops, op, servers.refs(op.Servers))
	}
	for _, s := range servers {
		b.WriteString(s + "\n")
	}
	b.WriteString("D\t" + def + "\n")
	b.WriteString(ops.String())
	return []byte(b.String())
}

// serverLines are the S lines of the distinct servers met so far, which
// operations refer to by number.
type serverLines []string

func (sl *serverLines) number(s Server) int {
	var l strings.Builder
	l.WriteString("S\t" + escape(s.URL, fieldSpecial))
	for _, v := range s.Variables {
		l.WriteString("\t" + escape(v.Name, tokenSpecial) + "=" + escape(v.Default, tokenSpecial))
		for _, e := range v.Enum {
			l.WriteString("|" + escape(e, tokenSpecial))
		}
	}
	line := l.String()
	for i, x := range *sl {
		if x == line {
			return i
		}
	}
	*sl = append(*sl, line)
	return len(*sl) - 1
}

// refs is the <servers> field of ss, numbering those not met before.
func (sl *serverLines) refs(ss []Server) string {
	var r []string
	for _, s := range ss {
		r = append(r, strconv.Itoa(sl.number(s)))
	}
	return strings.Join(r, ",")
}

// appendOperation writes op's O line, then a P line for each parameter.
func appendOperation(b *strings.Builder, op *Operation, servers string) {
	f := func(s string) string { return escape(s, fieldSpecial) }
	body := ""
	if op.Body != nil {
		if op.Body.Required {
			body = "!"
		}
		body += typeCode(op.Body.Type) + ";" + f(op.Body.Media)
	}
	fmt.Fprintf(b, "O\t%s\t%s\t%s\t%s\t%s", f(op.ID), f(op.Method), f(op.Path), servers, body)
	if op.Body != nil && op.Body.Additional != nil {
		b.WriteString("\t" + encodeSchema(op.Body.Additional))
	}
	b.WriteByte('\n')
	for _, p := range op.Params {
		b.WriteString("P\t" + string("?pqhcb"[p.In]) + styleCode(p.Style) + paramFlags(&p) + "\t" + f(p.Name) + "\t")
		b.WriteString(encodeSchema(&p.Schema))
		b.WriteByte('\n')
	}
}

// paramFlags are the marks after a parameter's location and style.
func paramFlags(p *Param) string {
	req := ""
	if p.MultiSegment {
		req = "/"
	}
	if p.DeepArrays {
		req += "+"
	}
	if p.Explode {
		req += "*"
	}
	if p.Required {
		req += "!"
	}
	return req
}

// styleCodes are the letters of the styles from StyleSimple on.
const styleCodes = "SLMFWPD"

// styleCode is a parameter's style in the compact form: "" for the default.
func styleCode(s Style) string {
	if s == StyleDefault || int(s) > len(styleCodes) {
		return ""
	}
	return styleCodes[s-1 : s]
}

func typeCode(t Type) string {
	if t == 0 {
		return "*"
	}
	var b []byte
	for _, n := range typeNames {
		if t&n.t != 0 {
			b = append(b, n.code)
		}
	}
	return string(b)
}

func encodeSchema(s *Schema) string {
	var b strings.Builder
	appendSchema(&b, s)
	return b.String()
}

func appendSchema(b *strings.Builder, s *Schema) {
	b.WriteString(typeCode(s.Type))
	for i, e := range s.Enum {
		if i == 0 {
			b.WriteByte('=')
		} else {
			b.WriteByte(',')
		}
		b.WriteString(escape(e, tokenSpecial))
	}
	if s.Items != nil {
		b.WriteByte('[')
		appendSchema(b, s.Items)
		b.WriteByte(']')
	}
	if len(s.Properties) > 0 {
		b.WriteByte('{')
		for i, p := range s.Properties {
			if i > 0 {
				b.WriteByte(';')
			}
			b.WriteString(escape(p.Name, tokenSpecial))
			if p.Required {
				b.WriteByte('!')
			}
			b.WriteByte(':')
			appendSchema(b, &p.Schema)
		}
		b.WriteByte('}')
	}
}

// Decode reads a catalogue in the compact form Encode writes. Malformed
// data is an *Error wrapping ErrInvalid; Decode never panics.
func Decode(data []byte) (*Catalog, error) {
	text := string(data) // one copy; every name below is a slice of it
	if !strings.HasPrefix(text, compactHeader+"\n") {
		return nil, errCompact("missing header line " + strconv.Quote(compactHeader))
	}
	text = text[len(compactHeader)+1:]
	nOps, nParams := strings.Count(text, "\nO\t"), strings.Count(text, "\nP\t")
	if strings.HasPrefix(text, "O\t") {
		nOps++
	}
	if nOps+nParams > maxRecords {
		return nil, errCompact("too many records")
	}
	d := compactDecoder{ops: make([]Operation, 0, nOps), params: make([]Param, 0, nParams)}
	for text != "" {
		d.line++
		var l string
		if i := strings.IndexByte(text, '\n'); i >= 0 {
			l, text = text[:i], text[i+1:]
		} else {
			l, text = text, ""
		}
		if l == "" {
			continue
		}
		if err := d.record(splitFields(l)); err != nil {
			return nil, err
		}
	}
	d.finish()
	return build(d.info, d.ops)
}

// compactDecoder holds what Decode has read so far. Its ops and params
// are made once at their counted sizes: every operation's Params is a
// slice of params.
type compactDecoder struct {
	info    Info
	servers []Server
	ops     []Operation
	params  []Param
	start   int // first parameter of the current operation
	line    int
}

// fail is the error of the line being read.
func (d *compactDecoder) fail(msg string) error {
	return errCompact(fmt.Sprintf("line %d: %s", d.line+1, msg))
}

// finish gives the last operation read the parameters read since it.
func (d *compactDecoder) finish() {
	if len(d.ops) > 0 {
		d.ops[len(d.ops)-1].Params = d.params[d.start:len(d.params):len(d.params)]
	}
	d.start = len(d.params)
}

// record reads one line's fields.
func (d *compactDecoder) record(fields []string) error {
	switch fields[0] {
	case "I":
		return d.infoRecord(fields)
	case "S":
		if len(fields) < 2 {
			return d.fail("want a URL")
		}
		s, err := decodeServer(fields[1:])
		if err != nil {
			return d.fail(err.Error())
		}
		d.servers = append(d.servers, s)
	case "D":
		if len(fields) != 2 {
			return d.fail("want 2 fields")
		}
		ss, err := serverRefs(fields[1], d.servers)
		if err != nil {
			return d.fail(err.Error())
		}
		d.info.Servers = ss
	case "O":
		return d.operation(fields)
	case "P":
		return d.param(fields)
	default:
		return d.fail("unknown record " + strconv.Quote(fields[0]))
	}
	return nil
}

func (d *compactDecoder) infoRecord(fields []string) error {
	if len(fields) != 4 && len(fields) != 5 {
		return d.fail("want 4 or 5 fields")
	}
	var err error
	for i, dst := range []*string{&d.info.Title, &d.info.Version, &d.info.Source, &d.info.Accept}[:len(fields)-1] {
		if *dst, err = unescape(fields[i+1]); err != nil {
			return d.fail(err.Error())
		}
	}
	return nil
}

func (d *compactDecoder) operation(fields []string) error {
	if len(fields) != 6 && len(fields) != 7 {
		return d.fail("want 6 or 7 fields")
	}
	d.finish()
	if len(d.ops) == cap(d.ops) {
		return d.fail("more operations than counted")
	}
	var op Operation
	var err error
	if op.ID, err = unescape(fields[1]); err != nil {
		return d.fail(err.Error())
	}
	if op.Method, err = unescape(fields[2]); err != nil {
		return d.fail(err.Error())
	}
	if op.Path, err = unescape(fields[3]); err != nil {
		return d.fail(err.Error())
	}
	if op.Servers, err = serverRefs(fields[4], d.servers); err != nil {
		return d.fail(err.Error())
	}
	if body := fields[5]; body != "" {
		if op.Body, err = d.body(body); err != nil {
			return err
		}
	}
	if len(fields) == 7 {
		if op.Body == nil {
			return d.fail("extra members without a body")
		}
		x, err := decodeSchema(fields[6])
		if err != nil {
			return d.fail(err.Error())
		}
		op.Body.Additional = &x
	}
	d.ops = append(d.ops, op)
	return nil
}

// body reads an operation's body field, [!]<types>;<media>.
func (d *compactDecoder) body(body string) (*RequestBody, error) {
	rb := &RequestBody{}
	if body[0] == '!' {
		rb.Required, body = true, body[1:]
	}
	codes, media, ok := strings.Cut(body, ";")
	if !ok {
		return nil, d.fail("body: want types;media")
	}
	if rb.Type, ok = parseTypeCode(codes); !ok {
		return nil, d.fail("body: invalid types")
	}
	var err error
	if rb.Media, err = unescape(media); err != nil {
		return nil, d.fail(err.Error())
	}
	return rb, nil
}

func (d *compactDecoder) param(fields []string) error {
	if len(fields) != 4 || len(d.ops) == 0 {
		return d.fail("want 4 fields after an operation")
	}
	if len(d.params) == cap(d.params) {
		return d.fail("more parameters than counted")
	}
	var p Param
	if err := d.paramIn(&p, fields[1]); err != nil {
		return err
	}
	var err error
	if p.Name, err = unescape(fields[2]); err != nil {
		return d.fail(err.Error())
	}
	if p.Schema, err = decodeSchema(fields[3]); err != nil {
		return d.fail(err.Error())
	}
	d.params = append(d.params, p)
	return nil
}

// paramIn reads a parameter's <in> field: its location, then its style
// and flags.
func (d *compactDecoder) paramIn(p *Param, in string) error {
	if strings.HasSuffix(in, "!") {
		p.Required, in = true, in[:len(in)-1]
	}
	if strings.HasSuffix(in, "*") {
		p.Explode, in = true, in[:len(in)-1]
	}
	if strings.HasSuffix(in, "+") {
		p.DeepArrays, in = true, in[:len(in)-1]
	}
	if strings.HasSuffix(in, "/") {
		p.MultiSegment, in = true, in[:len(in)-1]
	}
	if len(in) == 2 {
		st := strings.IndexByte(styleCodes, in[1])
		if st < 0 {
			return d.fail("invalid style")
		}
		p.Style, in = Style(st+1), in[:1]
	}
	if len(in) != 1 || strings.IndexByte("pqhcb", in[0]) < 0 {
		return d.fail("invalid location")
	}
	p.In = Location(strings.IndexByte("pqhcb", in[0]) + 1)
	return nil
}

// splitFields splits a line on tabs without allocating for short lines.
func splitFields(l string) []string {
	return strings.Split(l, "\t")
}

func parseTypeCode(s string) (Type, bool) {
	if s == "*" {
		return 0, true
	}
	if s == "" {
		return 0, false
	}
	var t Type
	for i := 0; i < len(s); i++ {
		found := false
		for _, n := range typeNames {
			if n.code == s[i] {
				t |= n.t
				found = true
			}
		}
		if !found {
			return 0, false
		}
	}
	return t, true
}

func decodeServer(fields []string) (Server, error) {
	var s Server
	var err error
	if s.URL, err = unescape(fields[0]); err != nil {
		return s, err
	}
	for _, f := range fields[1:] {
		name, rest, ok := strings.Cut(f, "=")
		if !ok {
			return s, fmt.Errorf("server variable: want name=default")
		}
		vals := strings.Split(rest, "|")
		v := ServerVariable{}
		if v.Name, err = unescape(name); err != nil {
			return s, err
		}
		if v.Default, err = unescape(vals[0]); err != nil {
			return s, err
		}
		for _, e := range vals[1:] {
			x, err := unescape(e)
			if err != nil {
				return s, err
			}
			v.Enum = append(v.Enum, x)
		}
		s.Variables = append(s.Variables, v)
	}
	return s, nil
}

func serverRefs(field string, servers []Server) ([]Server, error) {
	if field == "" {
		return nil, nil
	}
	var out []Server
	for _, r := range strings.Split(field, ",") {
		n, err := strconv.Atoi(r)
		if err != nil || n < 0 || n >= len(servers) {
			return nil, fmt.Errorf("unknown server %q", r)
		}
		out = append(out, servers[n])
	}
	return out, nil
}

// decodeSchema reads one whole schema field.
func decodeSchema(field string) (Schema, error) {
	d := schemaDecoder{s: field}
	s, err := d.schema(0)
	if err == nil && d.i != len(d.s) {
		err = fmt.Errorf("schema: unexpected %q", d.s[d.i:])
	}
	return s, err
}

// schemaDecoder reads the schema grammar of the compact form.
type schemaDecoder struct {
	s string
	i int
}

func (d *schemaDecoder) token() (string, error) {
	j := d.i
	for j < len(d.s) && strings.IndexByte(",;:=!|[]{}", d.s[j]) < 0 {
		j++
	}
	t := d.s[d.i:j]
	d.i = j
	return unescape(t)
}

func (d *schemaDecoder) peek() byte {
	if d.i < len(d.s) {
		return d.s[d.i]
	}
	return 0
}

func (d *schemaDecoder) schema(depth int) (Schema, error) {
	var s Schema
	if depth > maxSchemaDepth {
		return s, fmt.Errorf("schema: nested too deep")
	}
	codes, err := d.token()
	if err != nil {
		return s, err
	}
	var ok bool
	if s.Type, ok = parseTypeCode(codes); !ok {
		return s, fmt.Errorf("schema: invalid types %q", codes)
	}
	if d.peek() == '=' {
		if s.Enum, err = d.enum(); err != nil {
			return s, err
		}
	}
	if d.peek() == '[' {
		if s.Items, err = d.items(depth); err != nil {
			return s, err
		}
	}
	if d.peek() == '{' {
		if s.Properties, err = d.properties(depth); err != nil {
			return s, err
		}
	}
	return s, nil
}

// enum reads = <value> (, <value>)*.
func (d *schemaDecoder) enum() ([]string, error) {
	var enum []string
	for d.peek() == '=' || d.peek() == ',' {
		d.i++
		v, err := d.token()
		if err != nil {
			return enum, err
		}
		enum = append(enum, v)
	}
	return enum, nil
}

// items reads [ <items schema> ] of a schema at depth.
func (d *schemaDecoder) items(depth int) (*Schema, error) {
	d.i++
	items, err := d.schema(depth + 1)
	if err != nil {
		return nil, err
	}
	if d.peek() != ']' {
		return nil, fmt.Errorf("schema: want ]")
	}
	d.i++
	return &items, nil
}

// properties reads { <name>[!] : <schema> (; …)* } of a schema at depth.
func (d *schemaDecoder) properties(depth int) ([]Property, error) {
	d.i++
	var props []Property
	for {
		var p Property
		var err error
		if p.Name, err = d.token(); err != nil {
			return props, err
		}
		if d.peek() == '!' {
			p.Required = true
			d.i++
		}
		if d.peek() != ':' {
			return props, fmt.Errorf("schema: want : after a property name")
		}
		d.i++
		if p.Schema, err = d.schema(depth + 1); err != nil {
			return props, err
		}
		props = append(props, p)
		if d.peek() == ';' {
			d.i++
			continue
		}
		if d.peek() != '}' {
			return props, fmt.Errorf("schema: want ; or }")
		}
		d.i++
		return props, nil
	}
}
