package builder_test

import (
	"encoding/json"
	"fmt"
	"os"
	"reflect"
	"testing"
)

// TestDumpVectorDiffs writes every mismatch to $VECTOR_DUMP; a tool for
// classifying departures, skipped unless that variable is set.
func TestDumpVectorDiffs(t *testing.T) {
	path := os.Getenv("VECTOR_DUMP")
	if path == "" {
		t.Skip("VECTOR_DUMP not set")
	}
	cases, expected, departures := loadVectors()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for _, c := range cases {
		if _, ok := departures[c.ID]; ok {
			continue
		}
		got, err := runVector(c)
		want := expected[c.ID]
		in, _ := json.Marshal(c)
		if !want.OK {
			if err == nil {
				g, _ := json.Marshal(got)
				fmt.Fprintf(f, "== %s\nin:   %s\nv6 threw: %s\nours: %s\n\n", c.ID, in, want.Error, g)
			}
			continue
		}
		if err != nil {
			fmt.Fprintf(f, "== %s\nin:   %s\nv6:   %s\nours error: %v\n\n", c.ID, in, want.Value, err)
			continue
		}
		if !reflect.DeepEqual(normalizeValue(got), normalize(want.Value)) {
			g, _ := json.Marshal(normalizeValue(got))
			w, _ := json.Marshal(normalize(want.Value))
			fmt.Fprintf(f, "== %s\nin:   %s\nv6:   %s\nours: %s\n\n", c.ID, in, w, g)
		}
	}
}
