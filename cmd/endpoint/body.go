package main

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/endpointkit/endpoint/internal/fserr"
)

// MaxBody is the most the command reads from one file or from standard
// input (--data @file, --data @-, name=@file, name:=@file, --defaults,
// --spec): 100 MiB,
// the size GitHub accepts for most uploads. Past it the command fails
// instead of reading on; /dev/zero would otherwise fill the memory.
const MaxBody = 100 << 20

// maxBody is MaxBody; specs lower it.
var maxBody int64 = MaxBody

// errTooLarge: a file or standard input holds more than maxBody bytes.
var errTooLarge = errors.New("larger than the body limit")

// tooLarge is the error for a source past the limit.
func tooLarge(limit int64) error {
	return fmt.Errorf("%w of %s", errTooLarge, size(limit))
}

// size writes a byte count the way the limit is documented.
func size(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

// readLimited reads r to its end, or fails once it has read more than
// limit bytes: it never reads more than limit+1.
func readLimited(r io.Reader, limit int64) ([]byte, error) {
	b, err := io.ReadAll(io.LimitReader(r, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(b)) > limit {
		return nil, tooLarge(limit)
	}
	return b, nil
}

// readFile reads a whole file, at most limit bytes of it. A regular
// file is sized first, so that a large one fails before it is read;
// anything else (a pipe, a device such as /dev/zero) is read up to the
// limit.
func readFile(name string, limit int64) ([]byte, error) {
	f, err := openLimited(name, limit)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readLimited(f, limit)
}

// openLimited opens a file, and fails when it is a regular file larger
// than limit. Its errors are os.Open's and Stat's, which name the file,
// or a size error, which does not: a caller names the file itself and
// says the cause with fileError, which leaves a PathError's path out.
func openLimited(name string, limit int64) (*os.File, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	if fi.Mode().IsRegular() && fi.Size() > limit {
		f.Close()
		return nil, fmt.Errorf("%s, %w", size(fi.Size()), tooLarge(limit))
	}
	return f, nil
}

// fileError returns an error reading msg, ": " and fserr.Text(err, path)
// that unwraps to err; msg names path ("--data @spec.json").
func fileError(msg, path string, err error) error {
	return &namedFileError{msg: msg + ": " + fserr.Text(err, path), err: err}
}

type namedFileError struct {
	msg string
	err error
}

func (e *namedFileError) Error() string { return e.msg }
func (e *namedFileError) Unwrap() error { return e.err }

// openBody opens --data @file for sending: a regular file with a size
// is returned open, for the engine to size (by seeking) and stream
// without reading it into memory; anything else, /proc's files of size 0
// included, is read up to the limit. The caller closes a returned file.
func openBody(name string, limit int64) (any, error) {
	f, err := openLimited(name, limit)
	if err != nil {
		return nil, err
	}
	if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() && fi.Size() > 0 {
		return f, nil
	}
	defer f.Close()
	return readLimited(f, limit)
}
