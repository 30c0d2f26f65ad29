package catalog

import "strings"

// Type is a set of JSON types, as JSON Schema names them. The zero Type
// allows every type: a schema that says nothing about its type.
type Type uint8

// The JSON types. Integer is a subset of Number: a schema of type number
// accepts integers too.
const (
	Null Type = 1 << iota
	Boolean
	Integer
	Number
	String
	Array
	Object
)

// AnyType is every JSON type.
const AnyType = Null | Boolean | Integer | Number | String | Array | Object

var typeNames = [...]struct {
	t    Type
	name string
	code byte
}{
	{String, "string", 's'},
	{Integer, "integer", 'i'},
	{Number, "number", 'n'},
	{Boolean, "boolean", 'b'},
	{Array, "array", 'a'},
	{Object, "object", 'o'},
	{Null, "null", 'z'},
}

// ParseType returns the Type JSON Schema calls name ("string", "integer" …).
func ParseType(name string) (Type, bool) {
	for _, n := range typeNames {
		if n.name == name {
			return n.t, true
		}
	}
	return 0, false
}

// Has reports whether t allows every type of u. The zero Type allows all.
func (t Type) Has(u Type) bool { return t == 0 || t&u == u }

// String lists the types in words: "string", "integer or null",
// "string, integer or null"; "any type" for the zero Type.
func (t Type) String() string {
	if t == 0 || t == AnyType {
		return "any type"
	}
	var names []string
	for _, n := range typeNames {
		if t&n.t != 0 {
			names = append(names, n.name)
		}
	}
	switch len(names) {
	case 1:
		return names[0]
	default:
		return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
	}
}

// Location says where a parameter travels.
type Location uint8

// The locations of a parameter. Body parameters are the top-level
// properties of a JSON object request body.
const (
	Path Location = iota + 1
	Query
	Header
	Cookie
	Body
)

var locationNames = [...]string{Path: "path", Query: "query", Header: "header", Cookie: "cookie", Body: "body"}

// String returns "path", "query", "header", "cookie" or "body".
func (l Location) String() string {
	if l >= Path && l <= Body {
		return locationNames[l]
	}
	return "unknown"
}

// ParseLocation returns the Location OpenAPI's "in" calls name, or
// "body" for a request body property.
func ParseLocation(name string) (Location, bool) {
	for l := Path; l <= Body; l++ {
		if locationNames[l] == name {
			return l, true
		}
	}
	return 0, false
}

// Schema is the part of a JSON Schema a call is checked against: the
// allowed types, the allowed values, and the shape of arrays and objects.
// oneOf and anyOf become the union of their branches, allOf their merge.
type Schema struct {
	// Type is the set of allowed JSON types; zero allows any.
	Type Type
	// Enum lists the allowed values in the spec's order when the schema
	// restricts them: a string's contents, a number's or boolean's JSON
	// text. A null in the spec's enum shows as Null in Type instead.
	Enum []string
	// Items describes an array's items; nil when the spec does not.
	Items *Schema
	// Properties are an object's known properties, in the spec's order.
	Properties []Property

	// numKeys are the value.NumberKey of each Enum member that is a JSON
	// number, made with the catalogue (prepareEnum), so that a check
	// compares a number with them by value without reading every member
	// again; nil when no member is a number.
	numKeys []string
}

// Property is one named property of an object schema.
type Property struct {
	Name     string
	Required bool
	Schema   Schema
}

// Param is one parameter of an operation.
type Param struct {
	Name     string
	In       Location
	Required bool
	Schema   Schema
	// Style is how an array or object value is written into the URL
	// (OpenAPI's style); the zero Style is the location's default. See
	// [Style] for what each applies to.
	Style Style
	// Explode is OpenAPI's explode. For a query parameter of style form,
	// pipeDelimited or spaceDelimited, an array is sent as one name=item
	// pair per item, and an object as one key=value pair per member, not
	// as one pair of items joined with commas, as @octokit/endpoint
	// sends every array. For a path parameter, the template writes it
	// with RFC 6570's explode ({id*}, {.id*}, {;id*}). A deepObject
	// ignores it. For a header parameter, it says how OpenAPI's simple
	// style writes an object (R=100,G=200, not R,100,G,200).
	Explode bool
	// DeepArrays says a deepObject parameter takes an array too, sent as
	// one name[i]=item pair per item (name[0]=a&name[1]=b), the form qs,
	// Rails and PHP read, which OpenAPI leaves undefined (catalog/openapi's
	// Options.DeepObjectArrays). Without it, an array is refused.
	DeepArrays bool
	// MultiSegment says a path parameter stands for a path of its own,
	// slashes and all (GitHub's x-multi-segment: contents/{path}), so
	// that "" is a value (contents/ lists the root). Any other required
	// path parameter given "" is missing: its segment would be empty.
	MultiSegment bool
}

