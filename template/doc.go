// Package template expands RFC 6570 URI templates (level 4), with
// @octokit/endpoint's ":name" placeholders and the path rules a REST route
// needs.
//
// # Expanding
//
// Parse a template once and expand it with a map of Go values:
//
//	t, err := template.Parse("/repos/{owner}/{repo}/issues{?state,labels}")
//	url, err := t.Expand(map[string]any{"owner": "octokit", "repo": "rest.js", "labels": []string{"bug", "ui"}})
//	// /repos/octokit/rest.js/issues?labels=bug,ui
//
// [Template.AppendPath] appends to a buffer and holds the path to a
// route's rules: every {x} of the path has a value, no value makes an
// empty, "." or ".." segment, and only the template decides the host.
// [Template.AppendVars] does the same with [Var]s held by position
// ([Template.VarIndex]), so that nothing is boxed. [AppendQuery] and
// [AppendQueryVar] add the parameters a template did not use to the query,
// as @octokit/endpoint does.
//
// Parsed templates are cached by their text (at most [CacheSize] entries
// and [CacheBytes], oldest out first; failures are not), so Parse of a
// route seen before is a map lookup. A *Template is immutable and safe for
// concurrent use.
//
// # Syntax and expansion
//
// A template is accepted only if github.com/yosida95/uritemplate/v3
// accepts it ([ErrSyntax]), within [MaxLength] bytes and [MaxExpressions]
// expressions; this package expands it as RFC 6570 says, passing all 270
// cases of uritemplate-test: UTF-8 bytes encoded (invalid ones too, so the
// output is ASCII), exploded keys encoded, %XX kept by {+x}, prefixes in
// characters. [DeepObjectVar] writes OpenAPI's deepObject.
//
// ":name" is read as "{name}" where name is a lower-case ASCII letter and
// one or more of [A-Za-z0-9_] (v6's rule: ":a", ":Owner", ":_id" stay),
// only in the path: "/search?q=repo:octokit" and "https://user:pass@host/x"
// keep their colons; [ParseRFC6570] reads every colon as literal. As an
// extension, a hyphen may join two name characters, as in GitHub's
// {enterprise-team} (":foo-bar" too), which accepts two negative cases of
// uritemplate-test.
//
// # Go values
//
//	nil, nil pointer, empty list or map     undefined (RFC 6570 section 2.3)
//	string, Path, Verbatim                  string (Path: see Path)
//	bool                                    "true", "false"
//	all integer kinds                       decimal
//	float32, float64                        as encoding/json writes them: 0.1, 1e+21, 1e-7; NaN, ±Inf: ErrValue
//	json.Number, []byte                     its text
//	encoding.TextMarshaler, fmt.Stringer    MarshalText, else String (time.Time is RFC 3339)
//	pointer                                 what it points to
//	named string, bool and number types     like their kind
//	[]string, []any, other slices, arrays   list; nil members are skipped
//	maps with string keys                   associative array in sorted key order; nil members skipped
//	Pairs                                   associative array in its own order; nil members skipped
//	anything else                           ErrValue: channels, funcs, complex numbers, structs
//	                                        without the two methods, lists or maps inside a list or map
//
// A panic inside a String or MarshalText method is ErrValue.
//
// # Errors
//
// Every error is an *[Error] wrapping one of the Err sentinels, its text
// with credentials masked; nothing returns partial output with an error,
// and no input makes the package panic.
package template
