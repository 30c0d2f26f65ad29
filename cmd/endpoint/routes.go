package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/endpointkit/endpoint/catalog"
	"github.com/endpointkit/endpoint/catalog/github"
)

// routes lists the catalogue's operations, one per line: method, path
// and operation ID in aligned columns, in the description's order. A
// FILTER keeps the operations of which one of the three contains it,
// ignoring case.
func (c *command) routes(args []string) error {
	filter, err := c.routesFilter(args)
	if err != nil {
		return err
	}
	var cat *catalog.Catalog
	if c.cfg.spec != "" {
		if cat, err = loadSpec(c.cfg.spec); err != nil {
			return err
		}
	} else {
		cat = github.Catalog()
	}

	var buf bytes.Buffer
	tw := tabwriter.NewWriter(&buf, 0, 8, 2, ' ', 0)
	n := writeRoutes(tw, cat.Operations(), filter)
	switch {
	case n == 0 && filter == "":
		return fmt.Errorf("routes: the description has no operations")
	case n == 0:
		return fmt.Errorf("routes: no operation matches %q", args[0])
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	_, err = c.stdout.Write(buf.Bytes())
	return err
}

// routesFilter checks the flags and arguments of routes and returns its
// FILTER in lower case, "" for none.
func (c *command) routesFilter(args []string) (string, error) {
	var other []string
	c.fs.Visit(func(f *flag.Flag) {
		if f.Name != "spec" {
			other = append(other, "--"+f.Name)
		}
	})
	if len(other) > 0 {
		return "", usagef("routes takes no flag but --spec (got %s)", strings.Join(other, ", "))
	}
	if len(args) > 1 {
		return "", usagef("routes takes at most one FILTER (got %d arguments)", len(args))
	}
	if len(args) == 1 {
		return strings.ToLower(args[0]), nil
	}
	return "", nil
}

// writeRoutes writes a line to w for each operation that filter keeps
// and returns how many it wrote.
func writeRoutes(w io.Writer, ops []*catalog.Operation, filter string) int {
	n := 0
	for _, op := range ops {
		id := op.ID
		if id == "" {
			id = "-"
		}
		if filter != "" && !containsFold(op.Method, filter) && !containsFold(op.Path, filter) && !containsFold(op.ID, filter) {
			continue
		}
		_, _ = fmt.Fprintf(w, "%s\t%s\t%s\n", op.Method, op.Path, id)
		n++
	}
	return n
}

// containsFold reports whether s contains lower, a lower-case string,
// without regard to case.
func containsFold(s, lower string) bool {
	return strings.Contains(strings.ToLower(s), lower)
}
