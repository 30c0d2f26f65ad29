package openapi_test

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint"
	"github.com/endpointkit/endpoint/catalog"
	"github.com/endpointkit/endpoint/catalog/github"
	"github.com/endpointkit/endpoint/catalog/openapi"
)

func load(file string) *catalog.Catalog {
	data, err := os.ReadFile(filepath.Join("testdata", file))
	ExpectWithOffset(1, err).NotTo(HaveOccurred())
	c, err := openapi.LoadWith(data, openapi.Options{Source: file})
	ExpectWithOffset(1, err).NotTo(HaveOccurred())
	return c
}

func byID(c *catalog.Catalog, id string) *catalog.Operation {
	op, err := c.ByID(id)
	ExpectWithOffset(1, err).NotTo(HaveOccurred())
	return op
}

func param(op *catalog.Operation, name string) *catalog.Param {
	p, ok := op.Param(name)
	ExpectWithOffset(1, ok).To(BeTrue(), "%s has no parameter %q", op, name)
	return p
}

// bodyNames lists the body parameters in order.
func bodyNames(op *catalog.Operation) []string {
	var names []string
	for _, p := range op.Params {
		if p.In == catalog.Body {
			names = append(names, p.Name)
		}
	}
	return names
}

var _ = Describe("an OpenAPI 3.1 description (JSON)", func() {
	c := load("petstore-3.1.json")

	It("keeps the document's info, servers and operations in order", func() {
		Expect(c.Info().Title).To(Equal("Pet store"))
		Expect(c.Info().Version).To(Equal("2.1.0"))
		Expect(c.Info().Source).To(Equal("petstore-3.1.json"))
		Expect(c.DefaultServer()).To(Equal("https://pets.example.com/v2"))
		var routes []string
		for _, op := range c.Operations() {
			routes = append(routes, op.String())
		}
		Expect(routes).To(Equal([]string{
			"GET /pets", "POST /pets", "POST /pets/batch",
			"GET /pets/{petId}", "PUT /pets/{petId}", "PATCH /pets/{petId}", "DELETE /pets/{petId}",
			"POST /pets/{petId}/photo",
		}))
	})

	It("finds operations by route and by ID", func() {
		op, err := c.Lookup("delete", "/pets/{id}")
		Expect(err).NotTo(HaveOccurred())
		Expect(op.ID).To(Equal("pets/delete"))
		Expect(op.Required()).To(Equal([]string{"id"}))
		Expect(byID(c, "pets/get").Path).To(Equal("/pets/{petId}"))
	})

	It("resolves references to parameters, request bodies and schemas, at path and operation level", func() {
		Expect(param(byID(c, "pets/get"), "petId").In).To(Equal(catalog.Path))
		Expect(param(byID(c, "pets/get"), "petId").Schema.Type).To(Equal(catalog.Integer))
		Expect(byID(c, "pets/create").Body.Required).To(BeTrue())
		st := param(byID(c, "pets/list"), "status").Schema
		Expect(st.Type).To(Equal(catalog.String | catalog.Null))
		Expect(st.Enum).To(Equal([]string{"available", "pending", "sold"}))
	})

	It("keeps body properties in the document's order, leaving out readOnly ones", func() {
		Expect(bodyNames(byID(c, "pets/create"))).To(Equal([]string{"name", "kind", "status", "age", "weight", "vaccinated", "tag", "owner", "photos"}))
		owner := param(byID(c, "pets/create"), "owner").Schema
		var names []string
		for _, p := range owner.Properties {
			names = append(names, p.Name)
		}
		Expect(names).To(Equal([]string{"name", "email", "address"}))
		Expect(owner.Properties[2].Schema.Properties[0].Name).To(Equal("city"))
	})

	It("reads 3.1 types: arrays with null, const, items", func() {
		create := byID(c, "pets/create")
		Expect(param(create, "tag").Schema.Type).To(Equal(catalog.String | catalog.Null))
		Expect(param(create, "kind").Schema.Enum).To(Equal([]string{"dog"}))
		Expect(param(create, "photos").Schema.Items.Type).To(Equal(catalog.String))
		Expect(create.Required()).To(Equal([]string{"name", "kind"}))
		Expect(create.Check("tag", nil)).To(Succeed())
		Expect(errors.Is(create.Check("kind", "cat"), catalog.ErrEnum)).To(BeTrue())
	})

	It("merges allOf: the parts' properties in order, required from every part", func() {
		update := byID(c, "pets/update")
		Expect(bodyNames(update)).To(Equal([]string{"name", "kind", "status", "age", "weight", "vaccinated", "tag", "owner", "photos", "version"}))
		Expect(update.Required()).To(Equal([]string{"petId", "name", "kind", "version"}))
	})

	It("unites oneOf branches: a property is required when every branch requires it", func() {
		rename := byID(c, "pets/rename")
		Expect(bodyNames(rename)).To(Equal([]string{"nickname", "reason"}))
		Expect(rename.Required()).To(Equal([]string{"petId", "nickname"}))
		Expect(param(rename, "nickname").Schema.Type).To(Equal(catalog.String | catalog.Null))
	})

	It("notes a body that is not an object and has no parameters", func() {
		batch := byID(c, "pets/create-batch")
		Expect(batch.Body.Type).To(Equal(catalog.Array))
		Expect(bodyNames(batch)).To(BeEmpty())
		err := batch.Check("name", "Rex")
		Expect(errors.Is(err, catalog.ErrUnknownParam)).To(BeTrue())
		Expect(err.Error()).To(Equal(`catalog: POST /pets/batch: parameter "name": unknown parameter (the application/json body is a whole array: send it as data)`))
		photo := byID(c, "pets/upload-photo")
		Expect(photo.Body.Media).To(Equal("image/png"))
		Expect(photo.Body.Type).To(Equal(catalog.String))
	})

	It("keeps header parameters apart", func() {
		list := byID(c, "pets/list")
		Expect(param(list, "X-Request-Id").In).To(Equal(catalog.Header))
		Expect(list.Required()).To(BeEmpty())
	})

	It("gives an operation its own server, from the default one only", func() {
		photo := byID(c, "pets/upload-photo")
		Expect(photo.Servers).To(HaveLen(1))
		Expect(photo.BaseURL("https://pets.example.com/v2")).To(Equal("https://uploads.pets.example.com/v2"))
		Expect(photo.BaseURL("http://localhost:8080/v2")).To(Equal("http://localhost:8080/v2"))
		Expect(byID(c, "pets/get").BaseURL("https://pets.example.com/v2")).To(Equal("https://pets.example.com/v2"))
		Expect(photo.Template()).To(Equal("/pets/{petId}/photo{?caption}"))
	})
})

