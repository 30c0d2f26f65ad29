package endpointtest_test

import (
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"
	"sync"
	"testing"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

func TestEndpointtest(t *testing.T) {
	RegisterFailHandler(Fail)
	RunSpecs(t, "endpointtest")
}

// sized is full with ENDPOINTKIT_LONG=1, with which CI runs the specs
// labelled "long" at full size in a step of their own (.ci/run), else
// quick, and a quarter of quick under -short or -race: the same
// assertions on a smaller input.
func sized(full, quick int) int {
	switch {
	case os.Getenv("ENDPOINTKIT_LONG") != "":
		return full
	case testing.Short() || raceEnabled:
		return max(1, quick/4)
	}
	return quick
}

// recorder is an endpointtest.T that keeps the failures instead of
// failing the spec, for specs about failure messages. Its Fatalf does
// not stop the caller; the package returns after calling it.
type recorder struct {
	mu       sync.Mutex
	errors   []string
	fatals   []string
	cleanups []func()
}

func newRecorder() *recorder {
	r := &recorder{}
	DeferCleanup(r.cleanup)
	return r
}

func (r *recorder) Helper() {}

func (r *recorder) Errorf(format string, args ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.errors = append(r.errors, fmt.Sprintf(format, args...))
}

func (r *recorder) Fatalf(format string, args ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.fatals = append(r.fatals, fmt.Sprintf(format, args...))
}

func (r *recorder) Cleanup(f func()) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.cleanups = append(r.cleanups, f)
}

func (r *recorder) cleanup() {
	r.mu.Lock()
	fs := r.cleanups
	r.cleanups = nil
	r.mu.Unlock()
	for i := len(fs) - 1; i >= 0; i-- {
		fs[i]()
	}
}

func (r *recorder) Errors() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]string(nil), r.errors...)
}

func (r *recorder) Fatals() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]string(nil), r.fatals...)
}

// joined is every failure, for messages.
func (r *recorder) joined() string {
	return strings.Join(append(r.Errors(), r.Fatals()...), "\n")
}

// readBody reads and closes a response body.
func readBody(resp *http.Response) string {
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	Expect(err).NotTo(HaveOccurred())
	return string(b)
}
