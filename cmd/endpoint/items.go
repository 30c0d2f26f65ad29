package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
)

// itemKind says what an ITEM argument sets.
type itemKind int

const (
	itemParam     itemKind = iota // name=value: a string parameter
	itemJSON                      // name:=json: a typed parameter
	itemHeader                    // Name:value: a header
	itemQuery                     // name==value: a query parameter, whatever the method
	itemParamFile                 // name=@file: a string parameter read from a file
	itemJSONFile                  // name:=@file: a typed parameter read from a JSON file
)

// separators, in the order they are tried at one position: the longer
// of two that start alike first (":=@" before ":=" before ":", "==" and
// "=@" before "=").
var separators = [...]struct {
	text string
	kind itemKind
}{
	{":=@", itemJSONFile}, {":=", itemJSON}, {":", itemHeader},
	{"==", itemQuery}, {"=@", itemParamFile}, {"=", itemParam},
}

// item is one parsed ITEM argument.
type item struct {
	Kind  itemKind
	Name  string // with escapes resolved
	Value string // the text after the separator, verbatim: the file name for the file kinds
	JSON  any    // the decoded Value, for itemJSON
}

// errItem: an ITEM argument that cannot be parsed.
var errItem = errors.New("invalid item")

// parseItem parses one ITEM the way HTTPie does: the separator that
// appears leftmost wins (the longer one at the same position), and a
// backslash escapes a separator character or a backslash in the name.
// The value after the separator is taken verbatim, so JSON keeps its own
// escapes. JSON values are decoded with json.Number for numbers. Files
// are not read here: the value of a file item is the file's name.
func parseItem(s string) (item, error) {
	var name strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '\\' && i+1 < len(s) && strings.IndexByte(`:=\`, s[i+1]) >= 0 {
			name.WriteByte(s[i+1])
			i++
			continue
		}
		for _, sep := range separators {
			if !strings.HasPrefix(s[i:], sep.text) {
				continue
			}
			it := item{Kind: sep.kind, Name: name.String(), Value: s[i+len(sep.text):]}
			if it.Name == "" {
				return item{}, fmt.Errorf("%w %q: empty name before %q", errItem, s, sep.text)
			}
			switch it.Kind {
			case itemJSON:
				v, err := decodeJSON(it.Value)
				if err != nil {
					return item{}, fmt.Errorf("%w %s:=…: %w", errItem, it.Name, err)
				}
				it.JSON = v
			case itemParamFile, itemJSONFile:
				if it.Value == "" {
					return item{}, fmt.Errorf("%w %s%s: no file name after %q", errItem, it.Name, sep.text, sep.text)
				}
			}
			return it, nil
		}
		name.WriteByte(c)
	}
	return item{}, fmt.Errorf("%w %q: want name=value, name==value, name:=json, name=@file, name:=@file or Header:value", errItem, s)
}

// decodeJSON decodes exactly one JSON value, keeping numbers as
// json.Number so that large integers survive.
func decodeJSON(s string) (any, error) {
	dec := json.NewDecoder(strings.NewReader(s))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		if errors.Is(err, io.EOF) {
			return nil, errors.New("invalid JSON: empty")
		}
		return nil, fmt.Errorf("invalid JSON: %w", err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return nil, errors.New("invalid JSON: data after the value")
	}
	return v, nil
}