// Issue 33, defect 10: every catalogue got GitHub's accept header. The
// catalogue says the one its description asks for (Info.Accept), which
// builder.WithCatalog sets.
var _ = Describe("the accept header a description asks for", func() {
	// answering is a description of operations answering in these media
	// types, one operation per list (its success responses' content).
	answering := func(responses ...string) []byte {
		var paths []string
		for i, r := range responses {
			paths = append(paths, fmt.Sprintf(`"/op%d":{"get":{"responses":%s}}`, i, r))
		}
		return []byte(`{"openapi":"3.0.3","info":{"title":"t","version":"1"},"paths":{` + strings.Join(paths, ",") + `}}`)
	}
	in := func(code string, media ...string) string {
		var content []string
		for _, m := range media {
			content = append(content, fmt.Sprintf(`%q:{"schema":{"type":"object"}}`, m))
		}
		return fmt.Sprintf(`{%q:{"description":"d","content":{%s}}}`, code, strings.Join(content, ","))
	}
	DescribeTable("is Info.Accept: what most operations answer in, when it is JSON",
		func(doc []byte, want string) {
			c, err := openapi.Load(doc)
			Expect(err).NotTo(HaveOccurred())
			Expect(c.Info().Accept).To(Equal(want))
			back, err := catalog.Decode(c.Encode())
			Expect(err).NotTo(HaveOccurred())
			Expect(back.Accept()).To(Equal(want))
		},
		Entry("JSON (Okta's)", answering(in("200", "application/json"), in("201", "application/json"), in("204")), "application/json"),
		Entry("JSON beside XML in most", answering(in("200", "application/xml", "application/json"), in("200", "application/json"), in("200", "text/csv")), "application/json"),
		Entry("a +json type, its parameters left out", answering(in("200", "application/vnd.api+json; charset=utf-8"), in("2XX", "application/vnd.api+json")), "application/vnd.api+json"),
		Entry("the default response of operations without a 2xx one", answering(in("default", "application/json"), in("default", "application/json")), "application/json"),
		Entry("but not an error's", answering(in("404", "application/json"), in("200", "text/plain")), ""),
		Entry("mostly XML: none", answering(in("200", "application/xml"), in("200", "application/xml"), in("200", "application/json")), ""),
		Entry("any type (Kubernetes' proxies): none", answering(in("200", "*/*"), in("200", "*/*"), in("200", "application/json")), ""),
		Entry("no response content: none", answering(in("200"), in("204")), ""),
	)

	It("is GitHub's media type for GitHub's catalogues, whose Accept is empty", func() {
		for _, c := range []*catalog.Catalog{github.Catalog(), github.GHEC(), github.GHES()} {
			Expect(c.Accept()).To(BeEmpty())
			ro, err := endpoint.Defaults(endpoint.WithCatalog(c)).Route("GET /user").Build()
			Expect(err).NotTo(HaveOccurred())
			Expect(ro.Headers).To(HaveKeyWithValue("accept", "application/vnd.github.v3+json"))
		}
	})
})

