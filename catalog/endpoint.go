package catalog

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/internal/value"
	"github.com/endpointkit/endpoint/template"
)

// A Catalog is a builder.Catalog: builder.WithCatalog(c) checks every call
// of an Endpoint against it and routes its parameters by the description.
var (
	_ builder.Catalog   = (*Catalog)(nil)
	_ builder.Operation = (*Operation)(nil)
)

// Resolve finds the operation a call addresses, for builder.WithCatalog:
// by method and path (see Lookup), or, when method is "" and url does not
// start with "/", by operation ID (see ByID).
func (c *Catalog) Resolve(method, url string) (builder.Operation, error) {
	c = c.or0()
	if method == "" && !strings.HasPrefix(url, "/") && !strings.Contains(url, "://") {
		return c.ByID(url)
	}
	return c.Lookup(method, url)
}

// Target returns the method and the template to build a call with (see
// Template), parsed as RFC 6570 once, at first use; err is why the
// template does not parse (a path the description got wrong). A nil
// Operation gives "" and ErrUnknownRoute.
func (op *Operation) Target() (method string, t *template.Template, err error) {
	if op == nil {
		return "", nil, errNil("")
	}
	if op.parsed == nil { // an Operation not made by a Catalog
		t, err = template.ParseRFC6570(op.template)
		return op.Method, t, err
	}
	op.parsed.once.Do(func() { op.parsed.t, op.parsed.err = template.ParseRFC6570(op.template) })
	return op.Method, op.parsed.t, op.parsed.err
}

// parsedTemplate is an Operation's template, parsed once.
type parsedTemplate struct {
	once sync.Once
	t    *template.Template
	err  error
}

// BodyMedia returns the media type of op's request body (Body.Media), or
// "" for none.
func (op *Operation) BodyMedia() string {
	if op == nil || op.Body == nil {
		return ""
	}
	return op.Body.Media
}

// Locate says where op takes a parameter, in the builder's terms;
// builder.InNone when op does not declare it (or takes it as a cookie,
// which the builder does not send), and for a nil Operation.
func (op *Operation) Locate(name string) builder.Location {
	in, ok := op.In(name)
	if !ok {
		return builder.InNone
	}
	return location(in)
}

// Place is Locate and CheckParam in one lookup, which WithCatalog uses
// when an operation has it: builder.InNone and no error for a parameter
// op does not declare, even one an open body would take
// (RequestBody.Additional), so that a default layer's parameter is not
// sent in it; WithCatalog checks a call's own with CheckParam. A cookie
// parameter gives builder.InNone and an ErrUnknownParam that says to set
// it in a Cookie header, since the builder sends no cookies. A nil
// Operation gives builder.InNone and ErrUnknownRoute.
func (op *Operation) Place(name string, v value.Value) (builder.Location, error) {
	if op == nil {
		return builder.InNone, errNil(name)
	}
	p, ok := op.Param(name)
	if !ok {
		return builder.InNone, nil
	}
	if p.In == Cookie {
		// Not sent as an undeclared member would be, in the query or
		// the body: the builder sends no cookies.
		return builder.InNone, &Error{Route: op.route, Param: name, Err: ErrUnknownParam,
			Detail: "a cookie parameter, which is not sent as a parameter: set it in a Cookie header"}
	}
	return location(p.In), op.checkValue(p, &v)
}

// location is in in the builder's terms.
func location(in Location) builder.Location {
	switch in {
	case Path:
		return builder.InPath
	case Query:
		return builder.InQuery
	case Header:
		return builder.InHeader
	case Body:
		return builder.InBody
	}
	return builder.InNone
}

// CheckData checks a body a call gives whole (builder's Data) as a JSON
// value, not as text, bytes or a reader: its JSON type must be one the
// body allows ("got integer, want object"). The value is never quoted, as
// a body may hold a credential. A null, and any value for an operation
// that describes no body or no body type, pass; so does an array where
// an object is described, which GitHub takes in places its description
// leaves to prose (an issue's labels, given directly); an object's
// members are checked one by one, by [Operation.CheckMember]. A nil
// Operation fails with ErrUnknownRoute.
func (op *Operation) CheckData(v value.Value) error {
	if op == nil {
		return errNil("")
	}
	if op.Body == nil || v.Kind() == value.Null || v.Kind() == value.Array && op.Body.Type.Has(Object) {
		return nil
	}
	s := Schema{Type: op.Body.Type}
	if s.allowsJSON(typeOf(v)) {
		return nil
	}
	e := &Error{Route: op.route}
	s.typeError(e, "", v, false)
	e.Detail = "data: " + e.Detail
	return e
}

// CheckMember checks a member of a body given whole (builder's Data): as
// the body parameter of that name, or as a member an open body takes
// (RequestBody.Additional). A name the operation takes only elsewhere
// (owner, in the path) is ErrUnknownParam: data is the body, and such a
// parameter is set as a parameter. A nil Operation fails with
// ErrUnknownRoute.
func (op *Operation) CheckMember(name string, v value.Value) error {
	if op == nil {
		return errNil(name)
	}
	for i := range op.Params {
		if p := &op.Params[i]; p.In == Body && p.Name == name {
			return op.checkValue(p, &v)
		}
	}
	in, declared := op.In(name)
	if !declared {
		return op.CheckParam(name, v) // an open body's member, or unknown with suggestions
	}
	if x := op.extra(); x != nil {
		return op.checkExtra(name, x, &v)
	}
	return &Error{Route: op.route, Param: name, Err: ErrUnknownParam,
		Detail: fmt.Sprintf("not a member of the body: a %s parameter, set it as a parameter, not in data", in)}
}

// Requires lists the parameters op always requires (Required), and the
// required properties of an optional body, which it requires once any
// body parameter is sent. The slices are shared and must not be
// modified, as Required's; appending to them makes a copy. A nil
// Operation gives nil, nil.
func (op *Operation) Requires() (always, withBody []string) {
	if op == nil {
		return nil, nil
	}
	return slices.Clip(op.required), slices.Clip(op.optBody)
}
