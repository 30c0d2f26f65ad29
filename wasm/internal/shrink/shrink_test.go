package main

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

// module is a WebAssembly module with a data section of the given
// segments (offset, bytes) and nothing else.
func module(segs ...any) []byte {
	payload := binary.AppendUvarint(nil, uint64(len(segs)/2))
	for i := 0; i < len(segs); i += 2 {
		off, d := segs[i].(int), []byte(segs[i+1].(string))
		payload = append(payload, 0, 0x41)
		payload = appendSleb(payload, int64(off))
		payload = append(payload, 0x0b)
		payload = binary.AppendUvarint(payload, uint64(len(d)))
		payload = append(payload, d...)
	}
	out := []byte("\x00asm\x01\x00\x00\x00")
	out = append(out, sectionData)
	out = binary.AppendUvarint(out, uint64(len(payload)))
	return append(out, payload...)
}

// image is the memory a module's data section puts in place.
func image(m []byte) []byte {
	secs, err := sections(m)
	Expect(err).NotTo(HaveOccurred())
	for _, s := range secs {
		if s.id == sectionData {
			mem, err := memoryImage(s.payload)
			Expect(err).NotTo(HaveOccurred())
			return mem
		}
	}
	Fail("no data section")
	return nil
}

func gzipSize(b []byte) int {
	var buf bytes.Buffer
	w, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	_, _ = w.Write(b)
	_ = w.Close()
	return buf.Len()
}

var _ = Describe("data segments", func() {
	It("put the same bytes in memory as the image they were written from, for any gap (200 random images)", func() {
		rng := rand.New(rand.NewPCG(1, 2))
		for i := range 200 {
			var mem []byte
			for range rng.IntN(40) {
				if rng.IntN(2) == 0 {
					mem = append(mem, make([]byte, rng.IntN(3000))...)
				} else {
					for range 1 + rng.IntN(30) {
						mem = append(mem, byte(1+rng.IntN(255)))
					}
				}
			}
			for _, gap := range []int{1, 8, 512} {
				got, err := memoryImage(dataSection(mem, gap))
				Expect(err).NotTo(HaveOccurred())
				Expect(got).To(Equal(bytes.TrimRight(mem, "\x00")), "image %d, gap %d", i, gap)
			}
		}
	})

	It("are merged across runs of zeros shorter than the gap, and split at longer ones", func() {
		in := module(0, "ab", 10, "cd", 2000, "ef")
		out, kept, err := shrink(in, false, 512)
		Expect(err).NotTo(HaveOccurred())
		Expect(kept).NotTo(HaveOccurred())
		Expect(image(out)).To(Equal(image(in)))
		secs, _ := sections(out)
		Expect(secs[0].payload[0]).To(Equal(byte(2)), "two segments: [0,12) and [2000,2002)")
	})

	It("refuse what they cannot rewrite without changing the memory", func() {
		_, _, err := shrink([]byte("not wasm"), false, 512)
		Expect(err).To(MatchError(ContainSubstring("not a WebAssembly")))
		_, _, err = shrink(module(0, "abcd", 2, "xy"), false, 512)
		Expect(err).To(MatchError(ContainSubstring("overlap")))
		_, _, err = shrink(module(-4, "ab"), false, 512)
		Expect(err).To(MatchError(ContainSubstring("out of range")))
		cut := module(0, "abcd")
		_, _, err = shrink(cut[:len(cut)-1], false, 512)
		Expect(err).To(HaveOccurred())
	})
})

