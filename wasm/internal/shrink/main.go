// Command shrink rewrites endpoint.wasm, as the Go linker leaves it, into
// a file that gzips about 16% smaller and runs the same code on the same
// memory image. build.sh runs it after go build:
//
//	go run ./internal/shrink [-lines=false] [-gap n] endpoint.wasm
//
// It changes only the data section, in two ways:
//
//   - Data segments. The linker starts a new data segment after every run
//     of 8 or more zero bytes (cmd/link/internal/wasm, writeDataSec). In
//     Go's function lookup table (runtime.findfunctab, 800 KB on wasm,
//     where a "PC" is a function index << 16) such runs are everywhere, and
//     the binary has some 44,000 segments whose headers, each with a
//     different offset, make up a sixth of the data section after gzip.
//     shrink writes one segment per stretch of memory between runs of -gap
//     or more zero bytes. The memory a module starts with is the same: what
//     it no longer skips is zeros, over memory that is zero to begin with.
//
//   - Line tables (-lines, on by default). For every function the Go
//     runtime keeps pc → file and pc → line tables, read only to print a
//     stack trace or to answer runtime.Caller with a file and line
//     (runtime.funcline1; nothing in this module asks for those). shrink
//     sets the two offsets in each function's record to 0, which the
//     runtime reads as "no table" (runtime.pcvalue), and zeroes the tables
//     and the file name tables. A stack trace then shows function names and
//     "?:0" for file and line. The tables the runtime needs to run (stack
//     frame sizes, stack maps, unsafe points, inlining) are kept. The
//     records' layout is the runtime's own (runtime._func), checked for
//     Go 1.20 to 1.26 (the version that runs shrink is the one build.sh
//     built the wasm with), and every record is checked against the
//     function table. With another Go version, or when anything does not
//     match, shrink says so and keeps the line tables: the module is then
//     bigger (size.sh fails over its budget), never wrong.
package main

import (
	"bytes"
	"encoding/binary"
	"errors"
	"flag"
	"fmt"
	"os"
	"runtime"
	"sort"
	"strconv"
	"strings"
)

func main() {
	lines := flag.Bool("lines", true, "drop the runtime's pc → file and pc → line tables")
	gap := flag.Int("gap", 512, "start a new data segment after this many zero bytes")
	flag.Parse()
	if flag.NArg() != 1 || *gap < 1 {
		fmt.Fprintln(os.Stderr, "usage: shrink [-lines=false] [-gap n] file.wasm")
		os.Exit(2)
	}
	name := flag.Arg(0)
	in, err := os.ReadFile(name)
	if err == nil {
		var out []byte
		var kept error
		out, kept, err = shrink(in, *lines, *gap)
		if kept != nil {
			fmt.Fprintln(os.Stderr, "shrink: line tables kept:", kept)
		}
		if err == nil {
			err = os.WriteFile(name, out, 0o644)
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "shrink:", err)
		os.Exit(1)
	}
}

// shrink returns the module b with its data section rewritten. With
// lines, kept says why the line tables could not be dropped, if they
// could not.
func shrink(b []byte, lines bool, gap int) (out []byte, kept, err error) {
	secs, err := sections(b)
	if err != nil {
		return nil, nil, err
	}
	data := -1
	for i, s := range secs {
		switch s.id {
		case sectionData:
			if data >= 0 {
				return nil, nil, errors.New("two data sections")
			}
			data = i
		case sectionDataCount:
			// The linker writes none; a count would have to change too.
			return nil, nil, errors.New("unexpected data count section")
		}
	}
	if data < 0 {
		return nil, nil, errors.New("no data section")
	}
	mem, err := memoryImage(secs[data].payload)
	if err != nil {
		return nil, nil, err
	}
	if lines {
		if kept = checkGoVersion(runtime.Version()); kept == nil {
			// On a copy: a check that fails halfway leaves mem whole.
			dropped := bytes.Clone(mem)
			if kept = dropLineTables(dropped); kept == nil {
				mem = dropped
			}
		}
	}
	secs[data].payload = dataSection(mem, gap)

	out = append([]byte(nil), b[:8]...)
	for _, s := range secs {
		out = append(out, s.id)
		out = binary.AppendUvarint(out, uint64(len(s.payload)))
		out = append(out, s.payload...)
	}
	return out, kept, nil
}

const (
	sectionData      = 11
	sectionDataCount = 12
)

type section struct {
	id      byte
	payload []byte
}

