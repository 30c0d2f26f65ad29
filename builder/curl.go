package builder

import (
	"bytes"
	"slices"
	"strings"
)

// Curl returns a curl command line that sends r, for copying into a shell.
// Every argument but curl's own flags is single-quoted, so the shell
// interprets nothing; a single quote inside a value is written as
//
//	'\''
//
// The method is given with -X (HEAD with --head, since -X HEAD makes curl
// wait for a body), each header with -H, sorted by name (an empty value is
// written "name;", curl's syntax for an empty header), and the body with
// --data-binary, byte for byte as HTTPRequest sends it; a body starting
// with "@" uses --data-raw so that curl does not read it as a file name. A
// body without a content-type header gets -H 'content-type:', which stops
// curl from adding its own; a URL with brackets or braces gets --globoff,
// and one starting with "-", which curl would read as an option, is given
// with --url. An io.Reader body, a body with NUL bytes (which no shell
// argument can hold) and a body that cannot be JSON-encoded are read from
// standard input instead (--data-binary @-): pipe them in.
//
// Curl shows real credentials, unlike String and fmt: it is meant to be
// run. Do not log it.
func (r RequestOptions) Curl() string {
	var b strings.Builder
	b.WriteString("curl")
	if strings.EqualFold(r.Method, "head") {
		b.WriteString(" --head")
	} else {
		b.WriteString(" -X ")
		b.WriteString(shellQuote(strings.ToUpper(r.Method)))
	}
	names := make([]string, 0, len(r.Headers))
	for name := range r.Headers {
		names = append(names, name)
	}
	if _, ok := r.Headers.Lookup("content-type"); !ok && r.Body != nil {
		// Without this, curl would add its own form content-type.
		names = append(names, "content-type")
	}
	slices.Sort(names)
	for _, name := range names {
		b.WriteString(" -H ")
		v, ok := r.Headers[name]
		switch {
		case !ok:
			b.WriteString(shellQuote(name + ":")) // curl's syntax to drop a header
		case v == "":
			b.WriteString(shellQuote(name + ";"))
		default:
			b.WriteString(shellQuote(name + ": " + v))
		}
	}
	if r.Body != nil {
		data, ok := curlBody(r)
		switch {
		case !ok || bytes.IndexByte(data, 0) >= 0:
			b.WriteString(" --data-binary @-")
		case len(data) > 0 && data[0] == '@':
			b.WriteString(" --data-raw ")
			b.WriteString(shellQuote(string(data)))
		default:
			b.WriteString(" --data-binary ")
			b.WriteString(shellQuote(string(data)))
		}
	}
	if strings.ContainsAny(r.URL, "[]{}") {
		b.WriteString(" --globoff") // brackets and braces are not curl globs
	}
	if strings.HasPrefix(r.URL, "-") {
		b.WriteString(" --url") // curl would read it as an option
	}
	b.WriteByte(' ')
	b.WriteString(shellQuote(r.URL))
	return b.String()
}

// shellQuote single-quotes s for a POSIX shell.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// curlBody is the body's bytes when they are in memory; false for an
// io.Reader, whose bytes are not known before sending, or a body that
// cannot be encoded.
func curlBody(r RequestOptions) ([]byte, bool) {
	fb, err := bodyOf(r)
	if err != nil {
		return nil, false
	}
	switch raw := fb.raw.(type) {
	case string:
		return []byte(raw), true
	case []byte:
		return raw, true
	case nil:
		return fb.json, true
	}
	return nil, false
}
