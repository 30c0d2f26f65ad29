package builder_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint"
	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/catalog"
	"github.com/endpointkit/endpoint/endpointtest"
	"github.com/endpointkit/endpoint/headers"
	"github.com/endpointkit/endpoint/media"
	"github.com/endpointkit/endpoint/template"
)

// Values a caller may hold without meaning to: a nil catalogue from a load
// whose error was dropped, error values made by hand. None may panic.
var _ = Describe("zero and nil values", func() {
	It("take a nil *catalog.Catalog for an empty one, in which every route is unknown", func() {
		var c *catalog.Catalog
		Expect(c.Len()).To(BeZero())
		Expect(c.Operations()).To(BeEmpty())
		Expect(c.DefaultServer()).To(BeEmpty())
		Expect(c.Info()).To(Equal(catalog.Info{}))
		_, err := c.Lookup("GET", "/x")
		Expect(err).To(MatchError(catalog.ErrUnknownRoute))
		_, err = c.ByID("x/y")
		Expect(err).To(MatchError(catalog.ErrUnknownRoute))
		_, err = c.Match("GET", "/x")
		Expect(err).To(MatchError(catalog.ErrUnknownRoute))
		Expect(c.DeclaresQuery("GET", "/x", "per_page")).To(BeFalse())
		Expect(c.Encode()).NotTo(BeEmpty())
		_, err = endpoint.Defaults(endpoint.WithCatalog(c)).Route("GET /repos/{owner}").Param("owner", "o").Build()
		Expect(err).To(MatchError(catalog.ErrUnknownRoute))
	})

	It("print error values made by hand", func() {
		for _, err := range []error{&media.Error{}, &catalog.Error{}, &template.Error{}, &headers.Error{},
			&builder.Error{Err: (*headers.Error)(nil)}, &builder.Error{Err: (*template.Error)(nil)},
			&builder.Error{Err: (*catalog.Error)(nil)}, &builder.Error{Err: (*media.Error)(nil)},
			&builder.Error{Err: &media.Error{}}} {
			Expect(func() { _ = err.Error() }).NotTo(Panic(), "%T", err)
			// fmt recovers a panic itself, and prints it.
			Expect(fmt.Sprintf("%v %+v %#v", err, err, err)).NotTo(ContainSubstring("PANIC"), "%T", err)
		}
		var te *template.Error
		var he *headers.Error
		Expect(te.Subject() + he.Subject()).To(BeEmpty())
	})
})

var _ = Describe("a nil reader as a body", func() {
	It("is no body, as nil is, in every path", func() {
		var br *bytes.Reader
		var sr *strings.Reader
		var f *os.File
		for _, body := range []io.Reader{br, sr, f} {
			r, err := endpoint.Route("POST /x").Data(body).Build()
			Expect(err).NotTo(HaveOccurred(), "%T", body)
			Expect(r.Body).To(BeNil(), "%T", body)
			req, err := endpoint.Route("POST /x").Data(body).HTTPRequest(context.Background())
			Expect(err).NotTo(HaveOccurred(), "%T", body)
			Expect(req.ContentLength).To(BeZero())
			req, err = builder.RequestOptions{Method: "post", URL: "https://h/x", Body: body}.HTTPRequest(context.Background())
			Expect(err).NotTo(HaveOccurred(), "%T", body)
			Expect(req.ContentLength).To(BeZero())
			rd, err := builder.RequestOptions{Method: "post", URL: "https://h/x", Body: body}.BodyReader()
			Expect(err).NotTo(HaveOccurred())
			Expect(rd).To(BeNil())
			_, err = endpoint.Build("POST /x", builder.Options{Data: body})
			Expect(err).NotTo(HaveOccurred())
			Expect(endpointtest.Match(builder.RequestOptions{Method: "post", URL: "https://h/x", Body: body}, endpointtest.Method("POST"))).To(Succeed())
		}
	})
})
