package template_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"github.com/endpointkit/endpoint/template"
)

// The uritemplate-test files (testdata/, see testdata/LICENSE) assume
// associative arrays keep JSON document order, so they are decoded with an
// ordered decoder: objects become template.Pairs, arrays []any, numbers
// json.Number.

// decodeOrdered reads one JSON value from dec.
func decodeOrdered(dec *json.Decoder) (any, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	d, ok := tok.(json.Delim)
	if !ok {
		return tok, nil // string, json.Number, bool or nil
	}
	switch d {
	case '{':
		var ps template.Pairs
		for dec.More() {
			k, err := dec.Token()
			if err != nil {
				return nil, err
			}
			v, err := decodeOrdered(dec)
			if err != nil {
				return nil, err
			}
			ps = append(ps, template.Pair{Key: k.(string), Value: v})
		}
		_, err = dec.Token() // '}'
		return ps, err
	case '[':
		list := []any{}
		for dec.More() {
			v, err := decodeOrdered(dec)
			if err != nil {
				return nil, err
			}
			list = append(list, v)
		}
		_, err = dec.Token() // ']'
		return list, err
	}
	return nil, fmt.Errorf("unexpected delimiter %v", d)
}

// suiteCase is one uritemplate-test case.
type suiteCase struct {
	File, Group string
	Vars        map[string]any
	Template    string
	// Want lists the acceptable results; nil means expansion must fail.
	Want []string
}

var suiteFiles = []string{"spec-examples.json", "spec-examples-by-section.json", "extended-tests.json", "negative-tests.json"}

func field(ps template.Pairs, key string) any {
	for _, p := range ps {
		if p.Key == key {
			return p.Value
		}
	}
	return nil
}

// loadSuite reads all cases of one file, in document order.
func loadSuite(file string) ([]suiteCase, error) {
	f, err := os.Open(filepath.Join("testdata", file))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	dec := json.NewDecoder(f)
	dec.UseNumber()
	doc, err := decodeOrdered(dec)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	var cases []suiteCase
	for _, g := range doc.(template.Pairs) {
		group := g.Value.(template.Pairs)
		vars := map[string]any{}
		if vs, ok := field(group, "variables").(template.Pairs); ok {
			for _, v := range vs {
				vars[v.Key] = v.Value
			}
		}
		for _, tc := range field(group, "testcases").([]any) {
			pair := tc.([]any)
			c := suiteCase{File: file, Group: g.Key, Vars: vars, Template: pair[0].(string)}
			switch w := pair[1].(type) {
			case string:
				c.Want = []string{w}
			case []any:
				for _, s := range w {
					c.Want = append(c.Want, s.(string))
				}
			case bool:
				if w {
					return nil, fmt.Errorf("%s: %q: expected value true", file, c.Template)
				}
			default:
				return nil, fmt.Errorf("%s: %q: unexpected expected value %T", file, c.Template, w)
			}
			cases = append(cases, c)
		}
	}
	return cases, nil
}
