package bench

import (
	"context"
	"io"
	"net/http"
	"runtime"
	"testing"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/catalog"
	"github.com/endpointkit/endpoint/catalog/github"
)

// sent is everything of an *http.Request that reaches the server or
// decides how it is sent: method, URL, Host, every header, the body and
// its length, and whether it can be sent again (GetBody).
type sent struct {
	Method, URL, Host string
	Header            http.Header
	Body              []byte
	ContentLength     int64
	HasBody, Rewinds  bool
}

func sentOf(req *http.Request) sent {
	GinkgoHelper()
	s := sent{
		Method: req.Method, URL: req.URL.String(), Host: req.Host, Header: req.Header,
		ContentLength: req.ContentLength, HasBody: req.Body != nil && req.Body != http.NoBody,
		Rewinds: req.GetBody != nil,
	}
	if s.HasBody {
		// Read a copy when there is one, so that req stays sendable.
		rc := req.Body
		if req.GetBody != nil {
			var err error
			rc, err = req.GetBody()
			Expect(err).NotTo(HaveOccurred())
		}
		var err error
		s.Body, err = io.ReadAll(rc)
		Expect(err).NotTo(HaveOccurred())
	}
	return s
}

// expectSame checks that two builds give the same request; what names
// them in failure messages.
func expectSame(got, want func() (*http.Request, error), what string) {
	GinkgoHelper()
	g, err := got()
	Expect(err).NotTo(HaveOccurred(), what)
	w, err := want()
	Expect(err).NotTo(HaveOccurred(), what)
	gs, ws := sentOf(g), sentOf(w)
	// Compared field by field: a 100 MiB body would drown a struct diff.
	Expect(gs.Method).To(Equal(ws.Method), what)
	Expect(gs.URL).To(Equal(ws.URL), what)
	Expect(gs.Host).To(Equal(ws.Host), what)
	Expect(gs.Header).To(Equal(ws.Header), what)
	Expect(gs.ContentLength).To(Equal(ws.ContentLength), what)
	Expect(gs.HasBody).To(Equal(ws.HasBody), what)
	Expect(gs.Rewinds).To(Equal(ws.Rewinds), what)
	Expect(len(gs.Body)).To(Equal(len(ws.Body)), what)
	Expect(gs.Body).To(Equal(ws.Body), what)
}

var _ = Describe("the fast paths build the floor's request", func() {
	ctx := context.Background()
	floorA := func() (*http.Request, error) { return FloorA(ctx, Owner, Repo) }
	floorB := func() (*http.Request, error) { return FloorB(ctx, Owner, Repo) }

	It("builds A in two steps and in one", func() {
		expectSame(func() (*http.Request, error) { return EKHTTPA(ctx, Owner, Repo) }, floorA, "two-step")
		expectSame(func() (*http.Request, error) { return EKOneStepA(ctx, Owner, Repo) }, floorA, "one-step")
	})

	It("builds B in two steps and in one", func() {
		expectSame(func() (*http.Request, error) { return EKHTTPB(ctx, Owner, Repo) }, floorB, "two-step")
		expectSame(func() (*http.Request, error) { return EKOneStepB(ctx, Owner, Repo) }, floorB, "one-step")
		req, err := EKOneStepB(ctx, Owner, Repo)
		Expect(err).NotTo(HaveOccurred())
		Expect(string(sentOf(req).Body)).To(Equal(WantBodyB))
	})

	It("builds every parameter count of the series in both forms", func() {
		for _, n := range ParamCounts {
			names, values := QueryParams(n)
			floor := func() (*http.Request, error) { return FloorParams(ctx, names, values) }
			expectSame(func() (*http.Request, error) { return EKHTTPParams(ctx, names, values) }, floor, "two-step")
			expectSame(func() (*http.Request, error) { return EKOneStepParams(ctx, names, values) }, floor, "one-step")
		}
	})

	It("builds A in one step at every depth of defaults", func() {
		for _, n := range LayerCounts {
			e := LayeredEndpoint(n)
			expectSame(func() (*http.Request, error) { return EKOneStepAOn(ctx, e, RouteA, Owner, Repo) }, floorA, "layers")
		}
	})

	It("uploads every size of the series in both forms, byte for byte", func() {
		for _, size := range DataSizes {
			if size > 1<<20 && testing.Short() {
				continue
			}
			data := Payload(size)
			floor := func() (*http.Request, error) { return FloorUpload(ctx, AssetName, data) }
			expectSame(func() (*http.Request, error) { return EKUploadHTTP(ctx, AssetName, data) }, floor, "two-step "+SizeName(size))
			expectSame(func() (*http.Request, error) { return EKUploadOneStep(ctx, AssetName, data) }, floor, "one-step "+SizeName(size))
			req, err := EKUploadOneStep(ctx, AssetName, data)
			Expect(err).NotTo(HaveOccurred())
			Expect(req.URL.String()).To(Equal(WantURLUpload))
			Expect(req.ContentLength).To(Equal(int64(size)))
		}
	})

	It("does not allocate more for a larger body", func() {
		if raceEnabled {
			Skip("the race detector allocates on its own")
		}
		small, large := Payload(1<<10), Payload(DataSizes[len(DataSizes)-1])
		for _, c := range []struct {
			name  string
			build func([]byte) (*http.Request, error)
		}{
			{"two-step", func(d []byte) (*http.Request, error) { return EKUploadHTTP(ctx, AssetName, d) }},
			{"one-step", func(d []byte) (*http.Request, error) { return EKUploadOneStep(ctx, AssetName, d) }},
		} {
			objects := testing.AllocsPerRun(100, func() { _, _ = c.build(small) })
			objectsL := testing.AllocsPerRun(100, func() { _, _ = c.build(large) })
			Expect(objectsL).To(Equal(objects), c.name+": allocations")
			Expect(allocBytes(func() { _, _ = c.build(large) })).
				To(BeNumerically("<", allocBytes(func() { _, _ = c.build(small) })+1024), c.name+": bytes")
		}
	})
})

