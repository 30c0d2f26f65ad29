package endpointtest_test

import (
	"context"
	"errors"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint"
	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/catalog/github"
	"github.com/endpointkit/endpoint/endpointtest"
)

var _ = Describe("Fixtures", func() {
	var fx *endpointtest.Fixtures
	BeforeEach(func() {
		fx = endpointtest.LoadFixtures(GinkgoT(), "testdata/options")
	})

	It("names the files of a directory tree without their extension", func() {
		Expect(fx.Names()).To(Equal([]string{"base", "issues/create", "issues/list"}))
	})

	It("layers a base file, a per-test file and inline options, later layers winning", func() {
		srv := endpointtest.NewServer(GinkgoT(), endpointtest.WithCatalog(github.Catalog()))
		srv.Handle("GET /repos/{owner}/{repo}/issues", endpointtest.JSON(`[]`))
		gh := fx.Defaults(nil, "base", "issues/list").
			Defaults(endpoint.WithBaseURL(srv.URL), endpoint.WithParam("state", "closed"))
		ro, err := gh.Build("", builder.Options{})
		Expect(err).NotTo(HaveOccurred())
		Expect(endpointtest.Match(ro,
			endpointtest.Route("GET /repos/{owner}/{repo}/issues").Where("owner", "octokit"),
			endpointtest.Query("state", "closed"),
			endpointtest.Query("per_page", "100"),
			endpointtest.Header("X-GitHub-Api-Version", "2022-11-28"),
			endpointtest.Header("Accept", "application/vnd.github.mercy-preview+json"),
		)).To(Succeed())
		req, err := ro.HTTPRequest(context.Background())
		Expect(err).NotTo(HaveOccurred())
		resp, err := srv.Client().Do(req)
		Expect(err).NotTo(HaveOccurred())
		readBody(resp)
		Expect(resp.StatusCode).To(Equal(http.StatusOK))
		Expect(srv.Calls("GET /repos/{owner}/{repo}/issues")[0].RawQuery).To(Equal("state=closed&per_page=100"))
	})

	It("gives a fixture's body parameters to a call of another route", func() {
		ro, err := fx.Defaults(nil, "issues/create").Route("POST /repos/{owner}/{repo}/issues").Param("title", "t").Build()
		Expect(err).NotTo(HaveOccurred())
		Expect(endpointtest.Match(ro, endpointtest.JSONBody(`{"labels": ["bug"], "title": "t"}`))).To(Succeed())
	})

	It("returns new options each time", func() {
		o := fx.Options("issues/list")
		o.Params[0].Value = "changed"
		Expect(fx.Options("issues/list").Params[0].Value).To(Equal("octokit"))
	})

	It("fails the test for an unknown name, naming the nearest", func() {
		t := newRecorder()
		fx := endpointtest.LoadFixtures(t, "testdata/options")
		fx.Options("issues/lsit")
		fx.Options("nothing-like-it")
		Expect(t.Fatals()).To(Equal([]string{
			`endpointtest: "issues/lsit": no such fixture in testdata/options; did you mean issues/list?`,
			`endpointtest: "nothing-like-it": no such fixture in testdata/options; it has base, issues/create, issues/list`,
		}))
	})

	It("fails the test for a file that is no options layer, naming it", func() {
		dir := GinkgoT().TempDir()
		path := filepath.Join(dir, "bad.json")
		Expect(os.WriteFile(path, []byte(`{"method": 5}`), 0o600)).To(Succeed())
		t := newRecorder()
		endpointtest.LoadFixtures(t, dir)
		Expect(t.Fatals()).To(ConsistOf(HavePrefix(`endpointtest: "` + path + `": `)))
	})

	It("take a zero or nil Fixtures for an empty set, whose layers fail with ErrFixture", func() {
		for _, fx := range []*endpointtest.Fixtures{nil, {}} {
			Expect(fx.Names()).To(BeEmpty())
			Expect(fx.Err()).NotTo(HaveOccurred())
			Expect(fx.Options("base")).To(Equal(builder.Options{}))
			Expect(fx.Defaults(nil).Err()).NotTo(HaveOccurred())
			Expect(fx.Defaults(nil, "base").Err()).To(MatchError(endpointtest.ErrFixture))
			Expect(endpoint.Defaults(fx.Layer("base")).Err()).To(MatchError(ContainSubstring(`endpointtest: "base": no such fixture; the set is empty`)))
		}
	})

	It("with a nil T, load as NewServer serves: reporting nothing, the errors kept", func() {
		fx := endpointtest.LoadFixtures(nil, "testdata/options")
		Expect(fx.Err()).NotTo(HaveOccurred())
		Expect(fx.Names()).To(Equal([]string{"base", "issues/create", "issues/list"}))
		Expect(fx.Defaults(nil, "base").Err()).NotTo(HaveOccurred())
		Expect(fx.Options("issues/lsit")).To(Equal(builder.Options{}))
		Expect(fx.Defaults(nil, "issues/lsit").Err()).To(MatchError(ContainSubstring("did you mean issues/list?")))

		broken := endpointtest.LoadFixtures(nil, "testdata/no-such-dir")
		Expect(broken).NotTo(BeNil())
		Expect(broken.Err()).To(MatchError(endpointtest.ErrFixture))
		Expect(broken.Err()).To(MatchError(HavePrefix(`endpointtest: "testdata/no-such-dir": `)))
		Expect(broken.Defaults(nil, "base").Err()).To(MatchError(endpointtest.ErrFixture))
	})

	It("do not fail the test twice for one unknown name", func() {
		t := newRecorder()
		fx := endpointtest.LoadFixtures(t, "testdata/options")
		Expect(fx.Defaults(nil, "issues/lsit").Err()).To(MatchError(endpointtest.ErrFixture))
		Expect(t.Fatals()).To(HaveLen(1))
	})

	It("fails the test for a directory that cannot be read", func() {
		t := newRecorder()
		endpointtest.LoadFixtures(t, "testdata/no-such-dir")
		Expect(t.Fatals()).To(ConsistOf(HavePrefix(`endpointtest: "testdata/no-such-dir": `)))
	})
})

