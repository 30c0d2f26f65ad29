package endpointtest_test

import (
	"context"
	"errors"
	"net/http"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/catalog/openapi"
	"github.com/endpointkit/endpoint/endpointtest"
)

// A catalogue's parameter styles (label and matrix paths; pipeDelimited,
// spaceDelimited, deepObject and exploded form objects in the query) are
// read back by the fake server as the builder writes them: the request
// matches its operation, its values are checked in their style, and a
// handler registered with the description's path receives the values
// without the style's punctuation.
var _ = Describe("a fake server over an API description with parameter styles", func() {
	c, err := openapi.Load([]byte(`{"openapi":"3.1.0","info":{"title":"t","version":"1"},"paths":{
		"/users/{id}":{"get":{"operationId":"getUser","parameters":[{"name":"id","in":"path","required":true,"style":"label","schema":{"type":"integer"}}],"responses":{"200":{"description":"ok"}}}},
		"/points/{at}":{"get":{"operationId":"getPoint","parameters":[{"name":"at","in":"path","required":true,"style":"matrix","explode":true,"schema":{"type":"object","properties":{"x":{"type":"integer"},"y":{"type":"integer"}}}}],"responses":{"200":{"description":"ok"}}}},
		"/tags/{names}":{"get":{"operationId":"getTags","parameters":[{"name":"names","in":"path","required":true,"style":"label","explode":true,"schema":{"type":"array","items":{"type":"integer"}}}],"responses":{"200":{"description":"ok"}}}},
		"/items":{"get":{"operationId":"listItems","parameters":[
			{"name":"ids","in":"query","style":"pipeDelimited","schema":{"type":"array","items":{"type":"integer"}}},
			{"name":"words","in":"query","style":"spaceDelimited","schema":{"type":"array","items":{"type":"string"}}},
			{"name":"filter","in":"query","style":"deepObject","schema":{"type":"object","properties":{"status":{"type":"string","enum":["open","closed"]},"limit":{"type":"integer"}}}},
			{"name":"color","in":"query","schema":{"type":"object","properties":{"R":{"type":"integer"},"G":{"type":"integer"},"B":{"type":"integer"}}}}],
			"responses":{"200":{"description":"ok"}}}}}}`))
	var srv *endpointtest.Server
	var t *recorderT
	var e *builder.Endpoint
	BeforeEach(func() {
		Expect(err).NotTo(HaveOccurred())
		t = &recorderT{newRecorder()}
		srv = endpointtest.NewServer(t.r, endpointtest.WithCatalog(c))
		e = builder.New(builder.WithBaseURL(srv.URL), builder.WithCatalog(c))
	})
	send := func(b *builder.Builder) *http.Response {
		GinkgoHelper()
		req, err := b.HTTPRequest(context.Background())
		Expect(err).NotTo(HaveOccurred())
		resp, err := srv.Client().Do(req)
		Expect(err).NotTo(HaveOccurred())
		readBody(resp)
		return resp
	}
	filter := builder.Params{{Name: "status", Value: "open"}, {Name: "limit", Value: 5}}

	It("matches styled paths, and checks styled values, as the builder writes them", func() {
		srv.Handle("GET /users/{id}", endpointtest.JSON(`{}`))
		srv.Handle("GET /points/{at}", endpointtest.JSON(`{}`))
		srv.Handle("GET /tags/{names}", endpointtest.JSON(`{}`))
		srv.Handle("GET /items", endpointtest.JSON(`[]`))
		for _, b := range []*builder.Builder{
			e.Route("GET /users/{id}").Param("id", 5),
			e.Route("getPoint").Param("at", builder.Params{{Name: "x", Value: 1}, {Name: "y", Value: 2}}),
			e.Route("getTags").Param("names", []int{1, 2, 3}),
			e.Route("GET /items").Param("ids", []int{1, 2, 3}).Param("words", []string{"a b", "c"}).Param("filter", filter),
			e.Route("GET /items").Param("color", builder.Params{{Name: "R", Value: 100}, {Name: "G", Value: 200}}),
		} {
			Expect(send(b).StatusCode).To(Equal(http.StatusOK))
		}
		Expect(t.r.errors).To(BeEmpty())
		calls := srv.Requests()
		Expect(calls[0].Path).To(Equal("/users/.5"))
		Expect(calls[0].Params).To(Equal(builder.Params{{Name: "id", Value: "5"}}))
		Expect(calls[1].Path).To(Equal("/points/;x=1;y=2"))
		Expect(calls[1].Params).To(Equal(builder.Params{{Name: "at", Value: map[string]string{"x": "1", "y": "2"}}}))
		Expect(calls[2].Path).To(Equal("/tags/.1.2.3"))
		Expect(calls[3].RawQuery).To(Equal("ids=1%7C2%7C3&words=a%20b%20c&filter%5Bstatus%5D=open&filter%5Blimit%5D=5"))
		Expect(calls[4].RawQuery).To(Equal("R=100&G=200"))
		for _, c := range calls {
			Expect(c.Err).NotTo(HaveOccurred())
			Expect(c.Operation).NotTo(BeNil())
		}
	})

	It("refuses a value its style reads as wrong, naming the parameter", func() {
		srv.Handle("GET /items", endpointtest.JSON(`[]`))
		srv.Handle("GET /users/{id}", endpointtest.JSON(`{}`))
		srv.Handle("GET /tags/{names}", endpointtest.JSON(`{}`))
		for _, path := range []string{"/items?ids=1%7Cx", "/items?filter%5Bstatus%5D=opne", "/items?filter%5Bnope%5D=1&filter%5Blimit%5D=x",
			"/items?R=x", "/users/.x", "/tags/.1.x"} {
			resp, err := http.Get(srv.URL + path)
			Expect(err).NotTo(HaveOccurred())
			readBody(resp)
			Expect(resp.StatusCode).To(Equal(http.StatusUnprocessableEntity), path)
		}
		calls := srv.Requests()
		Expect(calls[0].Err).To(MatchError(ContainSubstring(`query parameter "ids" of GET /items: [1]: got string "x", want integer`)))
		Expect(calls[1].Err).To(MatchError(ContainSubstring(`query parameter "filter" of GET /items: status: "opne" is not one of open, closed`)))
		Expect(calls[2].Err).To(MatchError(ContainSubstring(`query parameter "filter" of GET /items: limit: got string "x", want integer`)))
		Expect(calls[3].Err).To(MatchError(ContainSubstring(`query parameter "color" of GET /items: R: got string "x", want integer`)))
		Expect(calls[4].Err).To(MatchError(ContainSubstring(`path parameter "id" of GET /users/{id}: got string "x", want integer`)))
		Expect(calls[5].Err).To(MatchError(ContainSubstring(`path parameter "names" of GET /tags/{names}: [1]: got string "x", want integer`)))
	})
})