var _ = Describe("an OpenAPI 3.0 description (YAML)", func() {
	c := load("library-3.0.yaml")

	It("reads operations, nullable and required", func() {
		create := byID(c, "createBook")
		Expect(bodyNames(create)).To(Equal([]string{"title", "author", "year", "isbn"}))
		Expect(create.Required()).To(Equal([]string{"title", "isbn"}))
		Expect(param(create, "author").Schema.Type).To(Equal(catalog.String | catalog.Null))
		Expect(param(byID(c, "listBooks"), "sort").Schema.Enum).To(Equal([]string{"title", "author", "year"}))
	})

	It("keeps server variables and fills an operation's server from the base URL", func() {
		s := c.Info().Servers[0]
		Expect(s.URL).To(Equal("{scheme}://{host}/api/v1"))
		Expect(s.Variables).To(Equal([]catalog.ServerVariable{{Name: "scheme", Default: "https", Enum: []string{"https", "http"}}, {Name: "host", Default: "library.local"}}))
		cover := byID(c, "putCover")
		Expect(cover.BaseURL("http://lib.example.org/api/v1")).To(Equal("http://lib.example.org/uploads"))
		Expect(cover.BaseURL("https://library.local/api/v1/")).To(Equal("https://library.local/uploads"))
		Expect(cover.BaseURL("http://localhost:9999")).To(Equal("http://localhost:9999"))
	})

	It("loads from a file, naming the file as the source", func() {
		f, err := openapi.LoadFile(filepath.Join("testdata", "library-3.0.yaml"))
		Expect(err).NotTo(HaveOccurred())
		Expect(f.Info().Source).To(Equal("library-3.0.yaml"))
		Expect(f.Len()).To(Equal(c.Len()))
	})
})

var _ = Describe("errors", func() {
	It("print when made by hand, without a cause", func() {
		err := &openapi.Error{Source: "x.json"}
		Expect(fmt.Sprint(err)).To(Equal(`openapi: "x.json": <nil>`))
		Expect(errors.Is(err, openapi.ErrLoad)).To(BeTrue())
	})

	It("print a nil *Error as <nil>, wrapping nothing", func() {
		var err *openapi.Error
		Expect(err.Error()).To(Equal("<nil>"))
		Expect(fmt.Sprintf("%v %s", err, error(err))).NotTo(ContainSubstring("PANIC"))
		Expect(err.Unwrap()).To(BeNil())
		Expect(errors.Is(err, openapi.ErrLoad)).To(BeFalse())
	})

	It("wraps ErrLoad and names the source", func() {
		_, err := openapi.Load([]byte(`{"openapi": "3.1.0", "info": `))
		Expect(errors.Is(err, openapi.ErrLoad)).To(BeTrue())
		var e *openapi.Error
		Expect(errors.As(err, &e)).To(BeTrue())
		Expect(e.Source).To(Equal("data"))
		Expect(err.Error()).To(HavePrefix(`openapi: "data": `))
	})

	It("refuses references to other files from data", func() {
		doc := `{"openapi":"3.1.0","info":{"title":"t","version":"1"},"paths":{"/x":{"get":{"parameters":[{"$ref":"other.json#/p"}],"responses":{"200":{"description":"ok"}}}}}}`
		_, err := openapi.Load([]byte(doc))
		Expect(errors.Is(err, openapi.ErrLoad)).To(BeTrue())
	})

	It("refuses references to URLs from a file", func() {
		dir := GinkgoT().TempDir()
		path := filepath.Join(dir, "api.json")
		doc := `{"openapi":"3.1.0","info":{"title":"t","version":"1"},"paths":{"/x":{"get":{"parameters":[{"$ref":"http://127.0.0.1:1/p.json#/p"}],"responses":{"200":{"description":"ok"}}}}}}`
		Expect(os.WriteFile(path, []byte(doc), 0o600)).To(Succeed())
		_, err := openapi.LoadFile(path)
		Expect(errors.Is(err, openapi.ErrLoad)).To(BeTrue())
		Expect(err.Error()).To(ContainSubstring("only local files"))
	})

	It("never panics on a truncated description", func() {
		for _, file := range []string{"petstore-3.1.json", "library-3.0.yaml"} {
			data, err := os.ReadFile(filepath.Join("testdata", file))
			Expect(err).NotTo(HaveOccurred())
			for n := 0; n < len(data); n += 37 {
				Expect(func() { _, _ = openapi.Load(data[:n]) }).NotTo(Panic())
			}
		}
	})
})

