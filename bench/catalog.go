package bench

import (
	"context"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"sync"

	"github.com/endpointkit/endpoint"
	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/catalog"
	"github.com/endpointkit/endpoint/catalog/github"
	"github.com/endpointkit/endpoint/internal/value"
)

// Call is one synthesised call of a catalogue operation: its route and a
// value for every parameter the operation requires, each of a type and
// value the description allows.
type Call struct {
	Route  string
	Params builder.Params
}

// GitHubCalls returns a call for every operation of api.github.com, in
// the description's order (about 1,200 routes).
var GitHubCalls = sync.OnceValue(func() []Call {
	ops := github.Catalog().Operations()
	calls := make([]Call, len(ops))
	for i, op := range ops {
		calls[i] = Synthesise(op)
	}
	return calls
})

// HotRoute is the one route of the hot baseline of the rotation.
const HotRoute = RouteA

// HotCall returns the synthesised call of HotRoute; false when the
// catalogue lacks it.
func HotCall() (Call, bool) {
	for _, c := range GitHubCalls() {
		if c.Route == HotRoute {
			return c, true
		}
	}
	return Call{}, false
}

// Synthesise makes a call of op with a value for each required parameter.
func Synthesise(op *catalog.Operation) Call {
	c := Call{Route: op.Method + " " + op.Path}
	for _, name := range op.Required() {
		p, ok := op.Param(name)
		if !ok {
			continue
		}
		c.Params = append(c.Params, builder.Param{Name: name, Value: sample(p.Schema, 0)})
	}
	return c
}

// sample returns a value the schema allows: its first enum value, else
// one of its types, objects with their required properties.
func sample(s catalog.Schema, depth int) any {
	if len(s.Enum) > 0 {
		e := s.Enum[0]
		switch {
		case s.Type.Has(catalog.String) || s.Type == 0:
			return e
		case s.Type.Has(catalog.Integer) || s.Type.Has(catalog.Number):
			if n, err := strconv.ParseFloat(e, 64); err == nil {
				return n
			}
		case s.Type.Has(catalog.Boolean):
			return e == "true"
		}
		return e
	}
	switch t := s.Type; {
	case t == 0 || t.Has(catalog.String):
		return "x1"
	case t.Has(catalog.Integer), t.Has(catalog.Number):
		return 1
	case t.Has(catalog.Boolean):
		return true
	case t.Has(catalog.Array):
		if s.Items == nil || depth > 4 {
			return []any{}
		}
		return []any{sample(*s.Items, depth+1)}
	case t.Has(catalog.Object):
		m := map[string]any{}
		if depth <= 4 {
			for _, p := range s.Properties {
				if p.Required {
					m[p.Name] = sample(p.Schema, depth+1)
				}
			}
		}
		return m
	}
	return nil
}

// EKBuildCall builds c's plain options on e.
func EKBuildCall(e *builder.Endpoint, c *Call) (builder.RequestOptions, error) {
	b := e.Route(c.Route)
	for _, p := range c.Params {
		b.Param(p.Name, p.Value)
	}
	return b.Build()
}

// EKOneStepCall builds c on e with Builder.HTTPRequest.
func EKOneStepCall(ctx context.Context, e *builder.Endpoint, c *Call) (*http.Request, error) {
	b := e.Route(c.Route)
	for _, p := range c.Params {
		b.Param(p.Name, p.Value)
	}
	return b.HTTPRequest(ctx)
}

// EKC returns EK checked against GitHub's catalogue
// (builder.WithCatalog). It decodes the catalogue on first use, not when
// the package loads: kept live, its 1.7 MB of pointers make every
// collection of the process longer, and the rows that do not use it
// would pay for that too.
var EKC = sync.OnceValue(func() *builder.Endpoint {
	return endpoint.Defaults(
		endpoint.WithCatalog(github.Catalog()),
		endpoint.WithHeader("authorization", Authorization),
		endpoint.WithHeader("user-agent", UserAgent),
	)
})

// CheckA is the check a build of A would add, done by hand: look the
// route up and check its four parameters (values converted per call, as
// a build converts them).
func CheckA(owner, repo string) error {
	op, err := github.Catalog().Lookup("GET", "/repos/{owner}/{repo}/issues")
	if err != nil {
		return err
	}
	if err := op.CheckParam("owner", value.Str(owner)); err != nil {
		return err
	}
	if err := op.CheckParam("repo", value.Str(repo)); err != nil {
		return err
	}
	if err := op.CheckParam("per_page", value.Int(PerPage)); err != nil {
		return err
	}
	return op.CheckParam("state", value.Str(State))
}

// CatalogFile is the gzipped catalogue catalog/github embeds, relative to
// this package's directory, where go test and run.sh run the benchmarks.
var CatalogFile = filepath.Join("..", "catalog", "github", "data", "api.github.com.cat.gz")

// ReadCatalogFile reads CatalogFile.
func ReadCatalogFile() ([]byte, error) { return os.ReadFile(CatalogFile) }

// DecodeCatalog decodes gzipped catalogue data as catalog/github does on
// first use.
func DecodeCatalog(gz []byte) (*catalog.Catalog, error) { return github.Decode(gz) }
