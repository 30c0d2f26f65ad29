package builder_test

// RequestOptions are plain fields a caller may edit between Build and
// HTTPRequest: what is sent is what they say.

import (
	"context"
	"encoding/json"
	"fmt"
	"runtime"
	"strings"
	"sync"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/builder"
)

var _ = Describe("RequestOptions.HTTPRequest after an edit", func() {
	ctx := context.Background()
	e := builder.New(builder.WithOptions(builder.Options{
		Method:  "GET",
		BaseURL: "https://api.github.com",
		Headers: map[string]string{"accept": "application/vnd.github.v3+json", "authorization": "token x", "user-agent": "t"},
	}))
	getA := func(owner string) builder.RequestOptions {
		r, err := e.Route("GET /repos/{owner}/{repo}/issues").Param("owner", owner).Param("repo", "r").Param("state", "open").Build()
		Expect(err).NotTo(HaveOccurred())
		return r
	}

	It("sends what the options say, whatever was changed since Build", func() {
		edits := []struct {
			what   string
			edit   func(r *builder.RequestOptions)
			header string // the Authorization sent, when it is checked
			fails  bool
		}{
			{what: "nothing", edit: func(*builder.RequestOptions) {}, header: "token x"},
			{what: "a header's value changed", edit: func(r *builder.RequestOptions) { r.Headers["authorization"] = "token y" }, header: "token y"},
			{what: "a header's value set to the same text, copied", edit: func(r *builder.RequestOptions) {
				r.Headers["authorization"] = strings.Clone(r.Headers["authorization"])
			}, header: "token x"},
			{what: "a header's value made invalid", edit: func(r *builder.RequestOptions) { r.Headers["authorization"] = "token x\r\nx-evil: 1" }, fails: true},
			{what: "a header's name made invalid", edit: func(r *builder.RequestOptions) {
				delete(r.Headers, "user-agent")
				r.Headers["user agent"] = "t"
			}, fails: true},
			{what: "a header added", edit: func(r *builder.RequestOptions) { r.Headers["x-a"] = "1" }, header: "token x"},
			{what: "a header removed", edit: func(r *builder.RequestOptions) { delete(r.Headers, "authorization") }, header: ""},
			{what: "a header renamed in capitals", edit: func(r *builder.RequestOptions) {
				delete(r.Headers, "authorization")
				r.Headers["Authorization"] = "token z"
			}, header: "token z"},
			{what: "the header map replaced by an equal one", edit: func(r *builder.RequestOptions) {
				hs := map[string]string{}
				for k, v := range r.Headers {
					hs[k] = v
				}
				r.Headers = hs
			}, header: "token x"},
			{what: "the header map replaced by nil", edit: func(r *builder.RequestOptions) { r.Headers = nil }, header: ""},
			{what: "the URL changed", edit: func(r *builder.RequestOptions) { r.URL = "https://api.github.com/other?x=1" }, header: "token x"},
			{what: "the URL cut short", edit: func(r *builder.RequestOptions) { r.URL = r.URL[:len(r.URL)-1] }, header: "token x"},
			{what: "the URL made relative", edit: func(r *builder.RequestOptions) { r.URL = r.URL[len("https://api.github.com"):] }, fails: true},
			{what: "the URL given another host", edit: func(r *builder.RequestOptions) {
				r.URL = strings.Replace(r.URL, "api.github.com", "evil.example", 1)
			}, header: "token x"},
			{what: "the method changed", edit: func(r *builder.RequestOptions) { r.Method = "head" }, header: "token x"},
			{what: "the method made invalid", edit: func(r *builder.RequestOptions) { r.Method = "g e t" }, fails: true},
			{what: "a body added", edit: func(r *builder.RequestOptions) { r.Method, r.Body = "post", map[string]any{"a": 1} }, header: "token x"},
		}
		for _, c := range edits {
			r := getA("octokit")
			c.edit(&r)
			req, err := r.HTTPRequest(ctx)
			if c.fails {
				Expect(err).To(HaveOccurred(), c.what)
				continue
			}
			Expect(err).NotTo(HaveOccurred(), c.what)
			Expect(req.URL.String()).To(Equal(r.URL), c.what)
			Expect(req.Host).To(Equal(req.URL.Host), c.what)
			Expect(req.Header.Get("Authorization")).To(Equal(c.header), c.what)
			Expect(req.Header).To(HaveLen(len(r.Headers)), c.what)
		}
	})

	It("gives a JSON body of its own, which the caller may change", func() {
		r, err := e.Route("POST /repos/{owner}/{repo}/issues").Param("owner", "o").Param("repo", "r").Param("title", "t").Build()
		Expect(err).NotTo(HaveOccurred())
		url := strings.Clone(r.URL)
		body := r.Body.(json.RawMessage)
		Expect(string(body)).To(Equal(`{"title":"t"}`))
		Expect(cap(body)).To(Equal(len(body)), "appending must not write past the body")
		_ = append(body, "xxxxxxxx"...)
		body[2] = 'T'
		Expect(r.URL).To(Equal(url))
		req, err := r.HTTPRequest(ctx)
		Expect(err).NotTo(HaveOccurred())
		Expect(readAll(req.Body)).To(Equal(`{"Title":"t"}`))
	})

	It("does not pin a large options text through a header it keeps", func() {
		// BuildJSON's strings point into its decoder's copy of the options;
		// a result's header map must not keep a large data member alive.
		heap := func() uint64 {
			runtime.GC()
			runtime.GC()
			var m runtime.MemStats
			runtime.ReadMemStats(&m)
			return m.HeapAlloc
		}
		const size = 16 << 20
		before := heap()
		var kept builder.RequestOptions
		func() {
			opts := []byte(`{"owner":"o","repo":"r","headers":{"x-a":"1"},"data":"` + strings.Repeat("x", size) + `"}`)
			r, err := e.BuildJSON("POST /repos/{owner}/{repo}/issues", opts)
			Expect(err).NotTo(HaveOccurred())
			kept = builder.RequestOptions{Headers: r.Headers}
		}()
		after := heap()
		Expect(kept.Headers).To(HaveKeyWithValue("x-a", "1"))
		Expect(int64(after)-int64(before)).To(BeNumerically("<", size/4), "bytes held by the header map")
	})

	It("holds for builds on many goroutines at once", func() {
		var wg sync.WaitGroup
		errs := make(chan error, 8)
		for g := range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := range 500 {
					owner := fmt.Sprintf("g%d-%d", g, i)
					r, err := e.Route("GET /repos/{owner}/{repo}/issues").Param("owner", owner).Param("repo", "r").Build()
					if err == nil {
						var req interface{ String() string }
						hr, herr := r.HTTPRequest(ctx)
						if herr != nil {
							err = herr
						} else if req = hr.URL; req.String() != "https://api.github.com/repos/"+owner+"/r/issues" || hr.Header.Get("Authorization") != "token x" {
							err = fmt.Errorf("goroutine %d, build %d: %v %v", g, i, hr.URL, hr.Header)
						}
					}
					if err != nil {
						errs <- err
						return
					}
				}
			}()
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			Expect(err).NotTo(HaveOccurred())
		}
	})
})
