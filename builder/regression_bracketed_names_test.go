package builder_test

// RedactURL masked user[password]=… and token[]=… in a query string, but
// IsSensitiveParam, which every other mask reads (parameters, JSON body
// keys, request members, the catalogue's errors), knew only the bare
// names: Route("GET /x").Param("user[password]", pw) built a URL that
// printed masked, while the Builder and Options that made it printed
// the password, and a POST sent it in a body that fmt showed as it was.

import (
	"encoding/json"
	"fmt"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/builder"
)

var _ = Describe("regression: a credential under a bracketed name", func() {
	It("IsSensitiveParam knows the bracketed forms RedactURL masks", func() {
		for _, n := range []string{"user[password]", "token[]", "token[0]", "user[token][]", "Client[Client_Secret]", "a[b][access_token]"} {
			Expect(builder.IsSensitiveParam(n)).To(BeTrue(), n)
			Expect(builder.RedactURL("/x?"+n+"=v")).To(Equal("/x?"+n+"="+builder.RedactedValue), n)
		}
		for _, n := range []string{"a[b]", "tokens[]", "token[", "token]", "[]", "user[passwords]", "user[password", "x]token["} {
			Expect(builder.IsSensitiveParam(n)).To(BeFalse(), n)
			Expect(builder.RedactURL("/x?"+n+"=v")).To(Equal("/x?"+n+"=v"), n)
		}
	})

	verbs := []string{"%v", "%+v", "%#v", "%s"}

	It("masks it in a Builder, its Options and the result, as the URL masks it", func() {
		b := builder.New(builder.WithBaseURL("https://h.test")).Route("GET /x").
			Param("user[password]", "brS3CRET1").Param("token[]", []string{"brS3CRET2"})
		o, err := b.Merge()
		Expect(err).NotTo(HaveOccurred())
		r, err := b.Build()
		Expect(err).NotTo(HaveOccurred())
		Expect(r.URL).To(ContainSubstring("brS3CRET1")) // sent as it is
		for _, v := range verbs {
			for _, x := range []any{b, o, r, o.Redacted(), r.Redacted()} {
				Expect(fmt.Sprintf(v, x)).NotTo(ContainSubstring("S3CRET"), "%s of %T", v, x)
			}
		}
	})

	It("masks it as a JSON body key at any depth", func() {
		b := builder.New(builder.WithBaseURL("https://h.test")).Route("POST /x").
			Param("user[password]", "brS3CRET3").
			Param("user", map[string]any{"creds": []any{map[string]any{"token[]": []string{"brS3CRET4"}}}})
		r, err := b.Build()
		Expect(err).NotTo(HaveOccurred())
		sent, err := json.Marshal(r)
		Expect(err).NotTo(HaveOccurred())
		Expect(string(sent)).To(ContainSubstring("brS3CRET3")) // sent as it is
		for _, v := range verbs {
			for _, x := range []any{b, r, r.Redacted()} {
				Expect(fmt.Sprintf(v, x)).NotTo(ContainSubstring("S3CRET"), "%s of %T", v, x)
			}
		}
	})
})
