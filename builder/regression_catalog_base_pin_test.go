package builder_test

import (
	"encoding/json"
	"runtime"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/builder"
)

// The route memo is global and keeps the operation a catalogue resolved a
// route to for as long as that catalogue is in use. It kept the base URL
// of the Endpoint that resolved it first as the caller gave it: a string
// that may be a slice of a much larger one, such as options JSON (its
// strings point into the decoder's copy of the whole text). Dropping that
// Endpoint and those options then freed nothing while another Endpoint
// used the catalogue.
var _ = Describe("an Endpoint over a catalogue, dropped", func() {
	It("does not keep the text the base URL was sliced from", func() {
		heap := func() uint64 {
			runtime.GC()
			runtime.GC()
			var m runtime.MemStats
			runtime.ReadMemStats(&m)
			return m.HeapAlloc
		}
		cat := oneOp{"memo-base-pin"}
		keeper := builder.New(builder.WithCatalog(cat)) // keeps the catalogue in use
		const size = 16 << 20
		before := heap()
		func() {
			var o builder.Options
			text := `{"baseUrl":"https://h.example","request":{"blob":"` + strings.Repeat("x", size) + `"}}`
			Expect(json.Unmarshal([]byte(text), &o)).To(Succeed())
			o.Request = nil // only the base URL is kept
			e := builder.New(builder.WithOptions(o), builder.WithCatalog(cat))
			r, err := e.Route("GET /memo-base-pin/{id}").Param("id", 7).Build()
			Expect(err).NotTo(HaveOccurred())
			Expect(r.URL).To(Equal("https://h.example/memo-base-pin/7"))
		}()
		after := heap()
		Expect(int64(after)-int64(before)).To(BeNumerically("<", size/4), "bytes still held once the Endpoint and its options are dropped")
		runtime.KeepAlive(keeper)
	})
})
