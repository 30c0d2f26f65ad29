package openapi_test

import (
	"errors"
	"strconv"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/catalog"
	"github.com/endpointkit/endpoint/catalog/openapi"
)

// A number was compared with an enum's members by value
// (value.NumbersEqual) reading its exponent into a big.Int, which takes
// time quadratic in the exponent's digits, again for every member: options
// JSON of 1 MiB with a number 1e999… took 20 s against an enum of eight
// numbers. The spec asserts the result, never the time: the quadratic
// step made it run past go test's timeout.
var _ = It("regression: compares a number with a 4 MiB exponent with an enum's members in linear time", func() {
	members := make([]string, 32)
	for i := range members {
		members[i] = strconv.Itoa(i + 1)
	}
	c, err := openapi.Load([]byte(`{"openapi":"3.0.3","info":{"title":"t","version":"1"},"paths":{
		"/things":{"post":{"operationId":"things/create",
			"requestBody":{"content":{"application/json":{"schema":{"type":"object","properties":{"n":{"type":"number","enum":[` +
		strings.Join(members, ",") + `]}}}}}},
			"responses":{"200":{"description":"ok"}}}}}}`))
	Expect(err).NotTo(HaveOccurred())
	e := builder.New(builder.WithCatalog(c), builder.WithBaseURL("https://api.example"))
	digits := strings.Repeat("9", 4<<20)
	for _, n := range []string{"1e" + digits, "1e-" + digits, "0.0" + digits} {
		_, err = e.BuildJSON("POST /things", []byte(`{"n":`+n+`}`))
		Expect(errors.Is(err, catalog.ErrEnum)).To(BeTrue(), "%.40s…: %v", n, err)
	}
	_, err = e.BuildJSON("POST /things", []byte(`{"n":3.2e1}`))
	Expect(err).NotTo(HaveOccurred())
})
