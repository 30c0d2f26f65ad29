package endpointtest

import (
	"path/filepath"
	"runtime"
	"strconv"
	"testing"
)

// callerLine returns the file:line (the file's base name, as go test
// prints it) of the code that called the exported function calling it.
func callerLine() string {
	_, file, line, ok := runtime.Caller(2)
	if !ok {
		return ""
	}
	return filepath.Base(file) + ":" + strconv.Itoa(line)
}

// testingTB returns t when it is the testing package's own *T or *B,
// whose Output writes to the test's log; nil for any other T, whose
// Errorf may do more than log (Ginkgo's, a recorder, a wrapper), and for
// a *testing.F, whose Output a fuzz target may not call.
func testingTB(t T) testing.TB {
	switch tb := t.(type) {
	case *testing.T:
		return tb
	case *testing.B:
		return tb
	}
	return nil
}
