package main

import "testing"

func BenchmarkParseItem(b *testing.B) {
	for _, s := range []string{"state=open", `labels:=["bug","ui"]`, "X-GitHub-Api-Version:2022-11-28"} {
		b.Run(s[:5], func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := parseItem(s); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
