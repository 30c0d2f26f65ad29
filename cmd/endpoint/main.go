// Command endpoint prints the request options that a REST route and
// parameters produce — method, URL, headers, body — as JSON, the way
// @octokit/endpoint would. It sends nothing.
//
//	go install github.com/endpointkit/endpoint/cmd/endpoint@latest
//	endpoint 'GET /repos/{owner}/{repo}/issues' owner=octokit repo=rest.js state=open labels:='["bug","ui"]'
//
// Items follow HTTPie: name=value is a string parameter, name:=json a typed
// one, Header:value a header. Run "endpoint --help" for the flags.
package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/endpointkit/endpoint"
	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/headers"
)

// Exit statuses.
const (
	exitOK    = 0
	exitError = 1 // the options could not be built, or a file not read
	exitUsage = 2 // the command line is wrong
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// config holds the flags.
type config struct {
	baseURL  string
	previews listFlag
	format   string
	data     string
	defaults listFlag
	merge    bool
	curl     bool
	compact  bool
	redact   bool
	version  bool
}

// listFlag is a repeatable string flag.
type listFlag []string

func (l *listFlag) String() string     { return strings.Join(*l, ",") }
func (l *listFlag) Set(v string) error { *l = append(*l, v); return nil }

// usageError is a mistake on the command line: exit status 2.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error {
	return usageError{fmt.Sprintf(format, args...)}
}

func newFlagSet(cfg *config) *flag.FlagSet {
	fs := flag.NewFlagSet("endpoint", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.StringVar(&cfg.baseURL, "base-url", "", "join relative URLs to `URL` instead of https://api.github.com")
	fs.Var(&cfg.previews, "preview", "add the API preview `NAME` to accept (repeatable; \"-preview\" is optional)")
	fs.StringVar(&cfg.format, "format", "", "set the media type format `F`, such as raw, html, diff or patch")
	fs.StringVar(&cfg.data, "data", "", "set the whole body to the `JSON` value, or read JSON from @file (@- for standard input)")
	fs.Var(&cfg.defaults, "defaults", "layer the JSON options in `FILE` (octokit shape) over the defaults (repeatable, in order)")
	fs.BoolVar(&cfg.merge, "merge", false, "print the merged options instead of the request options")
	fs.BoolVar(&cfg.curl, "curl", false, "print a curl command instead of JSON (it shows real credentials)")
	fs.BoolVar(&cfg.compact, "compact", false, "print JSON on one line")
	fs.BoolVar(&cfg.redact, "redact", false, "mask credentials (authorization, cookie, access_token, …) in the output")
	fs.BoolVar(&cfg.version, "version", false, "print the version and exit")
	return fs
}

// run is the whole command; it returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	var cfg config
	fs := newFlagSet(&cfg)
	pos, err := parseArgs(fs, args)
	if errors.Is(err, flag.ErrHelp) {
		printHelp(stdout, fs)
		return exitOK
	}
	if err == nil && cfg.version {
		_, _ = fmt.Fprintln(stdout, "endpoint", endpoint.Version)
		return exitOK
	}
	if err == nil {
		var out []byte
		out, err = execute(&cfg, pos, stdin)
		if err == nil {
			_, _ = stdout.Write(out)
			return exitOK
		}
	}
	var ue usageError
	if errors.As(err, &ue) {
		_, _ = fmt.Fprintf(stderr, "endpoint: %v\n%s\nRun 'endpoint --help' for examples.\n", err, usageLine)
		return exitUsage
	}
	msg := fmt.Sprint(err) // fmt masks credentials in endpoint errors
	if !strings.HasPrefix(msg, "endpoint: ") {
		msg = "endpoint: " + msg
	}
	_, _ = fmt.Fprintln(stderr, msg)
	return exitError
}

