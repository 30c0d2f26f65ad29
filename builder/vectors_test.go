package builder_test

// The reference vectors: every case of ../testdata/vectors/cases.json either
// matches what @octokit/endpoint 6.0.12 returned (expected-v6.json), or is
// listed in departures.json under one of the README's "Differences from
// @octokit/endpoint", with the output endpointkit gives asserted exactly.

import (
	"encoding/json"
	"errors"
	"os"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint"
	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/template"
)

type vectorCase struct {
	ID       string            `json:"id"`
	Defaults []json.RawMessage `json:"defaults"`
	Op       string            `json:"op"`
	Route    json.RawMessage   `json:"route"`
	Options  json.RawMessage   `json:"options"`
	Note     string            `json:"note"`
}

type vectorResult struct {
	ID    string          `json:"id"`
	OK    bool            `json:"ok"`
	Value json.RawMessage `json:"value"`
	Error string          `json:"error"`
}

// departure is endpointkit's own answer for a case that departs from v6.
type departure struct {
	ID        string          `json:"id"`
	Departure string          `json:"departure"` // the README's number, or a name
	Why       string          `json:"why"`
	OK        bool            `json:"ok"`
	Value     json.RawMessage `json:"value"`
	Error     string          `json:"error"` // the sentinel's name, see sentinels
}

var sentinels = map[string]error{
	"ErrMissingParam":   builder.ErrMissingParam,
	"ErrMissingURL":     builder.ErrMissingURL,
	"ErrInvalidMethod":  builder.ErrInvalidMethod,
	"ErrInvalidBaseURL": builder.ErrInvalidBaseURL,
	"ErrDataWithParams": builder.ErrDataWithParams,
	"ErrDataNotAllowed": builder.ErrDataNotAllowed,
	"ErrInvalidOptions": builder.ErrInvalidOptions,
	"ErrReservedParam":  builder.ErrReservedParam,
	"ErrInvalidRoute":   builder.ErrInvalidRoute,

	"template.ErrAuthority":    template.ErrAuthority,
	"template.ErrSyntax":       template.ErrSyntax,
	"template.ErrPrefix":       template.ErrPrefix,
	"template.ErrEmptySegment": template.ErrEmptySegment,
	"template.ErrValue":        template.ErrValue,
}

func readJSON(path string, v any) {
	data, err := os.ReadFile(path)
	if err != nil {
		panic(err)
	}
	if err := json.Unmarshal(data, v); err != nil {
		panic(path + ": " + err.Error())
	}
}

func loadVectors() (cases []vectorCase, expected map[string]vectorResult, departures map[string]departure) {
	readJSON("../testdata/vectors/cases.json", &cases)
	var exp []vectorResult
	readJSON("../testdata/vectors/expected-v6.json", &exp)
	expected = make(map[string]vectorResult, len(exp))
	for _, e := range exp {
		expected[e.ID] = e
	}
	var deps []departure
	readJSON("../testdata/vectors/departures.json", &deps)
	departures = make(map[string]departure, len(deps))
	for _, d := range deps {
		departures[d.ID] = d
	}
	return cases, expected, departures
}

func isNull(raw json.RawMessage) bool {
	return len(raw) == 0 || string(raw) == "null"
}

// runVector runs one case and returns its result as generic JSON.
func runVector(c vectorCase) (any, error) {
	data, err := runVectorJSON(c)
	if err != nil {
		return nil, err
	}
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		return nil, err
	}
	return v, nil
}

// runVectorJSON runs one case and returns its result as JSON.
func runVectorJSON(c vectorCase) ([]byte, error) {
	out, err := runVectorValue(c)
	if err != nil {
		return nil, err
	}
	return json.Marshal(out)
}

// runVectorOptions runs a merge case and returns the merged Options.
func runVectorOptions(c vectorCase) (builder.Options, error) {
	out, err := runVectorValue(c)
	if err != nil {
		return builder.Options{}, err
	}
	return out.(builder.Options), nil
}

// vectorEndpoint is the default endpoint with a case's defaults layers.
func vectorEndpoint(c vectorCase) (*builder.Endpoint, error) {
	e := endpoint.Defaults()
	for _, layer := range c.Defaults {
		var route string
		if json.Unmarshal(layer, &route) == nil {
			e = e.Defaults(endpoint.WithRoute(route))
			continue
		}
		var o builder.Options
		if err := json.Unmarshal(layer, &o); err != nil {
			return nil, err
		}
		e = e.Defaults(endpoint.WithOptions(o))
	}
	return e, nil
}

// runVectorValue runs one case and returns its Go result.
func runVectorValue(c vectorCase) (any, error) {
	e, err := vectorEndpoint(c)
	if err != nil {
		return nil, err
	}
	var route string
	var opts builder.Options
	switch {
	case isNull(c.Route):
	case json.Unmarshal(c.Route, &route) == nil:
	default:
		// An object route: JavaScript ignores the second argument.
		if err := json.Unmarshal(c.Route, &opts); err != nil {
			return nil, err
		}
		c.Options = nil
	}
	if !isNull(c.Options) {
		if err := json.Unmarshal(c.Options, &opts); err != nil {
			return nil, err
		}
	}
	var out any
	switch c.Op {
	case "endpoint":
		out, err = e.Build(route, opts)
	case "merge":
		out, err = e.Merge(route, opts)
	case "parse":
		out, err = e.Parse(opts)
	case "DEFAULTS":
		out = e.DefaultOptions()
	default:
		panic("unknown op " + c.Op)
	}
	return out, err
}

