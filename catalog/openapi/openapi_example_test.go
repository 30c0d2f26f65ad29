package openapi_test

import (
	"fmt"

	"github.com/endpointkit/endpoint"
	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/catalog/openapi"
)

// Any OpenAPI 3.0 or 3.1 description, JSON or YAML, becomes a catalogue.
func ExampleLoad() {
	c, err := openapi.Load([]byte(`
openapi: 3.1.0
info: {title: Notes, version: "1"}
servers: [{url: "https://notes.example.com"}]
paths:
  /notes:
    post:
      operationId: notes/create
      requestBody:
        content:
          application/json:
            schema:
              type: object
              required: [text]
              properties:
                text: {type: string}
                color: {type: [string, "null"], enum: [red, green, null]}
      responses: {"201": {description: created}}
`))
	if err != nil {
		panic(err)
	}
	op, _ := c.Lookup("POST", "/notes")
	fmt.Println(op.ID, op.Required())
	fmt.Println(op.Check("color", nil))
	// The body is optional, but one that is sent needs its text.
	fmt.Println(op.Validate(map[string]any{"color": "red"}))
	fmt.Println(op.Check("colour", "red"))
	// Output:
	// notes/create []
	// <nil>
	// catalog: POST /notes: missing required parameter "text"
	// catalog: POST /notes: parameter "colour": unknown parameter; did you mean color?
}

// A description's parameter styles are applied: a label path, a
// pipeDelimited list and a deepObject, their delimiters percent-encoded.
func ExampleLoad_styles() {
	c, err := openapi.Load([]byte(`
openapi: 3.1.0
info: {title: Shop, version: "1"}
servers: [{url: "https://shop.example.com"}]
paths:
  /stores/{id}/items:
    get:
      parameters:
        - {name: id, in: path, required: true, style: label, schema: {type: integer}}
        - {name: ids, in: query, style: pipeDelimited, schema: {type: array, items: {type: integer}}}
        - name: filter
          in: query
          style: deepObject
          schema: {type: object, properties: {status: {type: string}, limit: {type: integer}}}
      responses: {"200": {description: ok}}
`))
	if err != nil {
		panic(err)
	}
	shop := endpoint.Defaults(endpoint.WithCatalog(c), endpoint.WithBaseURL(c.DefaultServer()))
	req, err := shop.Route("GET /stores/{id}/items").
		Param("id", 5).
		Param("ids", []int{1, 2, 3}).
		Param("filter", builder.Params{{Name: "status", Value: "open"}, {Name: "limit", Value: 10}}).
		Build()
	fmt.Println(req.URL, err)
	// Output:
	// https://shop.example.com/stores/.5/items?ids=1%7C2%7C3&filter%5Bstatus%5D=open&filter%5Blimit%5D=10 <nil>
}

// An Endpoint on a description that is not GitHub's sends the accept
// header the description asks for, not GitHub's. The base URL, where a
// client sends its token, is the caller's to set.
func ExampleLoad_endpoint() {
	c, err := openapi.Load([]byte(`
openapi: 3.0.3
info: {title: Notes, version: "1"}
servers: [{url: "https://notes.example.com/v1"}]
paths:
  /notes/{id}:
    get:
      parameters:
        - {name: id, in: path, required: true, schema: {type: integer}}
      responses:
        "200": {description: a note, content: {application/json: {schema: {type: object}}}}
`))
	if err != nil {
		panic(err)
	}
	notes := endpoint.Defaults(endpoint.WithBaseURL("https://notes.example.com/v1"), endpoint.WithCatalog(c))
	req, err := notes.Route("GET /notes/{id}").Param("id", 7).Build()
	fmt.Println(req.Method, req.URL, req.Headers, err)
	// Output:
	// get https://notes.example.com/v1/notes/7 map[accept:application/json user-agent:endpointkit-endpoint.go/0.1.0] <nil>
}
