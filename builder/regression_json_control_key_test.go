package builder_test

// Regression (FuzzOptionsJSON, builder/testdata/fuzz/FuzzOptionsJSON/
// b40b38558a7811ee): Options.MarshalJSON and Params.MarshalJSON quote
// parameter names with strconv.AppendQuote, which writes Go escapes
// ("\x7f", "\x01", "\xff") that are not JSON. So {"\u007f":{}} reads into
// Options but cannot be written back, and a body parameter whose name has
// a control character, DEL or invalid UTF-8 (a key taken from user input)
// makes json.Marshal of the request, HTTPRequest and Curl fail with
// "invalid character 'x' in string escape code". Expected: the name
// written as encoding/json writes a key ("\u007f", invalid UTF-8 as
// U+FFFD); got: an error.

import (
	"context"
	"encoding/json"
	"io"
	"strconv"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint"
	"github.com/endpointkit/endpoint/builder"
)

var _ = Describe("regression: JSON of a parameter name with a control character", func() {
	for _, name := range []string{"\x7f", "a\x01b", "tab\tname", "nl\n", "\xff"} {
		want, err := json.Marshal(map[string]int{name: 1})
		if err != nil {
			panic(err)
		}

		It("writes Params as valid JSON for the name "+strconv.Quote(name), func() {
			got, err := json.Marshal(builder.Params{{Name: name, Value: 1}})
			Expect(err).NotTo(HaveOccurred())
			Expect(got).To(MatchJSON(want))
		})

		It("writes Options back that read again for the name "+strconv.Quote(name), func() {
			var o builder.Options
			Expect(json.Unmarshal(want, &o)).To(Succeed())
			got, err := json.Marshal(o)
			Expect(err).NotTo(HaveOccurred())
			var back builder.Options
			Expect(json.Unmarshal(got, &back)).To(Succeed())
			Expect(back.Params).To(Equal(o.Params))
			Expect(got).To(ContainSubstring(`"mediaType":{"format":"","previews":[]}`))
		})

		It("sends a body with a parameter named "+strconv.Quote(name), func() {
			r, err := endpoint.Route("POST /x").Param(name, 1).Build()
			Expect(err).NotTo(HaveOccurred())
			req, err := r.HTTPRequest(context.Background())
			Expect(err).NotTo(HaveOccurred())
			body, err := io.ReadAll(req.Body)
			Expect(err).NotTo(HaveOccurred())
			Expect(body).To(MatchJSON(want))
			_, err = json.Marshal(r)
			Expect(err).NotTo(HaveOccurred())
		})
	}
})