// allocBytes returns the bytes one call of f allocates, averaged over 100
// calls (the runtime's own allocations of the moment included).
func allocBytes(f func()) float64 {
	f()
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	const n = 100
	for range n {
		f()
	}
	runtime.ReadMemStats(&after)
	return float64(after.TotalAlloc-before.TotalAlloc) / n
}

var _ = Describe("GitHub's routes in rotation", func() {
	ctx := context.Background()
	calls := GitHubCalls()

	It("has a call for every operation of the catalogue", func() {
		Expect(calls).To(HaveLen(github.Catalog().Len()))
		Expect(len(calls)).To(BeNumerically(">", 1000))
		hot, ok := HotCall()
		Expect(ok).To(BeTrue())
		Expect(hot.Params).To(HaveLen(2)) // owner and repo: A's other two are optional
	})

	It("synthesises values the catalogue accepts", func() {
		for i := range calls {
			_, err := EKBuildCall(EKC(), &calls[i])
			Expect(err).NotTo(HaveOccurred(), calls[i].Route)
		}
	})

	It("builds every route the same in one step as in two", func() {
		for i := range calls {
			c := &calls[i]
			expectSame(func() (*http.Request, error) { return EKOneStepCall(ctx, EK, c) },
				func() (*http.Request, error) {
					ro, err := EKBuildCall(EK, c)
					if err != nil {
						return nil, err
					}
					return ro.HTTPRequest(ctx)
				}, c.Route)
		}
	})
})

var _ = Describe("the catalogue rows", func() {
	ctx := context.Background()

	It("checks A by hand without an error", func() {
		Expect(CheckA(Owner, Repo)).To(Succeed())
		Expect(CheckA(Owner, "")).To(MatchError(catalog.ErrMissingParam)) // a required path value fills its segment
	})

	It("builds A with the catalogue as without it", func() {
		plain, err := EKBuildA(Owner, Repo)
		Expect(err).NotTo(HaveOccurred())
		checked, err := EKBuildAOn(EKC(), RouteA, Owner, Repo)
		Expect(err).NotTo(HaveOccurred())
		Expect(checked).To(Equal(plain))
		expectSame(func() (*http.Request, error) { return EKOneStepAOn(ctx, EKC(), RouteA, Owner, Repo) },
			func() (*http.Request, error) { return FloorA(ctx, Owner, Repo) }, "one-step with the catalogue")
	})

	It("refuses a typo on the catalogue endpoint, so that the check is really made", func() {
		_, err := EKC().Route(RouteA).Param("owner", Owner).Param("repo", Repo).Param("state", "opne").Build()
		Expect(err).To(HaveOccurred())
	})

	It("decodes the repository's catalogue file to the embedded catalogue", func() {
		gz, err := ReadCatalogFile()
		Expect(err).NotTo(HaveOccurred())
		c, err := DecodeCatalog(gz)
		Expect(err).NotTo(HaveOccurred())
		Expect(c.Encode()).To(Equal(github.Catalog().Encode()))
	})
})
