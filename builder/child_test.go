package builder_test

// Some regressions crash the process (a fatal stack overflow cannot be
// recovered) or hang. Those specs run the call in a child process: the test
// binary itself, started with childEnv naming the cases, which then defines
// a single spec that runs them one after the other and prints one
// CHILD-RESULT line for each. One child runs every case; a case it gave no
// result for (it crashed or hung on an earlier one, or on this one) runs
// again alone. In an ordinary run childEnv is unset and the child spec does
// not exist.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/builder"
)

const childEnv = "ENDPOINTKIT_REGRESSION_CHILD"

// childMemoryLimit is the heap size at which a child gives up and reports
// "memory" instead of exhausting the machine.
const childMemoryLimit = 1 << 30

// childCases are the calls a child process can run, by name. Each returns
// the error of the call under test.
var childCases = map[string]func() error{}

func registerChild(name string, f func() error) string {
	childCases[name] = f
	return name
}

var _ = func() bool {
	names := os.Getenv(childEnv)
	if names == "" {
		return false
	}
	Describe("regression child", func() {
		It("runs "+names, func() {
			// Fail fast and small: a runaway recursion hits a 64 MiB
			// stack, a runaway allocation the memory watchdog.
			debug.SetMaxStack(64 << 20)
			var current atomic.Value
			current.Store("")
			go watchMemory(&current)
			for _, name := range strings.Split(names, ",") {
				f, ok := childCases[name]
				Expect(ok).To(BeTrue(), "unknown child case %q", name)
				runtime.GC() // the cases before this one left only garbage
				current.Store(name)
				err := f()
				switch {
				case err == nil:
					fmt.Println("CHILD-RESULT", name, "ok")
				case errors.Is(err, builder.ErrLimit):
					fmt.Println("CHILD-RESULT", name, "limit:", err)
				default:
					fmt.Println("CHILD-RESULT", name, "error:", err)
				}
			}
		})
	})
	return true
}()

func watchMemory(current *atomic.Value) {
	s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	for {
		time.Sleep(20 * time.Millisecond)
		metrics.Read(s)
		if s[0].Value.Kind() == metrics.KindUint64 && s[0].Value.Uint64() > childMemoryLimit {
			fmt.Printf("CHILD-RESULT %s memory: heap grew past %d bytes\n", current.Load(), childMemoryLimit)
			os.Exit(3)
		}
	}
}

// childTimeout bounds a hang. A correct call returns in milliseconds; the
// rest is the child's start-up, slower under -race.
const childTimeout = 20 * time.Second

// childResults are the results of the child that ran every case, by case,
// once the first spec asked for one.
var childResults = sync.OnceValue(func() map[string]string {
	names := make([]string, 0, len(childCases))
	for name := range childCases {
		names = append(names, name)
	}
	sort.Strings(names)
	results, _ := runChildren(names)
	return results
})

// runChild returns the CHILD-RESULT of a registered case, run in a child
// process, or a description of how it crashed or hung.
func runChild(name string) string {
	GinkgoHelper()
	if r, ok := childResults()[name]; ok {
		return r
	}
	results, failure := runChildren([]string{name})
	if r, ok := results[name]; ok {
		return r
	}
	return failure
}

// runChildren runs the cases in one child process and returns their
// results by name, and how the child failed if it gave some none.
func runChildren(names []string) (map[string]string, string) {
	ctx, cancel := context.WithTimeout(context.Background(), childTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, os.Args[0], "-test.run=^TestBuilder$", "-ginkgo.focus=regression child", "-ginkgo.no-color")
	cmd.Env = append(os.Environ(), childEnv+"="+strings.Join(names, ","))
	out, err := cmd.CombinedOutput()
	text := string(out)
	results := map[string]string{}
	for _, line := range strings.Split(text, "\n") {
		if i := strings.Index(line, "CHILD-RESULT "); i >= 0 {
			if name, result, ok := strings.Cut(line[i+len("CHILD-RESULT "):], " "); ok {
				results[name] = result
			}
		}
	}
	if ctx.Err() != nil {
		return results, fmt.Sprintf("HUNG: no result after %v", childTimeout)
	}
	first := text
	for _, marker := range []string{"fatal error:", "panic:", "runtime:"} {
		if i := strings.Index(text, marker); i >= 0 {
			first = text[i:]
			break
		}
	}
	if len(first) > 300 {
		first = first[:300]
	}
	return results, fmt.Sprintf("CRASHED (%v): %s", err, strings.TrimSpace(first))
}

// jsonBody is the JSON body a call with these leftover parameters sends:
// the parameters as one object, in order.
func jsonBody(p builder.Params) json.RawMessage {
	data, err := p.MarshalJSON() // json.Marshal would HTML-escape it again
	if err != nil {
		panic(err)
	}
	return data
}