// sections splits a module into its sections.
func sections(b []byte) ([]section, error) {
	if len(b) < 8 || !bytes.Equal(b[:8], []byte("\x00asm\x01\x00\x00\x00")) {
		return nil, errors.New("not a WebAssembly 1.0 module")
	}
	r := reader{b: b, pos: 8}
	var secs []section
	for r.pos < len(b) {
		id := r.byte()
		n := r.uleb()
		p := r.bytes(n)
		if r.err != nil {
			return nil, r.err
		}
		secs = append(secs, section{id, p})
	}
	return secs, nil
}

// maxMemory bounds the memory image a data section may describe.
const maxMemory = 1 << 28

// memoryImage returns the bytes the data section's segments put in memory,
// from address 0 to the end of the last segment.
func memoryImage(p []byte) ([]byte, error) {
	r := reader{b: p}
	n := r.uleb()
	type seg struct{ off, end int }
	var segs []seg
	var mem []byte
	for i := 0; i < n && r.err == nil; i++ {
		if kind := r.uleb(); kind != 0 { // active, memory 0
			return nil, fmt.Errorf("data segment %d: kind %d", i, kind)
		}
		if op := r.byte(); op != 0x41 { // i32.const
			return nil, fmt.Errorf("data segment %d: offset is not i32.const", i)
		}
		off := r.sleb()
		if op := r.byte(); op != 0x0b { // end
			return nil, fmt.Errorf("data segment %d: offset is not a constant", i)
		}
		d := r.bytes(r.uleb())
		if r.err != nil {
			break
		}
		if off < 0 || off+len(d) > maxMemory {
			return nil, fmt.Errorf("data segment %d: out of range", i)
		}
		if end := off + len(d); end > len(mem) {
			mem = append(mem, make([]byte, end-len(mem))...)
		}
		copy(mem[off:], d)
		segs = append(segs, seg{off, off + len(d)})
	}
	if r.err != nil {
		return nil, r.err
	}
	if r.pos != len(p) {
		return nil, errors.New("data section: trailing bytes")
	}
	// Overlapping segments would make the order they are applied in
	// matter; the linker writes none.
	sort.Slice(segs, func(i, j int) bool { return segs[i].off < segs[j].off })
	for i := 1; i < len(segs); i++ {
		if segs[i].off < segs[i-1].end {
			return nil, errors.New("data segments overlap")
		}
	}
	return mem, nil
}

// dataSection writes mem as active data segments, leaving out runs of at
// least gap zero bytes (and leading and trailing zeros), which linear
// memory holds to begin with.
func dataSection(mem []byte, gap int) []byte {
	type seg struct{ start, end int }
	var segs []seg
	i, n := 0, len(mem)
	for i < n && mem[i] == 0 {
		i++
	}
	for i < n {
		j := i
		var k int
		for {
			for j < n && mem[j] != 0 {
				j++
			}
			k = j
			for k < n && mem[k] == 0 {
				k++
			}
			if k-j >= gap || k == n {
				break
			}
			j = k
		}
		segs = append(segs, seg{i, j})
		i = k
	}
	out := binary.AppendUvarint(nil, uint64(len(segs)))
	for _, s := range segs {
		out = append(out, 0, 0x41) // active, memory 0; i32.const
		out = appendSleb(out, int64(s.start))
		out = append(out, 0x0b) // end
		out = binary.AppendUvarint(out, uint64(s.end-s.start))
		out = append(out, mem[s.start:s.end]...)
	}
	return out
}

// checkGoVersion accepts the Go versions whose symbol table layout
// dropLineTables knows.
func checkGoVersion(v string) error {
	minor, _, _ := strings.Cut(strings.TrimPrefix(v, "go1."), ".")
	if n, err := strconv.Atoi(minor); err != nil || !strings.HasPrefix(v, "go1.") || n < 20 || n > 26 {
		return fmt.Errorf("layout not checked for %s (see runtime._func in runtime/runtime2.go, then widen checkGoVersion)", v)
	}
	return nil
}