// fanOut is a document of n schemas, each of whose k properties refers to
// the next: small, but k^n schemas where its body is used.
func fanOut(k, n int) []byte {
	var b strings.Builder
	b.WriteString(`{"openapi":"3.0.3","info":{"title":"fan","version":"1"},"paths":{"/x":{"post":{"operationId":"x","requestBody":{"content":{"application/json":{"schema":{"$ref":"#/components/schemas/S0"}}}},"responses":{"200":{"description":"ok"}}}}},"components":{"schemas":{`)
	for i := range n {
		fmt.Fprintf(&b, `"S%d":{"type":"object","properties":{`, i)
		for j := range k {
			if j > 0 {
				b.WriteByte(',')
			}
			if i == n-1 {
				fmt.Fprintf(&b, `"p%d":{"type":"string"}`, j)
			} else {
				fmt.Fprintf(&b, `"p%d":{"$ref":"#/components/schemas/S%d"}`, j, i+1)
			}
		}
		b.WriteString(`}}`)
		if i < n-1 {
			b.WriteByte(',')
		}
	}
	b.WriteString(`}}}`)
	return []byte(b.String())
}

var _ = Describe("a document whose schemas refer to one another many times over", func() {
	It("loads while they expand to at most MaxSchemas, and fails with ErrLoad past it", func() {
		c, err := openapi.Load(fanOut(4, 6)) // 5,461 schemas
		Expect(err).NotTo(HaveOccurred())
		Expect(byID(c, "x").Params).To(HaveLen(4))
		// 8^9 schemas: 13.6 s and 7.3 GB before the bound.
		_, err = openapi.Load(fanOut(8, 9))
		Expect(errors.Is(err, openapi.ErrLoad)).To(BeTrue(), "%v", err)
		Expect(err.Error()).To(ContainSubstring(fmt.Sprintf("schemas expand to more than %d", openapi.MaxSchemas)))
		// oneOf does not count as a level: each schema is two choices of
		// the next, 2^40 schemas.
		var b strings.Builder
		b.WriteString(`{"openapi":"3.0.3","info":{"title":"or","version":"1"},"paths":{"/x":{"post":{"operationId":"x","requestBody":{"content":{"application/json":{"schema":{"$ref":"#/components/schemas/S0"}}}},"responses":{"200":{"description":"ok"}}}}},"components":{"schemas":{`)
		for i := range 40 {
			fmt.Fprintf(&b, `"S%d":{"oneOf":[{"$ref":"#/components/schemas/S%d"},{"$ref":"#/components/schemas/S%d"}]},`, i, i+1, i+1)
		}
		b.WriteString(`"S40":{"type":"object"}}}}`)
		_, err = openapi.Load([]byte(b.String()))
		Expect(errors.Is(err, openapi.ErrLoad)).To(BeTrue(), "%v", err)
	})
})

