package openapi_test

import (
	"fmt"

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
