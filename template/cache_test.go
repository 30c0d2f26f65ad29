package template_test

import (
	"fmt"
	"strings"
	"sync"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/template"
)

var _ = Describe("the parse cache", func() {
	BeforeEach(template.ResetCache)
	AfterEach(template.ResetCache)

	It("returns the same *Template for a repeated Parse", func() {
		a := mustParse("/repos/:owner/:repo")
		b := mustParse("/repos/:owner/:repo")
		Expect(b).To(BeIdenticalTo(a))
		Expect(template.CacheLen()).To(Equal(1))
	})

	It("keys on the text as given, so the :name and {name} forms are separate entries", func() {
		a := mustParse("/orgs/:org")
		b := mustParse("/orgs/{org}")
		Expect(b).NotTo(BeIdenticalTo(a))
		Expect(b.String()).To(Equal(a.String()))
	})

	It("does not cache failures", func() {
		_, err := template.Parse("/x/{")
		Expect(err).To(MatchError(template.ErrSyntax))
		Expect(template.CacheLen()).To(BeZero())
	})

	It("holds at most CacheSize templates, evicting the oldest", func() {
		first := mustParse("/t/0")
		for i := 1; i < template.CacheSize+100; i++ {
			mustParse(fmt.Sprintf("/t/%d", i))
		}
		Expect(template.CacheLen()).To(Equal(template.CacheSize))
		last := fmt.Sprintf("/t/%d", template.CacheSize+99)
		Expect(mustParse(last)).To(BeIdenticalTo(mustParse(last)))
		// The cache no longer holds "/t/0": it is parsed again.
		Expect(mustParse(strings.Clone("/t/0"))).NotTo(BeIdenticalTo(first))
	})

	It("estimates a template's size from its text and its parts", func() {
		template.ResetCache()
		mustParse("/a")
		small := template.CacheCost()
		mustParse("/a/{b}/{c}/{d}/{e}/{f}")
		Expect(small).To(BeNumerically(">", len("/a")))
		Expect(template.CacheCost() - small).To(BeNumerically(">", small+5*8))
	})

	It("bounds the total template text", func() {
		long := strings.Repeat("a", 8000)
		for i := range 1200 {
			mustParse(fmt.Sprintf("/%d/%s", i, long))
		}
		Expect(template.CacheLen()).To(BeNumerically("<=", template.CacheBytes/8000))
		Expect(template.CacheLen()).To(BeNumerically(">", 0))
		Expect(template.CacheCost()).To(BeNumerically("<=", template.CacheBytes))
	})

	It("bounds the memory of expression-heavy templates, not only their text", func() {
		var b strings.Builder
		for i := range template.MaxExpressions {
			fmt.Fprintf(&b, "/{v%d}", i)
		}
		dense := b.String()
		// Parse until the byte bound evicts, then a while longer: going
		// on to CacheSize would only take time.
		extra := -1
		for i := 0; i < template.CacheSize && extra != 0; i++ {
			before := template.CacheLen()
			mustParse(fmt.Sprintf("/%d%s", i, dense))
			switch {
			case extra > 0:
				extra--
			case template.CacheLen() <= before:
				extra = 64
			}
		}
		Expect(extra).To(Equal(0), "the byte bound never evicted")
		Expect(template.CacheCost()).To(BeNumerically("<=", template.CacheBytes))
		// Each entry pins far more than its ~2 KiB of text.
		Expect(template.CacheLen()).To(BeNumerically("<", template.CacheBytes/(8*len(dense))))
	})

	It("is safe for many goroutines parsing and expanding at once", func() {
		var wg sync.WaitGroup
		errs := make(chan error, 64)
		for g := range 32 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				defer GinkgoRecover()
				for i := range 300 {
					shared := "/repos/:owner/:repo/issues{?state,labels}"
					unique := fmt.Sprintf("/g%d/i%d/{x}", g, i) // churns the cache
					t, err := template.Parse(shared)
					if err != nil {
						errs <- err
						return
					}
					out, err := t.Expand(map[string]any{"owner": "o", "repo": g, "state": "open", "labels": []string{"a", "b"}})
					if err != nil || out != fmt.Sprintf("/repos/o/%d/issues?state=open&labels=a,b", g) {
						errs <- fmt.Errorf("shared: %q %v", out, err)
						return
					}
					out, err = template.Expand(unique, map[string]any{"x": i})
					if err != nil || out != fmt.Sprintf("/g%d/i%d/%d", g, i, i) {
						errs <- fmt.Errorf("unique: %q %v", out, err)
						return
					}
					buf, err := t.AppendPath(nil, func(string) (any, bool) { return "v", true })
					if err != nil || string(buf) != "/repos/v/v/issues?state=v&labels=v" {
						errs <- fmt.Errorf("append: %q %v", buf, err)
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
		Expect(template.CacheLen()).To(BeNumerically("<=", template.CacheSize))
	})
})

// Parse looked up ParseRFC6570's "\\x00"+text cache key before checking its
// input, returning that template instead of ErrSyntax.
var _ = Describe("ParseRFC6570's cache key", Label("regression"), func() {
	It("is not a template Parse returns", func() {
		const text = "/v1/{model}:generateRegression"
		t, err := template.ParseRFC6570(text)
		Expect(err).NotTo(HaveOccurred())
		Expect(t.String()).To(Equal(text))

		got, err := template.Parse("\x00" + text)
		Expect(err).To(MatchError(template.ErrSyntax))
		Expect(got).To(BeNil())

		// Both entries still serve their own callers.
		again, err := template.ParseRFC6570(text)
		Expect(err).NotTo(HaveOccurred())
		Expect(again).To(BeIdenticalTo(t))
		rewritten, err := template.Parse(text)
		Expect(err).NotTo(HaveOccurred())
		Expect(rewritten.String()).To(Equal("/v1/{model}{generateRegression}"))
	})
})
