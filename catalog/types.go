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
	// Explode says a query parameter's array is sent as one name=item
	// pair per item (OpenAPI's style form with explode, its default for
	// a query), not as one pair of items joined with commas, as
	// @octokit/endpoint sends every array.
	Explode bool
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
