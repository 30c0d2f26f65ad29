package endpointtest

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/endpointkit/endpoint"
	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/internal/fserr"
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
//
// A zero or nil Fixtures is an empty set: it has no names, and every
// fixture asked of it is unknown.
type Fixtures struct {
	t     T
	dir   string
	files map[string][]byte
	names []string
	err   error // why LoadFixtures failed
}

// MaxFixtureSize is the most bytes LoadFixtures and File read of one
// file.
const MaxFixtureSize = 32 << 20

// LoadFixtures reads every .json file under dir, checking that each is a
// valid options layer; a file that is not fails the test, naming it, and
// so does one that is not a regular file (a link to /dev/zero, a named
// pipe) or holds more than MaxFixtureSize bytes. A
// nil t reports nothing, as in NewServer: the error stays in Err, and
// every layer of the set fails with it.
func LoadFixtures(t T, dir string) *Fixtures {
	if t != nil {
		t.Helper()
	}
	f := &Fixtures{t: t, dir: dir, files: map[string][]byte{}}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() || !strings.EqualFold(filepath.Ext(path), ".json") {
			return nil
		}
		data, err := readFixture(path)
		if err != nil {
			problem := fserr.Text(err, path) // the path is the Request
			return &Error{Request: strconv.Quote(path), Problems: []string{problem}, Err: ErrFixture, Causes: []error{err}}
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
			// dir itself (lstat dir: …) is said once; a directory below
			// it, by its path.
			err = &Error{Request: strconv.Quote(dir), Problems: []string{fserr.Text(err, dir)}, Err: ErrFixture, Causes: []error{err}}
		}
		f.err = err
		if t != nil {
			t.Fatalf("%v", err)
		}
		return f
	}
	slices.Sort(f.names)
	return f
}

// readFixture reads a regular file of at most MaxFixtureSize bytes. A
// link to a device or a pipe would be read forever, or block on open.
func readFixture(path string) ([]byte, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, errors.New("not a regular file")
	}
	if fi.Size() > MaxFixtureSize {
		return nil, fmt.Errorf("%d bytes, more than %d", fi.Size(), MaxFixtureSize)
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, MaxFixtureSize+1))
	if err == nil && len(data) > MaxFixtureSize {
		err = fmt.Errorf("more than %d bytes", MaxFixtureSize)
	}
	return data, err
}

// Err returns the *Error (ErrFixture) that made LoadFixtures fail, for a
// nil T; nil when the set loaded, or for a zero or nil Fixtures.
func (f *Fixtures) Err() error {
	if f == nil {
		return nil
	}
	return f.err
}

// Names returns the fixtures' names, sorted.
func (f *Fixtures) Names() []string {
	if f == nil {
		return nil
	}
	return slices.Clone(f.names)
}

// lookup decodes the fixture called name, reporting nothing.
func (f *Fixtures) lookup(name string) (builder.Options, error) {
	if f == nil {
		f = &Fixtures{}
	}
	if f.err != nil {
		// The walk stopped there: the set is incomplete.
		return builder.Options{}, f.err
	}
	data, ok := f.files[name]
	if !ok {
		var problem string
		switch {
		case f.files == nil:
			problem = "no such fixture; the set is empty (a zero or nil Fixtures, not one from LoadFixtures)"
		default:
			problem = "no such fixture in " + f.dir
			if near := nearest(name, f.names); near != nil {
				problem += didYouMean(near)
			} else if len(f.names) > 0 {
				problem += "; it has " + strings.Join(f.names, ", ")
			}
		}
		return builder.Options{}, &Error{Request: strconv.Quote(name), Problems: []string{problem}, Err: ErrFixture}
	}
	var o builder.Options
	_ = o.UnmarshalJSON(bytes.Clone(data)) // checked by LoadFixtures
	return o, nil
}

// fatal fails the test with err; with a nil T it does nothing, the
// caller returning err in a layer or an Endpoint.
func (f *Fixtures) fatal(err error) {
	if f != nil && f.t != nil {
		f.t.Helper()
		f.t.Fatalf("%v", err)
	}
}

// Options returns the fixture called name, decoded anew. An unknown name
// fails the test, naming the nearest fixtures; with a nil T (or a zero
// Fixtures) it gives the zero Options, and Layer and Defaults the error.
func (f *Fixtures) Options(name string) builder.Options {
	if f != nil && f.t != nil {
		f.t.Helper()
	}
	o, err := f.lookup(name)
	if err != nil {
		f.fatal(err)
	}
	return o
}

// Layer returns the fixture called name as a defaults layer, for
// endpoint.Defaults or builder.Endpoint.Defaults. An unknown name fails
// the test, as in Options, and the layer fails with the *Error, so that
// the Endpoint's Err holds it.
func (f *Fixtures) Layer(name string) builder.Option {
	if f != nil && f.t != nil {
		f.t.Helper()
	}
	o, err := f.lookup(name)
	if err != nil {
		f.fatal(err)
		return failedLayer(err)
	}
	return builder.WithOptions(o)
}

func failedLayer(err error) builder.Option {
	return func(*builder.Options) error { return err }
}

// Defaults returns e with the named fixtures layered over its defaults,
// in order (nil e: the endpoint package's defaults, GitHub's API). An
// unknown name, or a layer the builder refuses, such as a header value
// with a control character, fails the test, naming the fixture; the
// Endpoint returned carries the error in Err, which is how a nil T
// learns of it.
func (f *Fixtures) Defaults(e *builder.Endpoint, names ...string) *builder.Endpoint {
	if f != nil && f.t != nil {
		f.t.Helper()
	}
	if e == nil {
		e = endpoint.Defaults()
	}
	for _, name := range names {
		o, err := f.lookup(name)
		if err != nil {
			f.fatal(err)
			return e.Defaults(failedLayer(err))
		}
		next := e.Defaults(builder.WithOptions(o))
		if err := next.Err(); err != nil && e.Err() == nil {
			f.fatal(&Error{Request: strconv.Quote(name), Problems: []string{err.Error()}, Err: ErrFixture, Causes: []error{err}})
			return next
		}
		e = next
	}
	return e
}
