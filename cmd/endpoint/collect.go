package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
)

// chunkSize is how many bytes of items one block of a collection holds,
// unless an item is larger.
const chunkSize = 64 << 10

// collection holds the items of a --paginate walk, compacted, in blocks
// of about chunkSize bytes, each "[" and items separated by ",": the
// walk's memory is the items' bytes and one block's spare room, never a
// buffer that doubles, nor a second copy of every item to print them.
type collection struct {
	limit  int64 // the most bytes of items and commas, "[" and "]" included
	size   int64 // "[", the items and commas so far, and "]"
	chunks [][]byte
}

func newCollection(limit int64) *collection { return &collection{limit: limit, size: 2} }

// add appends an item, compacted, or reports false when it would pass
// the limit.
func (c *collection) add(item []byte) bool {
	sep := int64(0)
	if c.size > 2 {
		sep = 1
	}
	// Compacting never lengthens an item: this bounds it before it is done.
	if c.size+sep+int64(len(item)) > c.limit {
		var tmp bytes.Buffer
		if json.Compact(&tmp, item) != nil || c.size+sep+int64(tmp.Len()) > c.limit {
			return false
		}
		item = tmp.Bytes()
	}
	last := len(c.chunks) - 1
	if last < 0 || cap(c.chunks[last])-len(c.chunks[last]) < len(item)+2 {
		// A new block with room for "[", the item and the "]" written
		// when it is printed; no more than the limit leaves.
		n := max(len(item)+2, int(min(chunkSize, c.limit-c.size+2)))
		c.chunks = append(c.chunks, append(make([]byte, 0, n), '['))
		last++
	} else {
		c.chunks[last] = append(c.chunks[last], ',')
	}
	b := bytes.NewBuffer(c.chunks[last])
	before := b.Len()
	if err := json.Compact(b, item); err != nil {
		// Not JSON: paginate.Decode gave it, so it is; keep it as it is.
		b.Truncate(before)
		b.Write(item)
	}
	c.size += sep + int64(b.Len()-before)
	c.chunks[last] = b.Bytes()
	return true
}

// writeTo prints the items as one JSON array and a newline: compact, or
// indented by two spaces as json.Indent writes it, one block at a time.
func (c *collection) writeTo(w io.Writer, compact bool) error {
	bw := bufio.NewWriterSize(w, 64<<10)
	switch {
	case len(c.chunks) == 0:
		_, _ = bw.WriteString("[]")
	case compact:
		for i, ch := range c.chunks {
			if i > 0 {
				ch[0] = ',' // the "[" of every block but the first
			}
			_, _ = bw.Write(ch)
			ch[0] = '['
		}
		_ = bw.WriteByte(']')
	default:
		// Each block is indented as an array, "[\n  a,\n  b\n]", and its
		// items are printed between the first's "[\n" and the last's
		// "\n]".
		var buf bytes.Buffer
		_, _ = bw.WriteString("[\n")
		for i, ch := range c.chunks {
			buf.Reset()
			if err := json.Indent(&buf, append(ch, ']'), "", "  "); err != nil {
				return err
			}
			if i > 0 {
				_, _ = bw.WriteString(",\n")
			}
			out := buf.Bytes()
			_, _ = bw.Write(out[2 : len(out)-2])
		}
		_, _ = bw.WriteString("\n]")
	}
	_ = bw.WriteByte('\n')
	return bw.Flush()
}