// The runtime's symbol tables (runtime/symtab.go, runtime/runtime2.go),
// for a 64-bit target with PC quantum 1, as on js/wasm.
const (
	pcHeaderMagic = 0xfffffff1 // abi.Go120PCLnTabMagic
	pcHeaderSize  = 8 + 8*8    // magic, pads, minLC, ptrSize, then 8 words

	// moduledata: pcHeader pointer, then the slices funcnametab, cutab,
	// filetab, pctab, pclntable and ftab, each pointer, length, capacity.
	mdFuncnametab = 8
	mdCutab       = mdFuncnametab + 24
	mdFiletab     = mdCutab + 24
	mdPctab       = mdFiletab + 24
	mdPclntable   = mdPctab + 24
	mdFtab        = mdPclntable + 24
	mdSize        = mdFtab + 24

	// _func: entryOff, nameOff, args, deferreturn, pcsp, pcfile, pcln,
	// npcdata, cuOffset, startLine (4 bytes each), funcID, flag, a pad
	// byte, nfuncdata; then pcdata [npcdata]uint32 and funcdata
	// [nfuncdata]uint32.
	funcEntryOff  = 0
	funcNameOff   = 4
	funcPcsp      = 16
	funcPcfile    = 20
	funcPcln      = 24
	funcNpcdata   = 28
	funcNfuncdata = 43
	funcSize      = 44
)

// tables locates the runtime's symbol tables in a memory image.
type tables struct {
	nfunc                                             int
	funcnametab, cutab, filetab, pctab, pclntab, ftab span
}

type span struct{ off, len int }

func (s span) bytes(mem []byte) []byte { return mem[s.off : s.off+s.len] }

// dropLineTables zeroes the pc → file and pc → line tables in mem, and the
// offsets to them, after checking the symbol tables' layout.
func dropLineTables(mem []byte) error {
	t, err := findTables(mem)
	if err != nil {
		return err
	}
	pclntab, ftab, pctab := t.pclntab.bytes(mem), t.ftab.bytes(mem), t.pctab.bytes(mem)
	le := binary.LittleEndian

	keep := map[uint32]bool{}
	drop := map[uint32]bool{}
	var records []int // offsets of _func records in pclntab
	prevEntry := uint32(0)
	for i := 0; i < t.nfunc; i++ {
		entry, foff := le.Uint32(ftab[8*i:]), int(le.Uint32(ftab[8*i+4:]))
		if entry < prevEntry {
			return fmt.Errorf("function %d: function table not sorted", i)
		}
		prevEntry = entry
		if foff+funcSize > len(pclntab) || foff%4 != 0 {
			return fmt.Errorf("function %d: record out of range", i)
		}
		f := pclntab[foff:]
		npcdata, nfuncdata := int(le.Uint32(f[funcNpcdata:])), int(f[funcNfuncdata])
		switch {
		case le.Uint32(f[funcEntryOff:]) != entry:
			return fmt.Errorf("function %d: record's entry does not match the function table", i)
		case int(le.Uint32(f[funcNameOff:])) >= t.funcnametab.len:
			return fmt.Errorf("function %d: name out of range", i)
		case npcdata > 16 || foff+funcSize+4*(npcdata+nfuncdata) > len(pclntab):
			return fmt.Errorf("function %d: pcdata out of range", i)
		}
		keep[le.Uint32(f[funcPcsp:])] = true
		for j := range npcdata {
			keep[le.Uint32(f[funcSize+4*j:])] = true
		}
		drop[le.Uint32(f[funcPcfile:])] = true
		drop[le.Uint32(f[funcPcln:])] = true
		records = append(records, foff)
	}
	delete(keep, 0)
	delete(drop, 0)

	// Every table must decode within pctab, and a dropped table must not
	// overlap a kept one (the linker shares identical tables; one shared
	// by a kept and a dropped offset is kept).
	type rng struct {
		start, end int
		keep       bool
	}
	var ranges []rng
	for off := range keep {
		n, err := tableLen(pctab, int(off))
		if err != nil {
			return err
		}
		ranges = append(ranges, rng{int(off), int(off) + n, true})
	}
	for off := range drop {
		if keep[off] {
			continue
		}
		n, err := tableLen(pctab, int(off))
		if err != nil {
			return err
		}
		ranges = append(ranges, rng{int(off), int(off) + n, false})
	}
	sort.Slice(ranges, func(i, j int) bool { return ranges[i].start < ranges[j].start })
	end := map[bool]int{} // the furthest end of a kept, and a dropped, table so far
	for _, r := range ranges {
		if r.start < end[!r.keep] {
			return errors.New("a line table overlaps a kept table")
		}
		end[r.keep] = max(end[r.keep], r.end)
	}

	for _, r := range ranges {
		if !r.keep {
			clear(pctab[r.start:r.end])
		}
	}
	for _, foff := range records {
		f := pclntab[foff:]
		le.PutUint32(f[funcPcfile:], 0)
		le.PutUint32(f[funcPcln:], 0)
	}
	// The file names are read only through the pc → file tables.
	clear(t.filetab.bytes(mem))
	clear(t.cutab.bytes(mem))
	return nil
}

