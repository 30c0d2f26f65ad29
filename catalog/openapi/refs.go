package openapi

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/url"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v4"
)

// MaxRefChain is the most objects made of a $ref alone that a reference
// may pass through before it reaches what it names: in a → b → c, where
// a and b hold only a $ref, two. kin-openapi follows such a chain again
// from each of its links, so that loading takes time quadratic in its
// length (3,000 chained schemas took 4 to 15 seconds and 1.6 GB of
// allocations, 6,000 took 24 to 61 seconds and 8.5 GB). Past it, Load,
// LoadWith and LoadFile fail with ErrLoad before kin-openapi reads the
// document; within it, loading stays linear. No description we know of
// chains more than a few.
const MaxRefChain = 64

// maxScanDepth is how deep checkRefChains follows a JSON document's
// nesting; a deeper one is left to kin-openapi.
const maxScanDepth = 10_000

// checkRefChains refuses a document with a chain of more than
// MaxRefChain objects that hold only a local $ref, each naming the next.
// It reads the document once and follows each chain once, remembering
// how long the rest of it is: a JSON document with a scan of its own
// bytes, a YAML one with the YAML parser kin-openapi uses. A document it
// cannot read is left to kin-openapi, which says why.
func checkRefChains(data []byte) error {
	if bytes.Count(data, []byte("$ref")) <= MaxRefChain {
		return nil // too few references for a chain past the bound
	}
	var refs refIndex
	if t := bytes.TrimLeft(data, " \t\r\n"); len(t) > 0 && t[0] == '{' {
		s := jsonScan{data: t, refs: &refs}
		if !s.value() {
			return nil
		}
	} else {
		var root yaml.Node
		if yaml.Unmarshal(data, &root) != nil || len(root.Content) == 0 {
			return nil
		}
		walkYAML(root.Content[0], nil, &refs)
	}
	return refs.check()
}

// refIndex holds the objects made of a local $ref alone, by the JSON
// pointer where each stands ("/components/schemas/S0"), with the pointer
// its $ref names, in the document's order.
type refIndex struct {
	next  map[string]string
	order []string
}

// add records an object at pointer at whose only member is $ref: ref.
func (x *refIndex) add(at, ref string) {
	frag, ok := strings.CutPrefix(ref, "#")
	if !ok {
		return // another document's: no link of a chain here
	}
	p, err := url.PathUnescape(frag)
	if err != nil {
		return
	}
	if x.next == nil {
		x.next = map[string]string{}
	}
	x.next[at] = p
	x.order = append(x.order, at)
}

// check follows every chain once: rest holds how many links follow an
// object once known, -1 while it is on the chain being followed (a cycle,
// which kin-openapi reports).
func (x *refIndex) check() error {
	rest := make(map[string]int, len(x.next))
	var chain []string
	for _, start := range x.order {
		chain = chain[:0]
		at, known := start, 0
		for {
			if n, ok := rest[at]; ok {
				known = max(n, 0)
				break
			}
			to, ok := x.next[at]
			if !ok {
				break // what the chain names
			}
			chain = append(chain, at)
			if len(chain) > MaxRefChain {
				break
			}
			rest[at] = -1
			at = to
		}
		if known+len(chain) > MaxRefChain {
			return fmt.Errorf("the $ref at %s starts a chain of more than %d objects that hold only a $ref (MaxRefChain)",
				strconv.Quote("#"+start), MaxRefChain)
		}
		for i := len(chain) - 1; i >= 0; i-- {
			known++
			rest[chain[i]] = known
		}
	}
	return nil
}

// pointerSegment writes a member name as a segment of a JSON pointer.
func pointerSegment(name string) string {
	if !strings.ContainsAny(name, "~/") {
		return name
	}
	return pointerEscaper.Replace(name)
}

var pointerEscaper = strings.NewReplacer("~", "~0", "/", "~1")

func pointer(path []string) string {
	if len(path) == 0 {
		return ""
	}
	return "/" + strings.Join(path, "/")
}

// walkYAML indexes the $ref-only mappings under n. An alias is not
// followed: what it repeats is walked where its anchor is.
func walkYAML(n *yaml.Node, path []string, refs *refIndex) {
	switch n.Kind {
	case yaml.MappingNode:
		if len(n.Content) == 2 && n.Content[0].Value == "$ref" && n.Content[1].Kind == yaml.ScalarNode {
			refs.add(pointer(path), n.Content[1].Value)
			return
		}
		for i := 0; i+1 < len(n.Content); i += 2 {
			walkYAML(n.Content[i+1], append(path, pointerSegment(n.Content[i].Value)), refs)
		}
	case yaml.SequenceNode:
		for i, c := range n.Content {
			walkYAML(c, append(path, strconv.Itoa(i)), refs)
		}
	}
}

