package builder

import (
	"bytes"
	"maps"
	"slices"
	"strings"
)

// Curl returns a curl command line that sends r, every argument but
// flags single-quoted. HEAD is --head; headers are sorted, an empty one
// "name;", and a body without content-type gets -H 'content-type:'
// against curl's own. The body goes byte for byte (--data-raw if it
// starts with "@"), or from standard input (--data-binary @-) for an
// io.Reader, NUL bytes or no JSON form. A URL with brackets or braces
// gets --globoff, one starting with "-" --url.
//
// Curl shows the real credentials, since it is meant to be run: do not
// log it.
func (r RequestOptions) Curl() string {
	args := []string{"curl", "--head"}
	if !strings.EqualFold(r.Method, "head") {
		args = []string{"curl", "-X", shellQuote(strings.ToUpper(r.Method))}
	}
	names := slices.Collect(maps.Keys(r.Headers))
	if _, ok := r.Headers.Lookup("content-type"); !ok && r.Body != nil {
		names = append(names, "content-type")
	}
	slices.Sort(names)
	for _, name := range names {
		v, ok := r.Headers[name]
		switch {
		case !ok:
			args = append(args, "-H", shellQuote(name+":")) // curl's syntax to drop a header
		case v == "":
			args = append(args, "-H", shellQuote(name+";"))
		default:
			args = append(args, "-H", shellQuote(name+": "+v))
		}
	}
	if r.Body != nil {
		data, ok := curlBody(r)
		switch {
		case !ok || bytes.IndexByte(data, 0) >= 0:
			args = append(args, "--data-binary", "@-")
		case len(data) > 0 && data[0] == '@':
			args = append(args, "--data-raw", shellQuote(string(data)))
		default:
			args = append(args, "--data-binary", shellQuote(string(data)))
		}
	}
	if strings.ContainsAny(r.URL, "[]{}") {
		args = append(args, "--globoff") // brackets and braces are not curl globs
	}
	if strings.HasPrefix(r.URL, "-") {
		args = append(args, "--url") // curl would read it as an option
	}
	return strings.Join(append(args, shellQuote(r.URL)), " ")
}

func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// curlBody is the body's bytes, false for an io.Reader or no JSON form.
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
