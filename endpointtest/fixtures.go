package endpointtest

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/endpointkit/endpoint"
	"github.com/endpointkit/endpoint/builder"
)

// Fixtures are the options files of a directory, by name: each file
// holds one defaults layer in the octokit JSON shape (what
// builder.Options.UnmarshalJSON reads), such as
//
//	{"baseUrl": "https://ghe.example.com/api/v3", "headers": {"x-github-api-version": "2022-11-28"}, "per_page": 100}
//
// and "testdata/options/issues/create.json" is the fixture
// "issues/create" of LoadFixtures(t, "testdata/options"). Layers compose
// through the builder's Defaults: a base file, then a per-test file, then
// the test's own options, each over the ones before:
//
//	fx := endpointtest.LoadFixtures(t, "testdata/options")
//	gh := fx.Defaults(nil, "base", "issues/create").Defaults(endpoint.WithBaseURL(srv.URL))
//
// Fixtures are read once; every method returns new values, so tests may
// share them.
type Fixtures struct {
	t     T
	dir   string
	files map[string][]byte
	names []string
}

// LoadFixtures reads every .json file under dir, checking that each is a
// valid options layer; a file that is not fails the test, naming it.
func LoadFixtures(t T, dir string) *Fixtures {
	t.Helper()
	f := &Fixtures{t: t, dir: dir, files: map[string][]byte{}}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() || !strings.EqualFold(filepath.Ext(path), ".json") {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		var o builder.Options
		if err := o.UnmarshalJSON(data); err != nil {
			return &Error{Request: strconv.Quote(path), Problems: []string{err.Error()}, Err: ErrFixture, Causes: []error{err}}
		}
		rel, _ := filepath.Rel(dir, path)
		name := filepath.ToSlash(strings.TrimSuffix(rel, filepath.Ext(rel)))
		f.files[name] = data
		f.names = append(f.names, name)
		return nil
	})
	if err != nil {
		if _, ok := err.(*Error); !ok {
			err = &Error{Request: strconv.Quote(dir), Problems: []string{err.Error()}, Err: ErrFixture, Causes: []error{err}}
		}
		t.Fatalf("%v", err)
		return f
	}
	slices.Sort(f.names)
	return f
}

// Names returns the fixtures' names, sorted.
func (f *Fixtures) Names() []string { return slices.Clone(f.names) }

// Options returns the fixture called name, decoded anew. An unknown name
// fails the test, naming the nearest fixtures.
func (f *Fixtures) Options(name string) builder.Options {
	f.t.Helper()
	data, ok := f.files[name]
	if !ok {
		problem := "no such fixture in " + f.dir
		if near := nearest(name, f.names); near != nil {
			problem += didYouMean(near)
		} else if len(f.names) > 0 {
			problem += "; it has " + strings.Join(f.names, ", ")
		}
		f.t.Fatalf("%v", &Error{Request: strconv.Quote(name), Problems: []string{problem}, Err: ErrFixture})
		return builder.Options{}
	}
	var o builder.Options
	_ = o.UnmarshalJSON(bytes.Clone(data)) // checked by LoadFixtures
	return o
}

// Layer returns the fixture called name as a defaults layer, for
// endpoint.Defaults or builder.Endpoint.Defaults.
func (f *Fixtures) Layer(name string) builder.Option {
	f.t.Helper()
	return builder.WithOptions(f.Options(name))
}

// Defaults returns e with the named fixtures layered over its defaults,
// in order (nil e: the endpoint package's defaults, GitHub's API). A
// layer the builder refuses, such as a header value with a control
// character, fails the test, naming the fixture.
func (f *Fixtures) Defaults(e *builder.Endpoint, names ...string) *builder.Endpoint {
	f.t.Helper()
	if e == nil {
		e = endpoint.Defaults()
	}
	for _, name := range names {
		next := e.Defaults(f.Layer(name))
		if err := next.Err(); err != nil && e.Err() == nil {
			f.t.Fatalf("%v", &Error{Request: strconv.Quote(name), Problems: []string{err.Error()}, Err: ErrFixture, Causes: []error{err}})
			return next
		}
		e = next
	}
	return e
}