// chained is a JSON document whose body schema holds only a $ref to S0,
// S0 only a $ref to S1, and so on: links objects made of a $ref alone,
// the last naming an object schema with a property x. fanIn more
// properties of a second body refer to the chain's start.
func chained(links, fanIn int) string {
	var b strings.Builder
	b.WriteString(`{"openapi":"3.0.3","info":{"title":"chain","version":"1"},"paths":{` +
		`"/x":{"post":{"operationId":"x","requestBody":{"content":{"application/json":{"schema":{"$ref":"#/components/schemas/S0"}}}},"responses":{"200":{"description":"ok"}}}},` +
		`"/y":{"post":{"operationId":"y","requestBody":{"content":{"application/json":{"schema":{"type":"object","properties":{`)
	for i := range fanIn {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `"p%d":{"$ref":"#/components/schemas/S0"}`, i)
	}
	b.WriteString(`}}}}},"responses":{"200":{"description":"ok"}}}}},"components":{"schemas":{`)
	for i := range links - 1 {
		fmt.Fprintf(&b, `"S%d":{"$ref":"#/components/schemas/S%d"},`, i, i+1)
	}
	fmt.Fprintf(&b, `"S%d":{"type":"object","properties":{"x":{"type":"string"}}}}}}`, links-1)
	return b.String()
}

// yamlChained is chained(links, 0) written in YAML's block style.
func yamlChained(links int) string {
	var b strings.Builder
	b.WriteString("openapi: 3.0.3\ninfo: {title: chain, version: '1'}\npaths:\n  /x:\n    post:\n      operationId: x\n" +
		"      requestBody:\n        content:\n          application/json:\n            schema:\n              $ref: '#/components/schemas/S0'\n" +
		"      responses:\n        '200': {description: ok}\ncomponents:\n  schemas:\n")
	for i := range links - 1 {
		fmt.Fprintf(&b, "    S%d:\n      $ref: '#/components/schemas/S%d'\n", i, i+1)
	}
	fmt.Fprintf(&b, "    S%d:\n      type: object\n      properties:\n        x: {type: string}\n", links-1)
	return b.String()
}

var _ = Describe("a document whose $refs name objects that hold only a $ref", func() {
	// kin-openapi follows such a chain again from each of its links: 3,000
	// links took 4 to 15 s and 1.6 GB of allocations, 6,000 24 to 61 s
	// and 8.5 GB. A load must end within loadBound, far above what it
	// takes now even under the race detector; the long chains are halved
	// under -short and the race detector, where the old code still ran
	// past it.
	const loadBound = 3 * time.Second
	long := func(full int) int {
		if testing.Short() || raceEnabled {
			return full / 2
		}
		return full
	}
	loadIn := func(load func() (*catalog.Catalog, error)) (*catalog.Catalog, error) {
		GinkgoHelper()
		type result struct {
			c   *catalog.Catalog
			err error
		}
		done := make(chan result, 1)
		go func() {
			c, err := load()
			done <- result{c, err}
		}()
		var r result
		Eventually(done).WithTimeout(loadBound).WithPolling(5*time.Millisecond).Should(Receive(&r), "still loading after %s", loadBound)
		return r.c, r.err
	}
	refused := fmt.Sprintf(`the $ref at "#/paths/~1x/post/requestBody/content/application~1json/schema" starts a chain of more than %d objects that hold only a $ref (MaxRefChain)`, openapi.MaxRefChain)

	DescribeTable("load while a chain has at most MaxRefChain links, and fail at once with ErrLoad past it",
		func(doc func() string, wantErr string) {
			c, err := loadIn(func() (*catalog.Catalog, error) { return openapi.Load([]byte(doc())) })
			if wantErr != "" {
				Expect(err).To(MatchError(openapi.ErrLoad))
				Expect(err).To(MatchError(`openapi: "data": ` + wantErr))
				return
			}
			Expect(err).NotTo(HaveOccurred())
			Expect(bodyNames(byID(c, "x"))).To(Equal([]string{"x"}))
		},
		Entry("MaxRefChain links", func() string { return chained(openapi.MaxRefChain, 0) }, ""),
		Entry("MaxRefChain links, and 2,000 references to the chain's start (linear: each costs the chain once)",
			func() string { return chained(openapi.MaxRefChain, long(2000)) }, ""),
		Entry("one more link", func() string { return chained(openapi.MaxRefChain+1, 0) }, refused),
		Entry("6,000 links, the hostile document", func() string { return chained(long(6000), 0) }, refused),
		Entry("one more link, in YAML", func() string { return yamlChained(openapi.MaxRefChain + 1) }, refused),
		Entry("MaxRefChain links, in YAML", func() string { return yamlChained(openapi.MaxRefChain) }, ""),
	)

	It("leaves a cycle of such objects to kin-openapi, which loads it as before", func() {
		doc := strings.Replace(chained(3, openapi.MaxRefChain), `"S2":{"type":"object","properties":{"x":{"type":"string"}}}`, `"S2":{"$ref":"#/components/schemas/S0"}`, 1)
		_, err := loadIn(func() (*catalog.Catalog, error) { return openapi.Load([]byte(doc)) })
		Expect(err).NotTo(HaveOccurred())
	})

	It("refuses a chain past MaxRefChain in a file LoadFile reads", func() {
		dir := GinkgoT().TempDir()
		Expect(os.WriteFile(filepath.Join(dir, "api.json"), []byte(chained(openapi.MaxRefChain+1, 0)), 0o600)).To(Succeed())
		_, err := loadIn(func() (*catalog.Catalog, error) { return openapi.LoadFile(filepath.Join(dir, "api.json")) })
		Expect(err).To(MatchError(openapi.ErrLoad))
		Expect(err.Error()).To(ContainSubstring(refused))
	})
})

