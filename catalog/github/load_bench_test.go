package github

import (
	"runtime"
	"testing"
)

// BenchmarkLoad decodes each embedded catalogue from its gzipped data,
// and reports the heap it keeps.
func BenchmarkLoad(b *testing.B) {
	for _, name := range []string{"api.github.com.cat.gz", "ghec.cat.gz", "ghes-3.19.cat.gz"} {
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			c, err := load(name)
			if err != nil {
				b.Fatal(err)
			}
			runtime.GC()
			runtime.ReadMemStats(&after)
			runtime.KeepAlive(c)
			for b.Loop() {
				if _, err := load(name); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(int64(after.HeapAlloc)-int64(before.HeapAlloc)), "retained-B")
		})
	}
}