// The fake server read a value as the builder writes it only while no
// item held its delimiter: it split a value after decoding it, so that
// OpenAPI's form (fields=a%2Cb,c, items encoded and commas literal) gave
// three items, and an object with a comma in a member no object at all.
// It also checked an operation's literal query (OpenAI's ?beta=true) as a
// parameter, and read a deepObject array (Stripe's expand[0]=a) as an
// object.
var _ = Describe("a fake server reading what OpenAPI's styles write", func() {
	c, err := openapi.LoadWith([]byte(`{"openapi":"3.1.0","info":{"title":"t","version":"1"},"paths":{
		"/boxes/{ids}/{color}":{"get":{"operationId":"getBoxes","parameters":[
			{"name":"ids","in":"path","required":true,"schema":{"type":"array","items":{"type":"string","enum":["a,b","c"]}}},
			{"name":"color","in":"path","required":true,"schema":{"type":"object","properties":{"R":{"type":"string","enum":["1,0"]},"G":{"type":"integer"}}}}],"responses":{"200":{"description":"ok"}}}},
		"/items":{"get":{"operationId":"listItems","parameters":[
			{"name":"fields","in":"query","explode":false,"schema":{"type":"array","items":{"type":"string","enum":["a,b","c"]}}},
			{"name":"color","in":"query","explode":false,"schema":{"type":"object","properties":{"R":{"type":"string","enum":["1,0"]},"G":{"type":"integer"}}}},
			{"name":"expand","in":"query","style":"deepObject","explode":true,"schema":{"type":"array","items":{"type":"string","enum":["customer","invoice"]}}}],
			"responses":{"200":{"description":"ok"}}}},
		"/responses/{id}?beta=true":{"get":{"operationId":"beta_getResponse","parameters":[
			{"name":"id","in":"path","required":true,"schema":{"type":"string"}},
			{"name":"limit","in":"query","schema":{"type":"integer"}}],"responses":{"200":{"description":"ok"}}}},
		"/metadata/{scope}":{"post":{"operationId":"addMetadata","parameters":[{"name":"scope","in":"path","required":true,"schema":{"type":"string"}}],
			"requestBody":{"content":{"application/json":{"schema":{"type":"object","additionalProperties":{"type":"string"}}}}},"responses":{"200":{"description":"ok"}}}}}}`),
		openapi.Options{DeepObjectArrays: true})
	var srv *endpointtest.Server
	var t *recorderT
	var e *builder.Endpoint
	BeforeEach(func() {
		Expect(err).NotTo(HaveOccurred())
		t = &recorderT{newRecorder()}
		srv = endpointtest.NewServer(t.r, endpointtest.WithCatalog(c))
		e = builder.New(builder.WithBaseURL(srv.URL), builder.WithCatalog(c))
	})

	// It refused the members of an open body (Box's metadata, a
	// free-form object), which the builder sends.
	It("takes the members an open body takes, checked against their schema", func() {
		for _, b := range []*builder.Builder{
			e.Route("addMetadata").Param("scope", "global").Param("k1", "v").Param("k 2", "w"),
			e.Route("addMetadata").Param("scope", "global").Data(map[string]any{"k1": 5}),
		} {
			req, err := b.HTTPRequest(context.Background())
			if err != nil { // the builder checks the member's schema first
				Expect(err).To(MatchError(ContainSubstring(`"k1"`)))
				req, err = http.NewRequest("POST", srv.URL+"/metadata/global", strings.NewReader(`{"k1":5}`))
				Expect(err).NotTo(HaveOccurred())
			}
			resp, err := srv.Client().Do(req)
			Expect(err).NotTo(HaveOccurred())
			readBody(resp)
		}
		calls := srv.Requests()
		Expect(calls).To(HaveLen(2))
		Expect(errors.Is(calls[0].Err, endpointtest.ErrAPI)).To(BeFalse(), "%v", calls[0].Err)
		Expect(calls[1].Err).To(MatchError(ContainSubstring(`body field "k1" of POST /metadata/{scope}: got integer 5, want string`)))
	})

	It("splits a value before it decodes it, takes deepObject items, and leaves the key's query out of the check", func() {
		color := builder.Params{{Name: "R", Value: "1,0"}, {Name: "G", Value: 2}}
		for _, b := range []*builder.Builder{
			e.Route("getBoxes").Param("ids", []string{"a,b", "c"}).Param("color", color),
			e.Route("listItems").Param("fields", []string{"a,b", "c"}).Param("color", color).Param("expand", []string{"customer", "invoice"}),
			e.Route("GET /responses/{id}?beta=true").Param("id", "r1").Param("limit", 2),
		} {
			req, err := b.HTTPRequest(context.Background())
			Expect(err).NotTo(HaveOccurred())
			resp, err := srv.Client().Do(req)
			Expect(err).NotTo(HaveOccurred())
			readBody(resp)
		}
		calls := srv.Requests()
		Expect(calls).To(HaveLen(3))
		Expect(calls[0].Path).To(Equal("/boxes/a%2Cb,c/R,1%2C0,G,2"))
		Expect(calls[1].RawQuery).To(Equal("fields=a%2Cb,c&color=R,1%2C0,G,2&expand%5B0%5D=customer&expand%5B1%5D=invoice"))
		Expect(calls[2].RawQuery).To(Equal("beta=true&limit=2"))
		for _, c := range calls {
			Expect(c.Operation).NotTo(BeNil(), c.Path)
			Expect(errors.Is(c.Err, endpointtest.ErrAPI)).To(BeFalse(), "%s: %v", c.Path, c.Err)
		}
		// Rails' and PHP's form of the array is read too; an item out of
		// its enum is still refused.
		for path, problem := range map[string]string{
			"/items?expand[]=customer&expand[]=invoice": "",
			"/items?expand%5B0%5D=custmer":              `query parameter "expand" of GET /items: [0]: "custmer" is not one of customer, invoice`,
			"/items?fields=a,b":                         `query parameter "fields" of GET /items: [0]: "a" is not one of a,b, c`,
		} {
			srv.Reset()
			resp, err := http.Get(srv.URL + path)
			Expect(err).NotTo(HaveOccurred())
			readBody(resp)
			call := srv.Requests()[0]
			if problem == "" {
				Expect(errors.Is(call.Err, endpointtest.ErrAPI)).To(BeFalse(), "%s: %v", path, call.Err)
			} else {
				Expect(call.Err).To(MatchError(ContainSubstring(problem)), path)
			}
		}
	})
})

