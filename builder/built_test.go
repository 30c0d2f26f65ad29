package builder_test

// What Build notes for RequestOptions.HTTPRequest (built.go): options
// returned by Build and left as they are skip the checks Build already
// made; any change to them is read and checked as if there were no note.

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

var _ = Describe("what Build notes for RequestOptions.HTTPRequest", func() {
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
	// same builds r's request with its note and again with none: the
	// requests, or the errors, are the same.
	same := func(r builder.RequestOptions, what string) error {
		warm, warmErr := r.HTTPRequest(ctx)
		builder.ForgetBuilt()
		cold, coldErr := r.HTTPRequest(ctx)
		Expect(fmt.Sprint(warmErr)).To(Equal(fmt.Sprint(coldErr)), what)
		if warmErr == nil {
			Expect(sameRequest(warm, cold)).To(BeEmpty(), what)
		}
		return warmErr
	}

	It("is used for options as Build returned them", func() {
		r := getA("octokit")
		copied := r // a copy of the struct holds the same fields
		Expect(builder.Noted(r)).To(BeTrue())
		Expect(builder.Noted(copied)).To(BeTrue())
		Expect(same(r, "as built")).To(Succeed())
	})

	It("is not used once the options are changed, and the change is what is sent", func() {
		edits := []struct {
			what   string
			edit   func(r *builder.RequestOptions)
			noted  bool
			header string // the Authorization sent, when it is checked
			fails  bool
		}{
			{what: "a header's value changed", edit: func(r *builder.RequestOptions) { r.Headers["authorization"] = "token y" }, header: "token y"},
			{what: "a header's value set to the same text, copied", edit: func(r *builder.RequestOptions) {
				r.Headers["authorization"] = strings.Clone(r.Headers["authorization"])
			}, noted: true, header: "token x"},
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
			}, noted: true, header: "token x"},
			{what: "the header map replaced by nil", edit: func(r *builder.RequestOptions) { r.Headers = nil }, header: ""},
			{what: "the URL changed", edit: func(r *builder.RequestOptions) { r.URL = "https://api.github.com/other?x=1" }, header: "token x"},
			{what: "the URL cut short", edit: func(r *builder.RequestOptions) { r.URL = r.URL[:len(r.URL)-1] }, header: "token x"},
			{what: "the URL made relative", edit: func(r *builder.RequestOptions) { r.URL = r.URL[len("https://api.github.com"):] }, fails: true},
			{what: "the URL given another host", edit: func(r *builder.RequestOptions) {
				r.URL = strings.Replace(r.URL, "api.github.com", "evil.example", 1)
			}, header: "token x"},
			{what: "the method changed", edit: func(r *builder.RequestOptions) { r.Method = "head" }, noted: true, header: "token x"},
			{what: "the method made invalid", edit: func(r *builder.RequestOptions) { r.Method = "g e t" }, noted: true, fails: true},
			{what: "a body added", edit: func(r *builder.RequestOptions) { r.Method, r.Body = "post", map[string]any{"a": 1} }, noted: true, header: "token x"},
		}
		for _, c := range edits {
			r := getA("octokit")
			c.edit(&r)
			Expect(builder.Noted(r)).To(Equal(c.noted), c.what)
			err := same(r, c.what)
			if c.fails {
				Expect(err).To(HaveOccurred(), c.what)
				continue
			}
			Expect(err).NotTo(HaveOccurred(), c.what)
			req, err := r.HTTPRequest(ctx)
			Expect(err).NotTo(HaveOccurred(), c.what)
			Expect(req.URL.String()).To(Equal(r.URL), c.what)
			Expect(req.Header.Get("Authorization")).To(Equal(c.header), c.what)
			Expect(req.Header).To(HaveLen(len(r.Headers)), c.what)
		}
	})

	It("is overwritten by later builds, never mistaken for theirs", func() {
		first := getA("first")
		var later []builder.RequestOptions
		for i := range 2000 {
			later = append(later, getA(fmt.Sprintf("o%d", i)))
		}
		for i, r := range append(later, first) {
			req, err := r.HTTPRequest(ctx)
			Expect(err).NotTo(HaveOccurred())
			Expect(req.URL.String()).To(Equal(r.URL), "build %d", i)
			Expect(same(r, fmt.Sprint("build ", i))).To(Succeed())
		}
	})

	It("is never lent to another URL of the same length, whose host it would give", func() {
		// Every slot holds a note on a URL of this length, so a URL's
		// slot nearly always holds one.
		var built []builder.RequestOptions
		for i := range 3000 {
			built = append(built, getA(fmt.Sprintf("o%04d", i)))
		}
		for i, r := range built {
			r.URL = strings.Replace(r.URL, "api.github.com", "api.gitlab.com", 1)
			req, err := r.HTTPRequest(ctx)
			Expect(err).NotTo(HaveOccurred())
			Expect(req.URL.Host).To(Equal("api.gitlab.com"), "build %d", i)
			Expect(req.Host).To(Equal("api.gitlab.com"), "build %d", i)
		}
	})

	It("is not kept for a URL longer than a note holds, or not on the Endpoint's base", func() {
		long := getA(strings.Repeat("o", 300))
		Expect(builder.Noted(long)).To(BeFalse())
		Expect(same(long, "long")).To(Succeed())
		abs, err := e.Route("GET https://uploads.github.com/repos/{owner}/x").Param("owner", "o").Build()
		Expect(err).NotTo(HaveOccurred())
		Expect(builder.Noted(abs)).To(BeFalse())
		Expect(same(abs, "absolute")).To(Succeed())
		for n := 1; n < 260; n++ { // every note size, and past the largest
			r := getA(strings.Repeat("p", n))
			Expect(same(r, fmt.Sprint("owner of ", n))).To(Succeed())
		}
	})

	It("keeps a JSON body apart from the URL it shares memory with", func() {
		r, err := e.Route("POST /repos/{owner}/{repo}/issues").Param("owner", "o").Param("repo", "r").Param("title", "t").Build()
		Expect(err).NotTo(HaveOccurred())
		Expect(builder.Noted(r)).To(BeTrue())
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
		// the note keeps the call's headers until another Build takes its
		// slot, and must not keep a large data member alive with them.
		heap := func() uint64 {
			runtime.GC()
			runtime.GC()
			var m runtime.MemStats
			runtime.ReadMemStats(&m)
			return m.HeapAlloc
		}
		const size = 16 << 20
		before := heap()
		func() {
			opts := []byte(`{"owner":"o","repo":"r","headers":{"x-a":"1"},"data":"` + strings.Repeat("x", size) + `"}`)
			r, err := e.BuildJSON("POST /repos/{owner}/{repo}/issues", opts)
			Expect(err).NotTo(HaveOccurred())
			Expect(builder.Noted(r)).To(BeTrue())
			Expect(same(r, "large options")).To(Succeed())
			r, err = e.BuildJSON("POST /repos/{owner}/{repo}/issues", opts) // noted again: same forgot it
			Expect(err).NotTo(HaveOccurred())
			Expect(builder.Noted(r)).To(BeTrue())
			Expect(r.Headers).To(HaveKeyWithValue("x-a", "1"))
		}()
		after := heap()
		Expect(int64(after)-int64(before)).To(BeNumerically("<", size/4), "bytes still held once the result is dropped")
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