// findTables finds the one pcHeader whose moduledata points back at it
// with tables where the header says they are.
func findTables(mem []byte) (tables, error) {
	le := binary.LittleEndian
	var found []tables
	for h := 0; h+pcHeaderSize <= len(mem); h += 8 {
		if le.Uint32(mem[h:]) != pcHeaderMagic || mem[h+4] != 0 || mem[h+5] != 0 || mem[h+6] != 1 || mem[h+7] != 8 {
			continue
		}
		w := func(i int) int { return int(le.Uint64(mem[h+8+8*i:])) }
		nfunc := w(0)
		// w(1) nfiles, w(2) textStart, then the tables' offsets from h.
		want := [5]int{h + w(3), h + w(4), h + w(5), h + w(6), h + w(7)}
		for md := 0; md+mdSize <= len(mem); md += 8 {
			if le.Uint64(mem[md:]) != uint64(h) {
				continue
			}
			sl := func(at, elem int) (span, bool) {
				p, n, c := le.Uint64(mem[md+at:]), le.Uint64(mem[md+at+8:]), le.Uint64(mem[md+at+16:])
				if n > c || p+n*uint64(elem) > uint64(len(mem)) {
					return span{}, false
				}
				return span{int(p), int(n) * elem}, true
			}
			var t tables
			var ok [6]bool
			t.funcnametab, ok[0] = sl(mdFuncnametab, 1)
			t.cutab, ok[1] = sl(mdCutab, 4)
			t.filetab, ok[2] = sl(mdFiletab, 1)
			t.pctab, ok[3] = sl(mdPctab, 1)
			t.pclntab, ok[4] = sl(mdPclntable, 1)
			t.ftab, ok[5] = sl(mdFtab, 8)
			t.nfunc = nfunc
			if ok != [6]bool{true, true, true, true, true, true} ||
				[5]int{t.funcnametab.off, t.cutab.off, t.filetab.off, t.pctab.off, t.pclntab.off} != want ||
				t.ftab.off != t.pclntab.off || t.ftab.len != 8*(nfunc+1) || nfunc <= 0 {
				continue
			}
			found = append(found, t)
		}
	}
	if len(found) != 1 {
		return tables{}, fmt.Errorf("found %d symbol tables, want 1", len(found))
	}
	return found[0], nil
}

// tableLen returns the length of the pc-value table at off in pctab: pairs
// of a zig-zag value delta and a pc delta, ended by a zero value delta
// after the first pair (runtime.step).
func tableLen(pctab []byte, off int) (int, error) {
	r := reader{b: pctab, pos: off}
	for first := true; ; first = false {
		if v := r.uleb(); v == 0 && !first {
			break
		}
		r.uleb()
		if r.err != nil {
			return 0, fmt.Errorf("pc table at %d: %w", off, r.err)
		}
	}
	if r.err != nil {
		return 0, fmt.Errorf("pc table at %d: %w", off, r.err)
	}
	return r.pos - off, nil
}

type reader struct {
	b   []byte
	pos int
	err error
}

var errShort = errors.New("unexpected end of data")

func (r *reader) byte() byte {
	if r.err != nil || r.pos >= len(r.b) {
		r.err = errShort
		return 0
	}
	r.pos++
	return r.b[r.pos-1]
}

func (r *reader) uleb() int {
	var v uint64
	for shift := 0; shift < 35; shift += 7 {
		c := r.byte()
		v |= uint64(c&0x7f) << shift
		if c < 0x80 {
			return int(v)
		}
	}
	if r.err == nil {
		r.err = errors.New("LEB128 number too long")
	}
	return 0
}

func (r *reader) sleb() int {
	var v int64
	shift := 0
	for ; shift < 35; shift += 7 {
		c := r.byte()
		v |= int64(c&0x7f) << shift
		if c < 0x80 {
			if shift+7 < 64 && c&0x40 != 0 {
				v |= -1 << (shift + 7)
			}
			return int(v)
		}
	}
	if r.err == nil {
		r.err = errors.New("LEB128 number too long")
	}
	return 0
}

func (r *reader) bytes(n int) []byte {
	if r.err != nil || n < 0 || n > len(r.b)-r.pos {
		r.err = errShort
		return nil
	}
	r.pos += n
	return r.b[r.pos-n : r.pos]
}

func appendSleb(b []byte, v int64) []byte {
	for {
		c := byte(v & 0x7f)
		v >>= 7
		if (v == 0 && c&0x40 == 0) || (v == -1 && c&0x40 != 0) {
			return append(b, c)
		}
		b = append(b, c|0x80)
	}
}
