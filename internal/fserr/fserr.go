// Package fserr words a file error for a message that names the file
// itself: an *fs.PathError repeats its path ("open spec.json: no such file
// or directory"), so the cause is said without it; the caller keeps the
// error to unwrap.
package fserr

import (
	"errors"
	"fmt"
	"io/fs"
	"strings"
)

// Text returns err's text without the path of the *fs.PathError it holds
// when that path is path ("open: no such file or directory"); a PathError
// about another file keeps its path, the only place a message names it.
// fmt makes the text, since it recovers the panic of a PathError whose Err
// is nil.
func Text(err error, path string) string {
	var pe *fs.PathError
	if !errors.As(err, &pe) || pe.Path != path || pe.Err == nil {
		return fmt.Sprint(err)
	}
	return strings.Replace(fmt.Sprint(err), pe.Error(), pe.Op+": "+fmt.Sprint(pe.Err), 1)
}
