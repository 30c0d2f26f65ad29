package builder_test

import (
	"encoding/json"
	"runtime"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/builder"
)

// What Build notes for HTTPRequest (built.go) stays in a global table
// until another build takes its slot. The note held the Endpoint's parsed
// base URL, whose host url.Parse slices from the base URL as given: with
// defaults read from options JSON, a slice of the decoder's copy of the
// whole text. A dropped Endpoint's large options stayed alive with it.
var _ = Describe("a note on a build over defaults read from options JSON", func() {
	It("does not keep the options text alive once the Endpoint is dropped", func() {
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
			var o builder.Options
			text := `{"baseUrl":"https://note-pin.example","headers":{"x-a":"1"},"request":{"blob":"` + strings.Repeat("x", size) + `"}}`
			Expect(json.Unmarshal([]byte(text), &o)).To(Succeed())
			o.Request = nil // only the base URL and the header are kept
			e := builder.New(builder.WithOptions(o))
			r, err := e.Route("GET /repos/{owner}").Param("owner", "o").Build()
			Expect(err).NotTo(HaveOccurred())
			Expect(builder.Noted(r)).To(BeTrue())
		}()
		after := heap()
		Expect(int64(after)-int64(before)).To(BeNumerically("<", size/4), "bytes still held once the Endpoint and its options are dropped")
	})
})
