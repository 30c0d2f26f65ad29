// Package catalog checks a call against the API it targets, before it is
// sent: the route exists, each parameter is one the operation takes, with
// a type and a value its schema allows, and nothing required is missing.
// A typo in a route ("/isues"), a parameter ("stat") or an enum value
// ("opne") becomes an error that names what was meant, instead of a 404
// or a 422 from the server.
//
// A body the description leaves open (additionalProperties, or an object
// with no properties) takes members it does not list, checked against
// the schema it gives them ([RequestBody].Additional).
//
// A [Catalog] is made from an OpenAPI description by catalog/openapi, or
// decoded from the compact form ([Decode]) that catalog/github embeds for
// GitHub's REST API. This package itself never links an OpenAPI parser.
//
//	gh := github.Catalog()
//	op, err := gh.Lookup("GET", "/repos/{owner}/{repo}/isues")
//	// catalog: "GET /repos/{owner}/{repo}/isues": no operation has this
//	// method and path; did you mean GET /repos/{owner}/{repo}/issues?
//
//	op, _ = gh.Lookup("GET", "/repos/{owner}/{repo}/issues")
//	err = op.Check("state", "opne")
//	// catalog: GET /repos/{owner}/{repo}/issues: parameter "state":
//	// "opne" is not one of open, closed, all; did you mean open?
//
// An [Operation] tells where each parameter goes ([Operation.In]), which
// are required ([Operation.Required], [Operation.Missing]), which server
// it is served from ([Operation.BaseURL]) and the template to build it
// with ([Operation.Template]). Body parameters keep the order the
// description gives them.
//
// A parameter's [Style] is OpenAPI's: a path's label or matrix is an RFC
// 6570 operator of the template (/users/{.id}), and a query's
// pipeDelimited, spaceDelimited or deepObject, which RFC 6570 cannot
// write, is a value the builder writes as such ([Operation.StyledValue]:
// ids=1%7C2, filter%5Bstatus%5D=open); so is a header's array or object,
// as the simple style's text (R,100,G,200).
//
// A required path parameter's value must fill its segment: "", null, []
// and {} are missing, but for a parameter that holds a path and ends it
// ([Param].MultiSegment: contents/ is the root), and a list or an object
// is refused where the schema wants a string (/repos/a,b/r). A concrete
// URL on one of the description's servers, as responses hand them out
// (an upload_url), resolves to its operation ([Catalog.Resolve]).
//
// Every error is an *[Error] wrapping a sentinel (ErrUnknownRoute,
// ErrUnknownParam, ErrMissingParam, ErrType, ErrEnum, ErrInvalid), so
// errors.Is and errors.As both work. Error text never holds the value of
// a header parameter or of a parameter named like a credential.
//
// Looking up a route and checking a few parameters costs tens of
// nanoseconds and no allocation; only errors allocate.
package catalog