// Style is how a parameter's value is written into the URL: OpenAPI's
// style, kept so that a call reaches the server in the form its
// description promises. Scalars are written alike in every style but
// label and matrix.
//
// A path parameter takes StyleSimple (its default: /users/5),
// StyleLabel (/users/.5) or StyleMatrix (/users/;id=5): the operation's
// template writes them as RFC 6570's operators ({id}, {.id}, {;id}).
//
// A query parameter takes StyleForm (OpenAPI's default: ids=1&ids=2
// exploded, as it is by default, ids=1,2 not, its items encoded and the
// commas literal, for every method), StylePipeDelimited (ids=1%7C2),
// StyleSpaceDelimited (ids=1%202) or StyleDeepObject
// (filter%5Bstatus%5D=open). RFC 6570 has none of the last three: the
// builder writes them (Operation.StyledValue). Their delimiters and
// brackets are percent-encoded, as OpenAPI 3.1.1 says RFC 3986 wants
// them (Appendix E); servers decode a query before they split it, so an
// item holding its delimiter cannot be told apart. StyleDefault is
// @octokit/endpoint's form, GitHub's: a GET writes a list after the
// template, joined with commas encoded as its items are (ids=1%2C2), and
// "q" keeps a "+" (GitHub's search syntax); catalog/openapi gives every
// query parameter StyleForm, but with its JoinArrays.
//
// Header and cookie parameters keep their defaults (simple, form): a
// header's array or object is sent as the text StyledValue writes
// (blue,black,brown; R,100,G,200, or R=100,G=200 exploded), and no
// cookies.
type Style uint8

// The styles of OpenAPI 3.1.
const (
	StyleDefault Style = iota // the location's: simple for a path or header, form for a query or cookie
	StyleSimple
	StyleLabel
	StyleMatrix
	StyleForm
	StyleSpaceDelimited
	StylePipeDelimited
	StyleDeepObject
)

var styleNames = [...]string{
	StyleDefault: "", StyleSimple: "simple", StyleLabel: "label", StyleMatrix: "matrix", StyleForm: "form",
	StyleSpaceDelimited: "spaceDelimited", StylePipeDelimited: "pipeDelimited", StyleDeepObject: "deepObject",
}

// ParseStyle returns the Style OpenAPI's style calls name ("label",
// "deepObject" …); "" is StyleDefault.
func ParseStyle(name string) (Style, bool) {
	for s, n := range styleNames {
		if n == name {
			return Style(s), true
		}
	}
	return 0, false
}

// String returns OpenAPI's name of the style ("pipeDelimited"), or
// "default" for StyleDefault.
func (s Style) String() string {
	switch {
	case s == StyleDefault:
		return "default"
	case int(s) < len(styleNames):
		return styleNames[s]
	}
	return "unknown"
}

// Delimiter returns the byte that joins an array's items, or an object's
// keys and values in turn, in a query value of style s that does not
// explode: '|' for StylePipeDelimited, ' ' for StyleSpaceDelimited, and
// ',' for the others, as form writes them. [Operation.StyledValue]
// joins with it, and package endpointtest splits with it.
func (s Style) Delimiter() byte {
	switch s {
	case StylePipeDelimited:
		return '|'
	case StyleSpaceDelimited:
		return ' '
	}
	return ','
}

// takes reports whether a parameter in l may have style s.
func (s Style) takes(l Location) bool {
	switch s {
	case StyleDefault:
		return true
	case StyleSimple:
		return l == Path || l == Header
	case StyleLabel, StyleMatrix:
		return l == Path
	case StyleForm:
		return l == Query || l == Cookie
	case StyleSpaceDelimited, StylePipeDelimited, StyleDeepObject:
		return l == Query
	}
	return false
}

// Server is a server an operation is served from: a URL that may hold
// {variables}, each with a default.
type Server struct {
	URL       string
	Variables []ServerVariable
}

// ServerVariable is one {variable} of a Server's URL.
type ServerVariable struct {
	Name    string
	Default string
	Enum    []string
}
