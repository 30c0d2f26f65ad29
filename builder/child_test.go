package builder_test

// Some regressions crash the process (a fatal stack overflow cannot be
// recovered) or hang. Those specs run the call in a child process: the test
// binary itself, started with childEnv naming the case, which then defines
// a single spec that runs it and prints one CHILD-RESULT line. In an
// ordinary run childEnv is unset and the child spec does not exist.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"runtime/debug"
	"runtime/metrics"
	"strings"
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
	name := os.Getenv(childEnv)
	if name == "" {
		return false
	}
	Describe("regression child", func() {
		It("runs "+name, func() {
			f, ok := childCases[name]
			Expect(ok).To(BeTrue(), "unknown child case %q", name)
			// Fail fast and small: a runaway recursion hits a 64 MiB
			// stack, a runaway allocation the memory watchdog.
			debug.SetMaxStack(64 << 20)
			go watchMemory()
			err := f()
			switch {
			case err == nil:
				fmt.Println("CHILD-RESULT ok")
			case errors.Is(err, builder.ErrLimit):
				fmt.Println("CHILD-RESULT limit:", err)
			default:
				fmt.Println("CHILD-RESULT error:", err)
			}
		})
	})
	return true
}()

func watchMemory() {
	s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	for {
		time.Sleep(20 * time.Millisecond)
		metrics.Read(s)
		if s[0].Value.Kind() == metrics.KindUint64 && s[0].Value.Uint64() > childMemoryLimit {
			fmt.Printf("CHILD-RESULT memory: heap grew past %d bytes\n", childMemoryLimit)
			os.Exit(3)
		}
	}
}

// childTimeout bounds a hang. A correct call returns in milliseconds; the
// rest is the child's start-up, slower under -race.
const childTimeout = 20 * time.Second

// runChild runs a registered case in a child process and returns its
// CHILD-RESULT line, or a description of how it crashed or hung.
func runChild(name string) string {
	GinkgoHelper()
	ctx, cancel := context.WithTimeout(context.Background(), childTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, os.Args[0], "-test.run=^TestBuilder$", "-ginkgo.focus=regression child", "-ginkgo.no-color")
	cmd.Env = append(os.Environ(), childEnv+"="+name)
	out, err := cmd.CombinedOutput()
	text := string(out)
	if ctx.Err() != nil {
		return fmt.Sprintf("HUNG: no result after %v", childTimeout)
	}
	for _, line := range strings.Split(text, "\n") {
		if i := strings.Index(line, "CHILD-RESULT "); i >= 0 {
			return line[i+len("CHILD-RESULT "):]
		}
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
	return fmt.Sprintf("CRASHED (%v): %s", err, strings.TrimSpace(first))
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