// LoadFile's Error named the file, then os.Open's error named it again.
var _ = Describe("LoadFile names the file once", Label("regression"), func() {
	expectOnce := func(err error, path, cause string, notExist bool) {
		GinkgoHelper()
		Expect(errors.Is(err, openapi.ErrLoad)).To(BeTrue())
		Expect(errors.Is(err, fs.ErrNotExist)).To(Equal(notExist))
		var pe *fs.PathError
		Expect(errors.As(err, &pe)).To(BeTrue())
		Expect(pe.Path).To(Equal(path))
		Expect(err.Error()).To(Equal(fmt.Sprintf("openapi: %q: %s", path, cause)))
		for _, verb := range []string{"%v", "%+v", "%s"} {
			Expect(strings.Count(fmt.Sprintf(verb, err), path)).To(Equal(1), verb)
		}
	}

	It("when it is missing, a directory or too large", func() {
		dir := GinkgoT().TempDir()
		missing := filepath.Join(dir, "nope.json")
		_, err := openapi.LoadFile(missing)
		expectOnce(err, missing, "open: no such file or directory", true)

		_, err = openapi.LoadFile(dir)
		expectOnce(err, dir, "read: is a directory", false)

		defer openapi.SetMaxFileSize(8)()
		big := filepath.Join(dir, "big.json")
		Expect(os.WriteFile(big, []byte(`{"openapi": "3.1.0"}`), 0o600)).To(Succeed())
		_, err = openapi.LoadFile(big)
		expectOnce(err, big, "read: 20 bytes, more than 8", false)
	})

	It("and a file it refers to by that file's path", func() {
		dir := GinkgoT().TempDir()
		spec := filepath.Join(dir, "api.json")
		doc := `{"openapi":"3.1.0","info":{"title":"t","version":"1"},"paths":{"/x":{"$ref":"gone.json#/x"}}}`
		Expect(os.WriteFile(spec, []byte(doc), 0o600)).To(Succeed())
		_, err := openapi.LoadFile(spec)
		Expect(errors.Is(err, fs.ErrNotExist)).To(BeTrue())
		Expect(strings.Count(err.Error(), spec)).To(Equal(1), err.Error())
		Expect(strings.Count(err.Error(), filepath.Join(dir, "gone.json"))).To(Equal(1), err.Error())
	})
})

