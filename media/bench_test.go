package media_test

import (
	"testing"

	"github.com/endpointkit/endpoint/media"
)

const defaultAccept = "application/vnd.github.v3+json"

func BenchmarkAccept(b *testing.B) {
	previews := []string{"symmetra", "machine-man"}
	b.ReportAllocs()
	for b.Loop() {
		sink = media.Accept(defaultAccept, "raw", previews)
	}
}

func BenchmarkAcceptFormat(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		sink = media.Accept(defaultAccept, "diff", nil)
	}
}

func BenchmarkAcceptNoop(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		sink = media.Accept(defaultAccept, "", nil)
	}
}
