// Package template expands RFC 6570 URI templates (level 4) for endpointkit,
// with @octokit/endpoint's ":name" placeholders, a Go value mapping, path
// segment rules and query-string appending.
//
// # Who does what
//
// Parsing is validated by github.com/yosida95/uritemplate/v3, the parser of
// record: a template is accepted only if uritemplate.New accepts it, and its
// error is wrapped in ErrSyntax. This package then compiles the template with
// its own scanner (same grammar; a fuzz target checks both agree) into
// literal and expression parts, and does all expansion itself: encoding,
// value mapping, prefixes, explode, path and query rules. The module's
// Expand, Values, Regexp and Match are never used, because its expansion has
// defects in every expression kind (249 of the 270 official test cases pass)
// and it re-parses on every call:
//
//   - non-ASCII values are encoded from code points, not UTF-8 bytes
//     ("drücken" must give dr%C3%BCcken);
//   - exploded map keys under {?m*}, {;m*} and {&m*} are written unencoded,
//     so a key "a b&c=d" injects a query parameter;
//   - {+x} and {#x} re-encode valid %XX triplets in values ("admin%2F" must
//     stay admin%2F);
//   - prefix modifiers count bytes, not characters;
//   - non-ASCII literals are copied raw instead of percent-encoded;
//   - a prefix modifier on a list or map is ignored instead of refused;
//   - an empty value in an exploded map gives "k," instead of "k=" under
//     {m*}, {+m*}, {#m*}, {.m*} and {/m*};
//   - a NUL character in a value is dropped instead of written as %00.
//
// The test suite runs all 270 cases of the uritemplate-test suite, and a
// differential spec checks that for ASCII values and templates the module
// handles correctly, this package's output equals the module's.
//
// # Templates and the cache
//
// Parse rewrites ":name" placeholders (see below), checks the length
// (MaxLength bytes, ErrTooLong) and the expression count (MaxExpressions,
// ErrTooManyExpressions), validates and compiles. A *Template is immutable
// and safe for concurrent use. Parsed templates are cached by their text: at
// most CacheSize entries and CacheBytes of estimated memory, oldest evicted
// first; lookups are lock-free. A string passed again at the same address
// (a constant route) is found first by that address, without hashing it
// (MemoBytes bounds that table). Failures are not cached.
//
// # Expanding
//
// Expand takes a map of Go values; AppendPath and AppendPathVars append to
// a buffer with a lookup function and add path rules (whole segments
// required, no dot segments). AppendScalars is AppendPathVars for values
// held by position that are strings or integers, the usual route: one pass,
// no lookup. AppendQuery, AppendQueryParam, AppendQueryVar,
// AppendQueryVarAt and AppendQueryScalar append query parameters as
// @octokit/endpoint does; the last two keep where the "?" is, for a caller
// that appends many.
//
// # :name placeholders
//
// Before parsing, ":name" is rewritten to "{name}" where name is a lower-case
// ASCII letter followed by one or more of [A-Za-z0-9_], taken greedily
// (@octokit/endpoint v6's rule: ":a", ":Owner", ":_id" are left alone and
// ":foo.bar" becomes "{foo}.bar"). Unlike v6 this happens only in the path
// part: after the authority of a "scheme://" template, up to the first "?" or
// "#" or a {?...}, {&...} or {#...} expression, and never inside {...}. So
// "/search?q=repo:octokit", "http://localhost:3000/x" and
// "https://user:pass@host/x" keep their colons. String returns the rewritten
// text.
//
// # Hyphenated names
//
// As an extension to RFC 6570, a hyphen may join two name characters in a
// variable name, as GitHub's OpenAPI description writes {enterprise-team}:
// "{foo-bar}" and ":foo-bar" both name the variable "foo-bar" (v6's
// ":foo-bar" gave "{foo}-bar"; ":a-b" is left alone, as ":a" is). A
// hyphen cannot start or end a name or follow a "." or another hyphen.
// The uritemplate module validates the rest of such a template as if the
// hyphens were underscores. Two negative cases of the uritemplate-test
// suite use hyphenated names and are accepted for this reason; the tests
// name them.
//
// # Expansion
//
// Expansion follows RFC 6570 exactly: no separators for undefined variables,
// exploded lists joined with the operator's separator, prefixes count
// characters and truncate before encoding, {+x} and {#x} keep valid %XX
// triplets of values and encode everything outside the unreserved and
// reserved sets, and literals keep reserved and unreserved characters and
// %XX triplets while other characters are encoded as UTF-8 bytes. Values
// containing invalid UTF-8 are not an error: each byte that is not allowed is
// written as %XX, so the output is always ASCII; for prefixes each invalid
// byte counts as one character. A prefix modifier on a list or map is
// ErrPrefix.
//
// One value has no RFC 6570 form: DeepObjectVar, an associative array
// written as OpenAPI's deepObject style (name%5Bkey%5D=value pairs) in a
// query expression or by AppendQueryVar, for a catalogue's parameters.
//
// # Go values
//
// One mapping serves expansion and AppendQuery:
//
//	nil, nil pointer, empty list or map     undefined (RFC 6570 section 2.3)
//	string, Path, Verbatim                  string (Path: see Path)
//	bool                                    "true", "false"
//	all integer kinds                       decimal
//	float32, float64                        as encoding/json writes them: 0.1, 1e+21, 1e-7; NaN, ±Inf: ErrValue
//	json.Number                             its text
//	[]byte                                  the string of those bytes
//	encoding.TextMarshaler                  MarshalText (before Stringer, so time.Time is RFC 3339)
//	fmt.Stringer                            String
//	pointer                                 what it points to
//	named string, bool and number types     like their kind
//	[]string, []any, other slices, arrays   list; nil members are skipped
//	map[string]string, map[string]any,
//	other maps with string keys             associative array in sorted key order; nil members skipped
//	Pairs                                   associative array in its own order; nil members skipped
//	anything else                           ErrValue: channels, funcs, complex numbers, structs
//	                                        without the two methods, lists or maps inside a list or map
//
// Errors name the variable. A panic inside a String or MarshalText method is
// turned into ErrValue.
//
// # Errors
//
// Every error is an *Error (template text, offset, variable, cause) wrapping
// one of the Err* sentinels, so errors.Is and errors.As work. Nothing returns
// partial output with an error, and no input makes the package panic.
package template
