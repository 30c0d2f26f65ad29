package github

import "testing"

func BenchmarkLoad(b *testing.B) {
	for _, name := range []string{"api.github.com.cat.gz", "ghec.cat.gz", "ghes-3.19.cat.gz"} {
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := load(name); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