// normalize applies the README's comparison rules to a result or an
// expectation: the method compared without regard to case (difference
// 1), the library's own user-agent ignored (free text), and header values
// as text (Go headers are strings). Nothing else is normalised: the
// shape, mediaType and content-length included, must be v6's.
func normalize(raw json.RawMessage) any {
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		panic(err)
	}
	return normalizeValue(v)
}

func normalizeValue(v any) any {
	m, ok := v.(map[string]any)
	if !ok {
		return v
	}
	if s, ok := m["method"].(string); ok {
		m["method"] = strings.ToUpper(s)
	}
	if h, ok := m["headers"].(map[string]any); ok {
		if ua, ok := h["user-agent"].(string); ok &&
			(strings.HasPrefix(ua, "octokit-endpoint.js/") || ua == endpoint.DefaultUserAgent) {
			delete(h, "user-agent")
		}
		// Go header values are strings: a JSON number or boolean header
		// is compared by its text.
		for k, v := range h {
			switch v.(type) {
			case float64, bool:
				text, _ := json.Marshal(v)
				h[k] = string(text)
			}
		}
	}
	return m
}

var _ = Describe("reference vectors of @octokit/endpoint 6.0.12", func() {
	cases, expected, departures := loadVectors()

	It("has an expectation for every case and no stale departure", func() {
		Expect(cases).To(HaveLen(len(expected)))
		ids := map[string]bool{}
		for _, c := range cases {
			Expect(expected).To(HaveKey(c.ID))
			ids[c.ID] = true
		}
		for id, d := range departures {
			Expect(ids).To(HaveKey(id), "departure for unknown case %s", id)
			Expect(d.Departure).NotTo(BeEmpty(), id)
			Expect(d.Why).NotTo(BeEmpty(), id)
		}
	})

	entries := make([]TableEntry, 0, len(cases))
	for _, c := range cases {
		entries = append(entries, Entry(c.ID, c))
	}
	DescribeTable("case",
		func(c vectorCase) {
			got, err := runVector(c)
			if d, ok := departures[c.ID]; ok {
				if !d.OK {
					Expect(err).To(HaveOccurred(), "departure %s wants an error", d.Departure)
					sentinel, known := sentinels[d.Error]
					if known {
						Expect(errors.Is(err, sentinel)).To(BeTrue(), "want %s, got %v", d.Error, err)
					} else {
						Expect(err.Error()).To(ContainSubstring(d.Error))
					}
					return
				}
				Expect(err).NotTo(HaveOccurred())
				Expect(normalizeValue(got)).To(Equal(normalize(d.Value)), "departure %s", d.Departure)
				return
			}
			want := expected[c.ID]
			if !want.OK {
				Expect(err).To(HaveOccurred(), "v6 threw %q", want.Error)
				return
			}
			Expect(err).NotTo(HaveOccurred())
			Expect(normalizeValue(got)).To(Equal(normalize(want.Value)))
		},
		entries,
	)

	DescribeTable("Build == Parse(Merge(...))",
		func(c vectorCase) {
			if c.Op != "endpoint" {
				Skip("not a build case")
			}
			built, buildErr := runVector(c)
			c.Op = "merge"
			merged, mergeErr := runVectorOptions(c)
			if mergeErr != nil {
				Expect(buildErr).To(MatchError(mergeErr.Error()))
				return
			}
			parsed, parseErr := endpoint.Parse(merged)
			if buildErr != nil {
				Expect(parseErr).To(MatchError(buildErr.Error()))
				return
			}
			Expect(parseErr).NotTo(HaveOccurred())
			data, err := json.Marshal(parsed)
			Expect(err).NotTo(HaveOccurred())
			var got any
			Expect(json.Unmarshal(data, &got)).To(Succeed())
			Expect(got).To(Equal(built))

			// Through JSON too, where the octokit shape can hold the
			// merged options (not a parameter named like an option).
			c.Op = "merge"
			text, err := runVectorJSON(c)
			if errors.Is(err, builder.ErrReservedParam) {
				return
			}
			Expect(err).NotTo(HaveOccurred())
			c.Op, c.Defaults, c.Route, c.Options = "parse", nil, nil, text
			again, err := runVector(c)
			Expect(err).NotTo(HaveOccurred())
			Expect(again).To(Equal(built))
		},
		entries,
	)

	DescribeTable("BuildJSON == Build(UnmarshalJSON(...))",
		func(c vectorCase) {
			var route string
			if c.Op != "endpoint" || json.Unmarshal(c.Route, &route) != nil {
				Skip("not a build case with a route string")
			}
			built, buildErr := runVector(c)
			e, err := vectorEndpoint(c)
			if err != nil {
				Expect(buildErr).To(MatchError(err.Error()))
				return
			}
			var text []byte
			if !isNull(c.Options) {
				text = c.Options
			}
			r, err := e.BuildJSON(route, text)
			if buildErr != nil {
				Expect(err).To(MatchError(buildErr.Error()))
				return
			}
			Expect(err).NotTo(HaveOccurred())
			data, err := json.Marshal(r)
			Expect(err).NotTo(HaveOccurred())
			var got any
			Expect(json.Unmarshal(data, &got)).To(Succeed())
			Expect(got).To(Equal(built))
		},
		entries,
	)
})