// parseArgs parses flags anywhere on the command line: the flag package
// stops at the first argument that is not a flag, so parsing resumes after
// each one. After "--" everything is an argument.
func parseArgs(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, err
			}
			// The flag package names flags with one dash; the help uses two.
			msg := strings.NewReplacer(": -", ": --", "for -", "for --").Replace(err.Error())
			return nil, usageError{msg}
		}
		rest := fs.Args()
		if consumed := len(args) - len(rest); consumed > 0 && args[consumed-1] == "--" {
			return append(pos, rest...), nil
		}
		if len(rest) == 0 {
			return pos, nil
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

// execute builds what cfg and the arguments ask for and returns the output.
func execute(cfg *config, pos []string, stdin io.Reader) ([]byte, error) {
	if cfg.merge && cfg.curl {
		return nil, usagef("--merge and --curl cannot be used together")
	}
	route, itemArgs, err := splitRoute(pos)
	if err != nil {
		return nil, err
	}
	items := make([]item, 0, len(itemArgs))
	for _, a := range itemArgs {
		it, err := parseItem(a)
		if err != nil {
			return nil, usageError{err.Error()}
		}
		items = append(items, it)
	}
	var data any
	if cfg.data != "" {
		if data, err = readData(cfg.data, stdin); err != nil {
			return nil, err
		}
	}
	e, err := loadDefaults(cfg.defaults)
	if err != nil {
		return nil, err
	}

	b := e.Route(route)
	if cfg.baseURL != "" {
		b.BaseURL(cfg.baseURL)
	}
	if len(cfg.previews) > 0 {
		b.Preview(cfg.previews...)
	}
	if cfg.format != "" {
		b.Format(cfg.format)
	}
	for _, it := range items {
		switch it.Kind {
		case itemParam:
			b.Param(it.Name, it.Value)
		case itemJSON:
			b.Param(it.Name, it.JSON)
		case itemHeader:
			// Lower-cased here so that the later of "Accept:" and
			// "accept:" wins, as it does for parameters; checked first
			// so that an error names the header as it was typed.
			if err := headers.ValidateName(it.Name); err != nil {
				return nil, err
			}
			b.Header(headers.Name(it.Name), it.Value)
		}
	}
	if data != nil {
		b.Data(data)
	}

	var out []byte
	switch {
	case cfg.merge:
		o, err := b.Merge()
		if err != nil {
			return nil, err
		}
		if cfg.redact {
			o = o.Redacted()
		}
		if out, err = o.MarshalJSON(); err != nil {
			return nil, err
		}
	default:
		ro, err := b.Build()
		if err != nil {
			return nil, err
		}
		if cfg.redact {
			ro = ro.Redacted()
		}
		if cfg.curl {
			return []byte(ro.Curl() + "\n"), nil
		}
		if out, err = ro.MarshalJSON(); err != nil {
			return nil, err
		}
	}
	if !cfg.compact {
		var buf bytes.Buffer
		if err := json.Indent(&buf, out, "", "  "); err != nil {
			return nil, err
		}
		out = buf.Bytes()
	}
	return append(out, '\n'), nil
}

// splitRoute takes the route off the arguments: "METHOD /path" as one
// argument, or METHOD and a URL as two.
func splitRoute(pos []string) (string, []string, error) {
	if len(pos) == 0 {
		return "", nil, usagef("missing ROUTE")
	}
	if len(pos) >= 2 && isMethod(pos[0]) && looksLikeURL(pos[1]) {
		return pos[0] + " " + pos[1], pos[2:], nil
	}
	if pos[0] == "" {
		return "", nil, usagef("empty ROUTE")
	}
	return pos[0], pos[1:], nil
}

func isMethod(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z') {
			return false
		}
	}
	return true
}

func looksLikeURL(s string) bool {
	return strings.HasPrefix(s, "/") || strings.HasPrefix(s, "{") ||
		strings.HasPrefix(s, "http://") || strings.HasPrefix(s, "https://")
}

// readData reads --data: JSON text, or @file, or @- for standard input.
func readData(arg string, stdin io.Reader) (any, error) {
	text, source := arg, "--data"
	if name, ok := strings.CutPrefix(arg, "@"); ok {
		var raw []byte
		var err error
		if name == "-" {
			raw, err = io.ReadAll(stdin)
		} else {
			raw, err = os.ReadFile(name)
		}
		if err != nil {
			return nil, fmt.Errorf("--data %s: %w", arg, err)
		}
		text, source = string(raw), "--data "+arg
		v, err := decodeJSON(text)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", source, err)
		}
		return v, nil
	}
	v, err := decodeJSON(text)
	if err != nil {
		return nil, usagef("%s: %v", source, err)
	}
	return v, nil
}

// loadDefaults layers each --defaults file over the package defaults.
func loadDefaults(files []string) (*builder.Endpoint, error) {
	opts := make([]builder.Option, 0, len(files))
	for _, name := range files {
		raw, err := os.ReadFile(name)
		if err != nil {
			return nil, fmt.Errorf("--defaults: %w", err)
		}
		var o builder.Options
		if err := o.UnmarshalJSON(raw); err != nil {
			return nil, fmt.Errorf("--defaults %s: %w", name, err)
		}
		opts = append(opts, endpoint.WithOptions(o))
	}
	return endpoint.Defaults(opts...), nil
}