// LoadFile read a description and every file it refers to whole: a reference to
// /dev/zero filled memory.
var _ = Describe("LoadFile's size limit", Label("regression"), func() {
	const doc = `{"openapi":"3.1.0","info":{"title":"t","version":"1"},"paths":{"/x":{"get":{"parameters":[{"$ref":"REF#/p"}],"responses":{"200":{"description":"ok"}}}}}}`
	write := func(ref string) string {
		GinkgoHelper()
		path := filepath.Join(GinkgoT().TempDir(), "api.json")
		Expect(os.WriteFile(path, []byte(strings.ReplaceAll(doc, "REF", ref)), 0o600)).To(Succeed())
		return path
	}

	It("refuses a referenced regular file over MaxFileSize before reading it", func() {
		big := filepath.Join(GinkgoT().TempDir(), "big.json")
		Expect(os.WriteFile(big, nil, 0o600)).To(Succeed())
		Expect(os.Truncate(big, openapi.MaxFileSize+1)).To(Succeed()) // sparse: nothing written
		_, err := openapi.LoadFile(write(big))
		Expect(errors.Is(err, openapi.ErrLoad)).To(BeTrue())
		Expect(err.Error()).To(ContainSubstring("big.json: 134217729 bytes, more than 134217728"))
	})

	It("refuses a description file over the limit", func() {
		defer openapi.SetMaxFileSize(64)()
		_, err := openapi.LoadFile(write("other.json"))
		Expect(errors.Is(err, openapi.ErrLoad)).To(BeTrue())
		Expect(err.Error()).To(ContainSubstring("more than 64"))
	})

	It("reads a device only up to the limit", func() {
		if runtime.GOOS == "windows" {
			Skip("no /dev/zero")
		}
		defer openapi.SetMaxFileSize(1 << 20)()
		_, err := openapi.LoadFile(write("/dev/zero"))
		Expect(errors.Is(err, openapi.ErrLoad)).To(BeTrue())
		Expect(err.Error()).To(ContainSubstring("zero: more than 1048576 bytes"))
	})
})

// kin-openapi's message quotes a $ref as written: a reference to
// https://user:password@host/… put the credential in the error.
var _ = Describe("a load error on a reference that carries a credential", Label("regression"), func() {
	const doc = `{"openapi":"3.1.0","info":{"title":"t","version":"1"},"paths":{"/x":{"get":{"parameters":[{"$ref":%q}],"responses":{"200":{"description":"ok"}}}}}}`
	refs := []string{
		"https://me:refS3CRET1@specs.example/p.json#/p",
		"http://me:refS3CRET2@127.0.0.1:1/p.json#/p",
		"//me:refS3CRET3@specs.example/p.json#/p",
		"https://specs.example/p.json?access_token=refS3CRET4#/p",
		"https://me:refS3CRET5@specs.example/%zz#/p",
		// A password holding a space, a "/" or a "<", which end user
		// information in text.
		"https://me:ref S3CRET6@specs.example/p.json#/p",
		"https://me:ref/S3CRET7@specs.example/p.json#/p",
		"https://me:ref<S3CRET8@specs.example/p.json#/p",
	}

	expectMasked := func(err error) {
		GinkgoHelper()
		Expect(errors.Is(err, openapi.ErrLoad)).To(BeTrue())
		var e *openapi.Error
		Expect(errors.As(err, &e)).To(BeTrue())
		for _, text := range []string{err.Error(), fmt.Sprintf("%v", err), fmt.Sprintf("%+v", err), fmt.Sprintf("%s", err), fmt.Sprintf("%q", err)} {
			Expect(text).NotTo(ContainSubstring("S3CRET"))
			Expect(text).To(ContainSubstring("[REDACTED]"))
		}
	}

	for _, ref := range refs {
		It("masks it in Load: "+ref, func() {
			_, err := openapi.Load([]byte(fmt.Sprintf(doc, ref)))
			expectMasked(err)
		})

		It("masks it in LoadFile: "+ref, func() {
			path := filepath.Join(GinkgoT().TempDir(), "api.json")
			Expect(os.WriteFile(path, []byte(fmt.Sprintf(doc, ref)), 0o600)).To(Succeed())
			_, err := openapi.LoadFile(path)
			expectMasked(err)
		})
	}

	It("masks a credential in the file name", func() {
		path := filepath.Join(GinkgoT().TempDir(), "api.json?token=nameS3CRET")
		_, err := openapi.LoadFile(path)
		Expect(errors.Is(err, openapi.ErrLoad)).To(BeTrue())
		Expect(err.Error()).NotTo(ContainSubstring("S3CRET"))
		Expect(strings.Count(err.Error(), "[REDACTED]")).To(BeNumerically(">=", 1))
	})
})

// A source URL whose password holds a space or "/" was masked only up to it.
var _ = It("masks the user information of a source up to its last @", Label("regression"), func() {
	for _, source := range []string{"https://u:pa SECRET@h/spec.json", "https://u:pa/SECRET@h/spec.json"} {
		err := &openapi.Error{Source: source, Err: errors.New("cannot read")}
		Expect(err.Error()).To(Equal(`openapi: "https://[REDACTED]@h/spec.json": cannot read`))
	}
})