// jsonScan reads a JSON value at data[i:], indexing the $ref-only
// objects in it; it reports false for what is not JSON, or nests past
// maxScanDepth.
type jsonScan struct {
	data []byte
	i    int
	path [][]byte // member names (decoded) and indexes
	refs *refIndex
}

func (s *jsonScan) ws() {
	for s.i < len(s.data) {
		switch s.data[s.i] {
		case ' ', '\t', '\r', '\n':
			s.i++
		default:
			return
		}
	}
}

func (s *jsonScan) value() bool {
	s.ws()
	if s.i >= len(s.data) || len(s.path) > maxScanDepth {
		return false
	}
	switch s.data[s.i] {
	case '{':
		return s.object()
	case '[':
		s.i++
		for n := 0; ; n++ {
			s.ws()
			if s.i < len(s.data) && s.data[s.i] == ']' && n == 0 {
				s.i++
				return true
			}
			s.path = append(s.path, index(n))
			ok := s.value()
			s.path = s.path[:len(s.path)-1]
			if !ok {
				return false
			}
			if !s.more(']') {
				return s.i <= len(s.data) && s.data[s.i-1] == ']'
			}
		}
	case '"':
		_, ok := s.str()
		return ok
	}
	for ; s.i < len(s.data); s.i++ { // a number, true, false or null
		switch s.data[s.i] {
		case ',', ']', '}', ' ', '\t', '\r', '\n':
			return true
		}
	}
	return true
}

// more reads the "," before another item, reporting true, or the close
// that ends the container, reporting false (s.i past it); anything else
// leaves s.i at len(data)+1.
func (s *jsonScan) more(close byte) bool {
	s.ws()
	if s.i < len(s.data) {
		switch s.data[s.i] {
		case ',':
			s.i++
			return true
		case close:
			s.i++
			return false
		}
	}
	s.i = len(s.data) + 1
	return false
}

func (s *jsonScan) object() bool {
	s.i++
	var ref []byte
	members, refOnly := 0, false
	for {
		s.ws()
		if s.i < len(s.data) && s.data[s.i] == '}' && members == 0 {
			s.i++
			return true
		}
		members++
		r, isRef, ok := s.member()
		if !ok {
			return false
		}
		if isRef {
			ref = r
		}
		refOnly = isRef && members == 1
		if !s.more('}') {
			break
		}
	}
	if s.i > len(s.data) {
		return false
	}
	if refOnly && members == 1 {
		s.addRef(ref)
	}
	return true
}

// member reads one "name": value of an object. The string value of a
// $ref is returned (isRef), not scanned.
func (s *jsonScan) member() (ref []byte, isRef, ok bool) {
	key, ok := s.str()
	if !ok {
		return nil, false, false
	}
	s.ws()
	if s.i >= len(s.data) || s.data[s.i] != ':' {
		return nil, false, false
	}
	s.i++
	s.ws()
	if string(key) == "$ref" && s.i < len(s.data) && s.data[s.i] == '"' {
		ref, ok = s.str()
		return ref, true, ok
	}
	s.path = append(s.path, key)
	ok = s.value()
	s.path = s.path[:len(s.path)-1]
	return nil, false, ok
}

// addRef indexes the $ref-only object at s.path.
func (s *jsonScan) addRef(ref []byte) {
	path := make([]string, len(s.path))
	for i, seg := range s.path {
		path[i] = pointerSegment(string(seg))
	}
	s.refs.add(pointer(path), string(ref))
}

// indexes are the array indexes below 256 as pointer segments.
var indexes = func() (out [256][]byte) {
	for i := range out {
		out[i] = strconv.AppendInt(nil, int64(i), 10)
	}
	return out
}()

func index(n int) []byte {
	if n < len(indexes) {
		return indexes[n]
	}
	return strconv.AppendInt(nil, int64(n), 10)
}

// str reads a JSON string, decoded: a slice of data when it has no
// escape.
func (s *jsonScan) str() ([]byte, bool) {
	if s.i >= len(s.data) || s.data[s.i] != '"' {
		return nil, false
	}
	start, escaped := s.i, false
	for s.i++; s.i < len(s.data); s.i++ {
		switch s.data[s.i] {
		case '\\':
			escaped = true
			s.i++
		case '"':
			s.i++
			raw := s.data[start:s.i]
			if !escaped {
				return raw[1 : len(raw)-1], true
			}
			var out string
			if json.Unmarshal(raw, &out) != nil {
				return nil, false
			}
			return []byte(out), true
		}
	}
	return nil, false
}