// File and LoadFixtures named the path, then the os error named it again.
var _ = Describe("a file or directory that cannot be read is named once", Label("regression"), func() {
	expectCause := func(err error, notExist bool) {
		GinkgoHelper()
		Expect(errors.Is(err, endpointtest.ErrFixture)).To(BeTrue())
		Expect(errors.Is(err, fs.ErrNotExist)).To(Equal(notExist))
		var pe *fs.PathError
		Expect(errors.As(err, &pe)).To(BeTrue())
	}

	It("by File, which fails the test", func() {
		dir := GinkgoT().TempDir()
		for path, problem := range map[string]string{
			filepath.Join(dir, "nope.json"): "stat: no such file or directory",
			dir:                             "not a regular file",
		} {
			t := newRecorder()
			defer t.cleanup()
			endpointtest.NewServer(t).Handle("GET /x", endpointtest.File(path))
			Expect(t.Fatals()).To(HaveLen(1))
			Expect(t.Fatals()[0]).To(HavePrefix(`endpointtest: "` + path + `": ` + problem))
			Expect(strings.Count(t.Fatals()[0], path)).To(Equal(1), t.Fatals()[0])
		}
	})

	It("by LoadFixtures, for the directory it is given", func() {
		dir := filepath.Join(GinkgoT().TempDir(), "gone")
		err := endpointtest.LoadFixtures(nil, dir).Err()
		expectCause(err, true)
		Expect(err.Error()).To(Equal(`endpointtest: "` + dir + `": lstat: no such file or directory`))
	})
})

// LoadFixtures read every .json whole: a link to /dev/zero filled memory.
var _ = Describe("LoadFixtures on a file that is not an options file", Label("regression"), func() {
	It("refuses a link to a device", func() {
		if runtime.GOOS == "windows" {
			Skip("no /dev/zero")
		}
		dir := GinkgoT().TempDir()
		Expect(os.Symlink("/dev/zero", filepath.Join(dir, "zero.json"))).To(Succeed())
		expectRefused(loadFixturesErr(dir), "zero.json", "not a regular file")
	})

	It("refuses a file over MaxFixtureSize before reading it", func() {
		dir := GinkgoT().TempDir()
		big := filepath.Join(dir, "big.json")
		Expect(os.WriteFile(big, nil, 0o600)).To(Succeed())
		Expect(os.Truncate(big, endpointtest.MaxFixtureSize+1)).To(Succeed()) // sparse: nothing written
		expectRefused(loadFixturesErr(dir), "big.json", "33554433 bytes, more than 33554432")
	})

	It("names a file it cannot read once", func() {
		if runtime.GOOS == "windows" {
			Skip("symbolic links need privileges")
		}
		dir := GinkgoT().TempDir()
		Expect(os.Symlink(filepath.Join(dir, "gone"), filepath.Join(dir, "dangling.json"))).To(Succeed())
		err := loadFixturesErr(dir)
		expectRefused(err, "dangling.json", "stat: no such file or directory")
		Expect(strings.Count(err.Error(), dir)).To(Equal(1))
	})
})

// loadFixturesErr is LoadFixtures(nil, dir).Err(). Before the fix it
// never returned for a pipe or /dev/zero; go test's timeout catches that,
// as the project's specs assert results, never timings.
func loadFixturesErr(dir string) error {
	return endpointtest.LoadFixtures(nil, dir).Err()
}

// expectRefused checks that err is ErrFixture's and names the file once.
func expectRefused(err error, name, problem string) {
	GinkgoHelper()
	Expect(errors.Is(err, endpointtest.ErrFixture)).To(BeTrue())
	Expect(err.Error()).To(HaveSuffix(name + `": ` + problem))
}
