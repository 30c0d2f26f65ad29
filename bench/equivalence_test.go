package bench

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

// wire is what the comparison looks at: method, URL, the four headers a
// request sets, and the body without a trailing newline.
type wire struct {
	Method, URL                                   string
	Accept, UserAgent, ContentType, Authorization string
	Body                                          string
}

// wireOf reads req. body, when non-nil, replaces reading req's own body
// (resty recycles its buffer once Execute returns).
func wireOf(req *http.Request, body []byte) wire {
	GinkgoHelper()
	for _, h := range []string{"Accept", "User-Agent", "Authorization"} {
		Expect(req.Header.Values(h)).To(HaveLen(1), "header %s", h)
	}
	Expect(len(req.Header.Values("Content-Type"))).To(BeNumerically("<=", 1))
	if body == nil && req.Body != nil && req.Body != http.NoBody {
		rc := req.Body
		if req.GetBody != nil {
			var err error
			rc, err = req.GetBody()
			Expect(err).NotTo(HaveOccurred())
		}
		var err error
		body, err = io.ReadAll(rc)
		Expect(err).NotTo(HaveOccurred())
	}
	return wire{
		Method:        req.Method,
		URL:           req.URL.String(),
		Accept:        req.Header.Get("Accept"),
		UserAgent:     req.Header.Get("User-Agent"),
		ContentType:   req.Header.Get("Content-Type"),
		Authorization: req.Header.Get("Authorization"),
		Body:          strings.TrimSuffix(string(body), "\n"),
	}
}

var (
	wantA = wire{Method: "GET", URL: WantURLA, Accept: Accept, UserAgent: UserAgent, Authorization: Authorization}
	wantB = wire{Method: "POST", URL: WantURLB, Accept: Accept, UserAgent: UserAgent, Authorization: Authorization,
		ContentType: ContentType, Body: WantBodyB}
)

type impl struct {
	name  string
	build func() (*http.Request, error)
	body  func() []byte // nil: read the request's body
}

var _ = Describe("every implementation builds the same request", func() {
	ctx := context.Background()
	capture := &RestyCapture{}
	restyTest := NewRestyClient(capture)
	captured := func() []byte { return capture.Body }

	implsA := []impl{
		{"floor", func() (*http.Request, error) { return FloorA(ctx, Owner, Repo) }, nil},
		{"endpointkit-http", func() (*http.Request, error) { return EKHTTPA(ctx, Owner, Repo) }, nil},
		{"requests", func() (*http.Request, error) { return RequestsA(ctx, Owner, Repo) }, nil},
		{"sling", func() (*http.Request, error) { return SlingA(Owner, Repo) }, nil},
		{"go-github", func() (*http.Request, error) { return GoGitHubA(ctx, Owner, Repo) }, nil},
		{"resty", func() (*http.Request, error) { return RestyA(ctx, restyTest, Owner, Repo) }, nil},
	}
	implsB := []impl{
		{"floor", func() (*http.Request, error) { return FloorB(ctx, Owner, Repo) }, nil},
		{"endpointkit-http", func() (*http.Request, error) { return EKHTTPB(ctx, Owner, Repo) }, nil},
		{"requests", func() (*http.Request, error) { return RequestsB(ctx, Owner, Repo) }, nil},
		{"sling", func() (*http.Request, error) { return SlingB(Owner, Repo) }, nil},
		{"go-github", func() (*http.Request, error) { return GoGitHubB(ctx, Owner, Repo) }, nil},
		{"resty", func() (*http.Request, error) { return RestyB(ctx, restyTest, Owner, Repo) }, captured},
	}

	for _, im := range implsA {
		It("builds request A with "+im.name, func() {
			req, err := im.build()
			Expect(err).NotTo(HaveOccurred())
			Expect(wireOf(req, nil)).To(Equal(wantA))
		})
	}
	for _, im := range implsB {
		It("builds request B with "+im.name, func() {
			req, err := im.build()
			Expect(err).NotTo(HaveOccurred())
			var body []byte
			if im.body != nil {
				body = im.body()
				Expect(body).NotTo(BeEmpty(), "the resty hook captured no body")
			}
			got := wireOf(req, body)
			Expect(got).To(Equal(wantB))
			Expect(got.Body).To(MatchJSON(WantBodyB))
		})
	}

	It("builds A's plain options with Build", func() {
		ro, err := EKBuildA(Owner, Repo)
		Expect(err).NotTo(HaveOccurred())
		Expect(ro.Method).To(Equal("get"))
		Expect(ro.URL).To(Equal(WantURLA))
		Expect(map[string]string(ro.Headers)).To(Equal(map[string]string{
			"accept": Accept, "user-agent": UserAgent, "authorization": Authorization,
		}))
		Expect(ro.Body).To(BeNil())
		viaOptions, err := EKOptionsA(Owner, Repo)
		Expect(err).NotTo(HaveOccurred())
		Expect(viaOptions).To(Equal(ro))
	})

	It("builds B's plain options with Build", func() {
		ro, err := EKBuildB(Owner, Repo)
		Expect(err).NotTo(HaveOccurred())
		Expect(ro.Method).To(Equal("post"))
		Expect(ro.URL).To(Equal(WantURLB))
		Expect(map[string]string(ro.Headers)).To(Equal(map[string]string{
			"accept": Accept, "user-agent": UserAgent, "authorization": Authorization, "content-type": ContentType,
		}))
		body, err := json.Marshal(ro.Body)
		Expect(err).NotTo(HaveOccurred())
		Expect(string(body)).To(Equal(WantBodyB))
		viaOptions, err := EKOptionsB(Owner, Repo)
		Expect(err).NotTo(HaveOccurred())
		Expect(viaOptions).To(Equal(ro))
	})
})

var _ = Describe("the scaling series build what they claim", func() {
	ctx := context.Background()

	for _, n := range ParamCounts {
		It("puts all parameters in the query like the floor", func() {
			names, values := QueryParams(n)
			floor, err := FloorParams(ctx, names, values)
			Expect(err).NotTo(HaveOccurred())
			ek, err := EKHTTPParams(ctx, names, values)
			Expect(err).NotTo(HaveOccurred())
			Expect(wireOf(ek, nil)).To(Equal(wireOf(floor, nil)))
			Expect(floor.URL.Query()).To(HaveLen(n))
		})
	}

	It("flattens every depth of defaults to the same request", func() {
		want, err := EKBuildA(Owner, Repo)
		Expect(err).NotTo(HaveOccurred())
		for _, n := range LayerCounts {
			got, err := EKBuildAOn(LayeredEndpoint(n), RouteA, Owner, Repo)
			Expect(err).NotTo(HaveOccurred())
			Expect(got).To(Equal(want), "%d layers", n)
		}
	})

	It("gives distinct routes distinct URLs", func() {
		ro, err := EKBuildAOn(EK, DistinctRoute("v", 7), Owner, Repo)
		Expect(err).NotTo(HaveOccurred())
		Expect(ro.URL).To(Equal("https://api.github.com/v7/repos/octokit/rest.js/issues?per_page=100&state=open"))
	})
})
