package endpointtest_test

import (
	"errors"
	"net/http"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/catalog"
	"github.com/endpointkit/endpoint/catalog/github"
	"github.com/endpointkit/endpoint/endpointtest"
	"github.com/endpointkit/endpoint/template"
)

// One operation whose path the fake server cannot match (a template that
// does not parse, which the builder cannot build either) made NewServer
// fail the test and answer every request 500: no test could use the rest
// of the catalogue. The operation is now left out, and said so.
var _ = Describe("a catalogue with operations the server cannot match", func() {
	str := catalog.Schema{Type: catalog.String}
	c, err := catalog.New(catalog.Info{Title: "t"}, []catalog.Operation{
		{ID: "ok", Method: "GET", Path: "/ok/{id}", Params: []catalog.Param{{Name: "id", In: catalog.Path, Required: true, Schema: str}}},
		{ID: "bad", Method: "GET", Path: "/bad/{a b}"},
		{ID: "worse", Method: "POST", Path: "/worse/%zz"},
		{ID: "thing", Method: "GET", Path: "/things/{$id}", Params: []catalog.Param{{Name: "$id", In: catalog.Path, Required: true, Schema: str}}},
		{ID: "twin", Method: "GET", Path: "/things/{%24id}"}, // the same template as thing's
	})
	var (
		t   *recorder
		srv *endpointtest.Server
	)
	BeforeEach(func() {
		Expect(err).NotTo(HaveOccurred())
		t = newRecorder()
		srv = endpointtest.NewServer(t, endpointtest.WithCatalog(c))
	})
	get := func(path string) int {
		resp, err := srv.Client().Get(srv.URL + path)
		Expect(err).NotTo(HaveOccurred())
		readBody(resp)
		return resp.StatusCode
	}

	It("fails nothing at NewServer, and serves the other operations", func() {
		Expect(t.Fatals()).To(BeEmpty())
		Expect(t.Errors()).To(BeEmpty())
		srv.Handle("GET /ok/{id}", endpointtest.JSON(`{}`))
		srv.Handle("GET /things/{id}", endpointtest.JSON(`{}`))
		Expect(get("/ok/1")).To(Equal(http.StatusOK))
		Expect(get("/things/7")).To(Equal(http.StatusOK))
		Expect(t.Errors()).To(BeEmpty())
		calls := srv.Requests()
		Expect(calls).To(HaveLen(2))
		Expect(calls[1].Operation.ID).To(Equal("thing"))
	})

	It("lists them in Err, with the errors behind them", func() {
		err := srv.Err()
		Expect(err).To(MatchError(endpointtest.ErrRoute))
		var e *endpointtest.Error
		Expect(errors.As(err, &e)).To(BeTrue())
		Expect(e.Request).To(Equal("NewServer"))
		Expect(e.Problems).To(Equal([]string{
			`operation GET /bad/{a b} is left out: its path cannot be matched: at offset 7: invalid template: unacceptable variable name`,
			`operation POST /worse/%zz is left out: its path cannot be matched: at offset 7: invalid template: incomplete pct-encodeed`,
			`operation GET /things/{%24id} is left out: its path matches the same requests as GET /things/{$id}`,
		}))
		Expect(errors.Is(err, template.ErrSyntax)).To(BeTrue())
		var te *template.Error
		Expect(errors.As(err, &te)).To(BeTrue())
		Expect(te.Template).To(Equal("/bad/{a b}"))
		// Each call's own: changing one changes nothing for the next.
		e.Problems[0] = "changed"
		Expect(srv.Err().(*endpointtest.Error).Problems[0]).To(HavePrefix("operation GET /bad/{a b}"))
	})

	It("names those of a request's method when it finds no operation", func() {
		Expect(get("/bad/x")).To(Equal(http.StatusNotFound))
		Expect(t.Errors()).To(Equal([]string{"endpointtest: GET /bad/x: no operation of t matches this method and path" +
			" (the server leaves out GET /bad/{a b}, GET /things/{%24id}, whose path it cannot match: see Server.Err)"}))
		calls := srv.Requests()
		Expect(calls[0].Err).To(MatchError(endpointtest.ErrAPI))
	})

	It("says nothing of them to a request of another method", func() {
		resp, err := srv.Client().Head(srv.URL + "/bad/x")
		Expect(err).NotTo(HaveOccurred())
		readBody(resp)
		Expect(t.Errors()).To(HaveLen(1))
		Expect(t.Errors()[0]).NotTo(ContainSubstring("leaves out"))
	})

	It("has no Err when every operation is matched, or without a catalogue", func() {
		Expect(endpointtest.NewServer(t, endpointtest.WithCatalog(github.Catalog())).Err()).To(Succeed())
		Expect(endpointtest.NewServer(t).Err()).To(Succeed())
	})

	It("has the failed option's error in Err", func() {
		srv := endpointtest.NewServer(t, endpointtest.WithCatalog(nil))
		Expect(srv.Err()).To(MatchError(endpointtest.ErrRoute))
		Expect(srv.Err()).To(MatchError("endpointtest: NewServer: WithCatalog: nil catalogue"))
	})
})