var _ = Describe("line tables", func() {
	It("are kept, with the reason, where no runtime symbol table is found; the segments are still merged", func() {
		in := module(0, "ab", 10, "cd")
		out, kept, err := shrink(in, true, 512)
		Expect(err).NotTo(HaveOccurred())
		Expect(kept).To(MatchError(ContainSubstring("found 0 symbol tables")))
		Expect(image(out)).To(Equal(image(in)))
	})

	It("are dropped only for the Go versions whose layout was checked", func() {
		for v, ok := range map[string]bool{
			"go1.20": true, "go1.26.8": true, "go1.26rc1": false, "go1.19.3": false,
			"go1.27.0": false, "devel go1.27-abc": false, "go2.0": false,
		} {
			Expect(checkGoVersion(v) == nil).To(Equal(ok), v)
		}
	})

	// A Go program for js/wasm, shrunk, runs as before: deep stacks, the
	// collector, a recovered panic, runtime.Caller; its fatal stack trace
	// names the functions, with "?:0" for files and lines.
	It("leave a Go program that runs as before, smaller", func() {
		if testing.Short() {
			Skip("builds a wasm program")
		}
		node, err := exec.LookPath("node")
		if err != nil {
			Skip("node not found")
		}
		goroot := strings.TrimSpace(run("", nil, "go", "env", "GOROOT"))
		execNode := filepath.Join(goroot, "lib", "wasm", "wasm_exec_node.js")
		if _, err := os.Stat(execNode); err != nil {
			Skip("wasm_exec_node.js not found")
		}
		dir := GinkgoT().TempDir()
		write(filepath.Join(dir, "go.mod"), "module prog\n\ngo 1.24\n")
		write(filepath.Join(dir, "main.go"), program)
		wasm := filepath.Join(dir, "prog.wasm")
		env := append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0")
		run(dir, env, "go", "build", "-trimpath", "-ldflags=-s -w", "-o", wasm, ".")

		outputs := map[bool]string{}
		for _, shrunk := range []bool{false, true} {
			if shrunk {
				b, err := os.ReadFile(wasm)
				Expect(err).NotTo(HaveOccurred())
				out, kept, err := shrink(b, true, 512)
				Expect(err).NotTo(HaveOccurred())
				Expect(kept).NotTo(HaveOccurred())
				Expect(gzipSize(out)).To(BeNumerically("<", gzipSize(b)*9/10))
				expectNoLineTables(out)
				// go build leaves a shrunk file whose build ID is current
				// in place, and build.sh shrinks it again.
				again, _, err := shrink(out, true, 512)
				Expect(err).NotTo(HaveOccurred())
				Expect(again).To(Equal(out), "shrinking twice is shrinking once")
				write(wasm, string(out))
			}
			cmd := exec.Command(node, execNode, wasm)
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			Expect(cmd.Run()).To(HaveOccurred(), "the program panics at its end")
			outputs[shrunk] = stdout.String()
			trace := stderr.String()
			Expect(trace).To(And(ContainSubstring("panic: boom"), ContainSubstring("main.main()")), "shrunk: %v", shrunk)
			Expect(strings.Contains(trace, "?:0")).To(Equal(shrunk), trace)
		}
		Expect(outputs[true]).To(Equal(outputs[false]))
		Expect(outputs[true]).To(ContainSubstring("main.deep true true true"))
		Expect(outputs[true]).To(ContainSubstring("recovered: reflect: call of reflect.Value.Type on zero Value"))
	})
})

const program = `package main

import (
	"fmt"
	"reflect"
	"runtime"
	"sort"
	"strings"
)

//go:noinline
func deep(n int) string {
	if n == 0 {
		pc, file, line, ok := runtime.Caller(1)
		return fmt.Sprint(runtime.FuncForPC(pc).Name(), " ", file != "", " ", line >= 0, " ", ok)
	}
	return deep(n - 1)
}

func main() {
	var ss []string
	for i := range 100000 {
		ss = append(ss, strings.Repeat("x", i%7)+fmt.Sprint(i))
	}
	sort.Strings(ss)
	runtime.GC()
	fmt.Println(len(ss), ss[0], deep(2000))
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		reflect.Value{}.Type()
	}()
	panic("boom")
}
`

func expectNoLineTables(module []byte) {
	mem := image(module)
	tab, err := findTables(mem)
	Expect(err).NotTo(HaveOccurred())
	pclntab, ftab := tab.pclntab.bytes(mem), tab.ftab.bytes(mem)
	for i := range tab.nfunc {
		f := pclntab[binary.LittleEndian.Uint32(ftab[8*i+4:]):]
		Expect(binary.LittleEndian.Uint32(f[funcPcfile:])).To(BeZero(), "function %d keeps its pc → file table", i)
		Expect(binary.LittleEndian.Uint32(f[funcPcln:])).To(BeZero(), "function %d keeps its pc → line table", i)
	}
	Expect(tab.filetab.bytes(mem)).NotTo(BeEmpty())
	Expect(bytes.ContainsFunc(tab.filetab.bytes(mem), func(r rune) bool { return r != 0 })).To(BeFalse(), "file names kept")
}

func run(dir string, env []string, name string, args ...string) string {
	cmd := exec.Command(name, args...)
	cmd.Dir, cmd.Env = dir, env
	out, err := cmd.CombinedOutput()
	Expect(err).NotTo(HaveOccurred(), "%s %s\n%s", name, strings.Join(args, " "), out)
	return string(out)
}

func write(name, s string) {
	Expect(os.WriteFile(name, []byte(s), 0o644)).To(Succeed())
}
