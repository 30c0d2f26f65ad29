package catalog

import "strings"

// serverTemplate is a server URL split into literal text and variables.
type serverTemplate struct {
	parts []serverPart
	vars  []string
}

type serverPart struct {
	text  string
	isVar bool
}

func parseServer(url string) *serverTemplate {
	url = strings.TrimRight(url, "/")
	t := &serverTemplate{}
	for url != "" {
		i := strings.IndexByte(url, '{')
		j := -1
		if i >= 0 {
			j = strings.IndexByte(url[i:], '}')
		}
		if i < 0 || j < 0 {
			t.parts = append(t.parts, serverPart{text: url})
			break
		}
		if i > 0 {
			t.parts = append(t.parts, serverPart{text: url[:i]})
		}
		name := url[i+1 : i+j]
		t.parts = append(t.parts, serverPart{text: name, isVar: true})
		t.vars = append(t.vars, name)
		url = url[i+j+1:]
	}
	return t
}

// pathPrefix returns the path of a server URL without variables in its
// path ("/api/v3" of "{protocol}://{hostname}/api/v3"), or "".
func (t *serverTemplate) pathPrefix() string {
	var b strings.Builder
	for _, p := range t.parts {
		if p.isVar {
			b.WriteString("{}")
		} else {
			b.WriteString(p.text)
		}
	}
	s := b.String()
	i := strings.Index(s, "://")
	if i < 0 {
		return ""
	}
	rest := s[i+3:]
	j := strings.IndexByte(rest, '/')
	if j < 0 || strings.Contains(rest[j:], "{}") {
		return ""
	}
	return rest[j:]
}

// match reports whether base is this server with its variables filled,
// and with what: each variable stands for a non-empty run without "/".
// Scheme and host compare without regard to case.
func (t *serverTemplate) match(base string, vals []string) ([]string, bool) {
	for k, p := range t.parts {
		if !p.isVar {
			if len(base) < len(p.text) || !strings.EqualFold(base[:len(p.text)], p.text) {
				return vals, false
			}
			base = base[len(p.text):]
			continue
		}
		end := len(base)
		if k+1 < len(t.parts) {
			end = strings.Index(base, t.parts[k+1].text)
			if end < 0 {
				return vals, false
			}
		}
		if end == 0 || strings.IndexByte(base[:end], '/') >= 0 {
			return vals, false
		}
		vals = append(vals, base[:end])
		base = base[end:]
	}
	return vals, base == ""
}

// BaseURL returns the base URL to send this operation to, given the one
// a call would use. The rule:
//
//   - An operation without servers of its own uses base.
//   - When base is the catalogue's default server (its first), with any
//     {variables} filled in some way, the operation's own server is used,
//     its variables filled with the values base gave the variables of the
//     same name, the rest with their defaults. So on api.github.com the
//     release upload goes to https://uploads.github.com, and with GitHub
//     Enterprise Server's "{protocol}://{hostname}/api/v3" a base of
//     "https://ghe.example.com/api/v3" sends it to
//     "https://ghe.example.com/api/uploads".
//   - Any other base (a test server, a proxy) is kept as it is, since the
//     caller chose it on purpose.
//
// A trailing slash of base is ignored. A nil Operation returns base.
func (op *Operation) BaseURL(base string) string {
	if op == nil || op.server == nil || op.cat == nil || op.cat.def == nil {
		return base
	}
	b := strings.TrimRight(base, "/")
	var buf [4]string
	vals, ok := op.cat.def.match(b, buf[:0])
	if !ok {
		return base
	}
	if op.fixed != "" {
		return op.fixed
	}
	var out strings.Builder
	for _, p := range op.server.parts {
		if !p.isVar {
			out.WriteString(p.text)
			continue
		}
		out.WriteString(op.serverValue(p.text, vals))
	}
	return out.String()
}

// serverValue returns the value of an operation server's variable: the
// one base gave the default server's variable of that name, or its default.
func (op *Operation) serverValue(name string, vals []string) string {
	for i, v := range op.cat.def.vars {
		if v == name && i < len(vals) {
			return vals[i]
		}
	}
	for _, v := range op.Servers[0].Variables {
		if v.Name == name {
			return v.Default
		}
	}
	if len(op.cat.info.Servers) > 0 {
		for _, v := range op.cat.info.Servers[0].Variables {
			if v.Name == name {
				return v.Default
			}
		}
	}
	return ""
}
