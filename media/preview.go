package media

import "strings"

// previewSuffix is the marker GitHub puts after a preview's name.
const previewSuffix = "-preview"

// StripPreview removes the first occurrence of "-preview" from name,
// wherever it is, as v6 merge does to every mediaType.previews entry:
// "squirrel-girl-preview" becomes "squirrel-girl", "foo-preview-preview"
// becomes "foo-preview" and even "foo-previewer" becomes "fooer". The match
// is case-sensitive. A name without "-preview" is returned as is.
func StripPreview(name string) string {
	i := strings.Index(name, previewSuffix)
	if i < 0 {
		return name
	}
	return name[:i] + name[i+len(previewSuffix):]
}

// UnionPreviews combines inherited previews with a call's previews the way v6
// merge does: the entries of defaults that are not (exactly) in call, in
// defaults order, followed by call in its own order. Duplicates inside either
// list are kept, so an empty call cannot clear inherited previews and
// defaults [a b c] with call [b a] give [c b a].
//
// Compare before stripping: v6 unions the raw strings and only then applies
// StripPreview, so inherited "foo" and a call's "foo-preview" both survive.
//
// The result is always a new slice (it never aliases defaults or call), or nil
// when both lists are empty.
func UnionPreviews(defaults, call []string) []string {
	if len(defaults) == 0 && len(call) == 0 {
		return nil
	}
	out := make([]string, 0, len(defaults)+len(call))
	inCall := func(s string) bool {
		for _, c := range call {
			if c == s {
				return true
			}
		}
		return false
	}
	if len(call) > 16 && len(defaults) > 16 {
		// Avoid quadratic work on unusually long lists.
		set := make(map[string]struct{}, len(call))
		for _, c := range call {
			set[c] = struct{}{}
		}
		inCall = func(s string) bool {
			_, ok := set[s]
			return ok
		}
	}
	for _, d := range defaults {
		if !inCall(d) {
			out = append(out, d)
		}
	}
	return append(out, call...)
}
