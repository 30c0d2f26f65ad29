package template_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/yosida95/uritemplate/v3"

	"github.com/endpointkit/endpoint/internal/route"
	"github.com/endpointkit/endpoint/template"
)

// fuzzValue builds the value of every variable from val and a shape selector.
func fuzzValue(val string, shape int) any {
	if shape < 0 {
		shape = -(shape + 1)
	}
	switch shape % 10 {
	case 0:
		return val
	case 1:
		return []string{val, val + "/x"}
	case 2:
		return template.Pairs{{Key: val, Value: val}, {Key: "k", Value: "v"}}
	case 3:
		return template.Path(val)
	case 4:
		return len(val) - 3
	case 5:
		return nil
	case 6:
		return []any{val, 1, nil, 2.5}
	case 7:
		return map[string]any{val: val, "z": 0.1}
	case 8:
		return float64(len(val)) / 3
	default:
		return template.Verbatim(val)
	}
}

// moduleFuzzValue is fuzzValue for the module, for the shapes it can express.
func moduleFuzzValue(val string, shape int) (uritemplate.Value, bool) {
	if shape < 0 {
		shape = -(shape + 1)
	}
	switch shape % 10 {
	case 0, 9:
		return uritemplate.String(val), true
	case 1:
		return uritemplate.List(val, val+"/x"), true
	case 2:
		return uritemplate.KV(val, val, "k", "v"), true
	}
	return uritemplate.Value{}, false
}

// isURIByte reports whether c may appear in an expansion: unreserved,
// reserved or "%".
func isURIByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("-._~:/?#[]@!$&'()*+,;=%", c) >= 0
}

func checkURI(t *testing.T, out string) {
	t.Helper()
	for i := 0; i < len(out); i++ {
		c := out[i]
		if !isURIByte(c) {
			t.Fatalf("output %q has byte %#x at %d", out, c, i)
		}
		if c == '%' && (i+2 >= len(out) || !isHexByte(out[i+1]) || !isHexByte(out[i+2])) {
			t.Fatalf("output %q has a bad %% at %d", out, i)
		}
	}
}

func isHexByte(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func FuzzExpand(f *testing.F) {
	f.Fuzz(func(t *testing.T, tpl, val string, shape int) {
		// The scanner must accept exactly what the module accepts. With
		// the hyphen extension (a "-" in an expression, which the module
		// reads as "_"), the scanner is the stricter: no name may start or
		// end with "-", so it must accept only what the module accepts.
		if rw := template.RewriteColonNames(tpl); len(tpl) <= template.MaxLength && len(rw) <= template.MaxLength {
			forModule := template.HyphensForValidator(rw)
			_, modErr := uritemplate.New(forModule)
			ourErr := template.Compile(rw)
			hyphens := forModule != rw
			switch {
			case errors.Is(ourErr, template.ErrTooManyExpressions):
			case modErr == nil && ourErr != nil && strings.Contains(ourErr.Error(), "${…}"):
				// ${name} is refused on purpose (shell and JavaScript syntax).
			case !hyphens && (ourErr == nil) != (modErr == nil),
				hyphens && ourErr == nil && modErr != nil:
				t.Fatalf("%q: scanner says %v, module says %v", rw, ourErr, modErr)
			}
		}

		tmpl, err := template.Parse(tpl)
		if err != nil {
			var te *template.Error
			if !errors.As(err, &te) {
				t.Fatalf("Parse error is %T, not *template.Error", err)
			}
			return
		}
		v := fuzzValue(val, shape)
		vars := map[string]any{}
		for _, name := range tmpl.Vars() {
			vars[name] = v
		}
		out, err := tmpl.Expand(vars)
		if err != nil {
			var te *template.Error
			if out != "" || !errors.As(err, &te) {
				t.Fatalf("Expand: %q with error %v (%T)", out, err, err)
			}
		} else {
			checkURI(t, out)
		}

		// AppendPath only adds errors to Expand.
		dst := []byte("pre")
		buf, pathErr := tmpl.AppendPath(dst, func(name string) (any, bool) {
			v, ok := vars[name]
			return v, ok
		})
		switch {
		case pathErr != nil && string(buf) != "pre":
			t.Fatalf("AppendPath returned %q with error %v", buf, pathErr)
		case pathErr == nil && (err != nil || string(buf) != "pre"+out):
			t.Fatalf("AppendPath %q, Expand %q (%v)", buf, out, err)
		case err != nil && pathErr == nil:
			t.Fatalf("Expand failed (%v) but AppendPath did not", err)
		}

		// AppendVars by position gives what AppendPath gives for strings and integers.
		if tv, ok := fuzzVar(v); ok {
			vals := make([]template.Var, len(tmpl.Vars()))
			for i := range vals {
				vals[i] = tv
			}
			got, vErr := tmpl.AppendVars([]byte("pre"), vals)
			if string(got) != string(buf) || fmt.Sprint(vErr) != fmt.Sprint(pathErr) {
				t.Fatalf("%q: AppendVars %q (%v), AppendPath %q (%v)", tpl, got, vErr, buf, pathErr)
			}
		}

		// Differential: ASCII templates and values without "%" that the
		// module handles correctly must expand the same.
		mv, ok := moduleFuzzValue(val, shape)
		if !ok || errors.Is(err, template.ErrPrefix) || !isASCII(tpl) || !isASCII(val) || strings.ContainsAny(val, "%\x00") {
			return
		}
		if _, isMap := v.(template.Pairs); isMap && (!isUnreserved(val) || val == "") {
			return
		}
		if template.HyphensForValidator(tmpl.String()) != tmpl.String() {
			return // hyphenated names: an extension the module does not know
		}
		mt, modErr := uritemplate.New(tmpl.String())
		if modErr != nil {
			t.Fatalf("module rejects %q that Parse accepted: %v", tmpl.String(), modErr)
		}
		values := uritemplate.Values{}
		for _, name := range tmpl.Vars() {
			values.Set(name, mv)
		}
		theirs, modErr := mt.Expand(values)
		if modErr != nil || err != nil || theirs != out {
			t.Fatalf("%q with %q: ours %q (%v), module %q (%v)", tmpl.String(), val, out, err, theirs, modErr)
		}
	})
}

func FuzzRewrite(f *testing.F) {
	for _, s := range []string{"/orgs/:org/repos", "/search?q=repo:octokit", "http://localhost:3000/x/:id", "https://user:pass@host/x", "/x/:foo-bar{?q}:ab", "{:ab}/:cd"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r := template.RewriteColonNames(s)
		if again := template.RewriteColonNames(r); again != r {
			t.Fatalf("not idempotent: %q -> %q -> %q", s, r, again)
		}
		if !strings.Contains(s, ":") && r != s {
			t.Fatalf("%q changed to %q without a colon", s, r)
		}
		// Text before the path part is never touched.
		start, _ := route.PathBounds(s)
		if !strings.HasPrefix(r, s[:start]) {
			t.Fatalf("%q: authority changed: %q", s, r)
		}
		// Removing the braces added around names gives back the colons.
		if strings.Count(r, "{")-strings.Count(s, "{") != strings.Count(s, ":")-strings.Count(r, ":") {
			t.Fatalf("%q -> %q: braces added do not match colons removed", s, r)
		}
	})
}

// fuzzVar is v as a Var when it is a string, an int or nil.
func fuzzVar(v any) (template.Var, bool) {
	switch x := v.(type) {
	case nil:
		return template.Var{}, true
	case string:
		return template.StringVar(x), true
	case int:
		return template.IntVar(int64(x)), true
	}
	return template.Var{}, false
}
