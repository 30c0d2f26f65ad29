// Package fserr words a file error for a message that names the file
// itself. An *fs.PathError's text repeats its path ("open spec.json: no
// such file or directory"), so a message that names the file and then
// gives the cause named it twice. One rule, for every package that reads
// a file a caller names: the cause is said without the path, and kept
// to unwrap, so that errors.Is(err, fs.ErrNotExist) and
// errors.As(err, **fs.PathError) hold as before.
package fserr

import (
	"errors"
	"fmt"
	"io/fs"
	"strings"
)

// Text returns err's text with the path of the *fs.PathError it holds
// left out when that path is path ("open: no such file or directory"),
// as the caller names path itself. A PathError about another file (one
// a description refers to, a directory below the one named) keeps its
// path: that is the only place the message names it. (The text is
// fmt's, which recovers an Error method's panic: a PathError with a nil
// Err panics in its own.)
func Text(err error, path string) string {
	var pe *fs.PathError
	if !errors.As(err, &pe) || pe.Path != path || pe.Err == nil {
		return fmt.Sprint(err)
	}
	return strings.Replace(fmt.Sprint(err), pe.Error(), pe.Op+": "+fmt.Sprint(pe.Err), 1)
}

// Wrap returns an error whose text is msg, ": " and Text(err, path), and
// which unwraps to err. msg names path: "--data @spec.json".
func Wrap(msg, path string, err error) error {
	return &wrapped{msg: msg + ": " + Text(err, path), err: err}
}

type wrapped struct {
	msg string
	err error
}

func (w *wrapped) Error() string { return w.msg }
func (w *wrapped) Unwrap() error { return w.err }
