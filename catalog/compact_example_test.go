package catalog_test

import (
	"fmt"

	"github.com/endpointkit/endpoint/catalog"
)

// A catalogue made in code, written in compact form and read back.
func ExampleDecode() {
	c, err := catalog.New(catalog.Info{Title: "Pets", Version: "1.0", Source: "code", Servers: []catalog.Server{{URL: "https://pets.example.com"}}}, []catalog.Operation{{
		ID: "pets/create", Method: "POST", Path: "/pets",
		Body: &catalog.RequestBody{Media: "application/json", Type: catalog.Object, Required: true},
		Params: []catalog.Param{
			{Name: "name", In: catalog.Body, Required: true, Schema: catalog.Schema{Type: catalog.String}},
			{Name: "kind", In: catalog.Body, Schema: catalog.Schema{Type: catalog.String | catalog.Null, Enum: []string{"dog", "cat"}}},
		},
	}})
	if err != nil {
		panic(err)
	}
	text := c.Encode()
	fmt.Print(string(text))
	d, _ := catalog.Decode(text)
	op, _ := d.ByID("pets/create")
	fmt.Println(op.Check("kind", "cta"))
	// Output:
	// endpointkit-catalog 1
	// I	Pets	1.0	code
	// S	https://pets.example.com
	// D	0
	// O	pets/create	POST	/pets		!o;application/json
	// P	b!	name	s
	// P	b	kind	sz=dog,cat
	// catalog: POST /pets: parameter "kind": "cta" is not one of dog, cat; did you mean cat?
}