// recorderT holds a recorder for a spec's BeforeEach.
type recorderT struct{ r *recorder }

// A deepObject named with a bracket (include[]) was split at its first "[" and
// never found: the server answered 422.
var _ = Describe("a deepObject parameter whose name holds a bracket", Label("regression"), func() {
	c, err := openapi.Load([]byte(`{"openapi":"3.1.0","info":{"title":"t","version":"1"},"paths":{
		"/items":{"get":{"operationId":"listItems","parameters":[
			{"name":"include[]","in":"query","style":"deepObject","schema":{"type":"object","properties":{"n":{"type":"integer"}}}},
			{"name":"filter","in":"query","style":"deepObject","schema":{"type":"object"}}],
			"responses":{"200":{"description":"ok"}}}}}}`))

	It("is read as the builder writes it, and tampered pairs are refused", func() {
		Expect(err).NotTo(HaveOccurred())
		rec := newRecorder()
		srv := endpointtest.NewServer(rec, endpointtest.WithCatalog(c))
		srv.Handle("GET /items", endpointtest.JSON(`[]`))
		e := builder.New(builder.WithBaseURL(srv.URL), builder.WithCatalog(c))
		req, err := e.Route("listItems").Param("include[]", builder.Params{{Name: "a", Value: "x"}, {Name: "n", Value: 2}}).
			Param("filter", map[string]any{"s": "open"}).HTTPRequest(context.Background())
		Expect(err).NotTo(HaveOccurred())
		Expect(req.URL.RawQuery).To(Equal("include%5B%5D%5Ba%5D=x&include%5B%5D%5Bn%5D=2&filter%5Bs%5D=open"))
		resp, err := srv.Client().Do(req)
		Expect(err).NotTo(HaveOccurred())
		readBody(resp)
		Expect(resp.StatusCode).To(Equal(http.StatusOK))
		Expect(srv.Requests()[0].Err).NotTo(HaveOccurred())
		Expect(rec.errors).To(BeEmpty())

		for _, q := range []string{
			"include%5B%5D%5Bn%5D=x",       // a member of the wrong type
			"filter%5Ba%5D%5Bb%5D=1",       // the key a][b, which the builder refuses
			"filter%5B%5D=1",               // the empty key
			"include%5Bn%5D=2",             // a name the description does not have
			"include%5B%5D%5B%5D%5Bn%5D=2", // nor this one
		} {
			resp, err := http.Get(srv.URL + "/items?" + q)
			Expect(err).NotTo(HaveOccurred())
			readBody(resp)
			Expect(resp.StatusCode).To(Equal(http.StatusUnprocessableEntity), q)
		}
	})
})
