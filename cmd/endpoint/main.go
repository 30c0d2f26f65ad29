// Command endpoint turns a REST route and parameters into request
// options — method, URL, headers, body — the way @octokit/endpoint
// would, checks them against GitHub's API description, and prints them
// as JSON, or sends them with --send.
//
//	go install github.com/endpointkit/endpoint/cmd/endpoint@latest
//	endpoint 'GET /repos/{owner}/{repo}/issues' owner=octokit repo=rest.js state=open labels:='["bug","ui"]'
//	endpoint --send --paginate repos/list-for-org org=octokit
//	endpoint routes issues
//
// Items follow HTTPie: name=value is a string parameter, name==value a
// query parameter, name:=json a typed one, name=@file and name:=@file
// read them from a file, Header:value is a header. Run "endpoint --help"
// for the flags.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"time"

	"github.com/endpointkit/endpoint"
	"github.com/endpointkit/endpoint/builder"
)

// Exit statuses.
const (
	exitOK    = 0
	exitError = 1 // the options could not be built or checked, a file not read, a request failed or answered >= 400
	exitUsage = 2 // the command line is wrong
)

func main() {
	// Ctrl-C cancels a request in flight instead of killing the process
	// halfway through writing its output.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	code := run(ctx, os.Args[1:], os.LookupEnv, os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// config holds the flags.
type config struct {
	baseURL  string
	previews listFlag
	format   string
	data     string
	defaults listFlag
	spec     string
	noCheck  bool
	merge    bool
	curl     bool
	compact  bool
	redact   bool
	send     bool
	paginate bool
	maxPages int
	timeout  time.Duration
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

// errHTTPStatus: the server answered with a status of 400 or more. The
// status line is on standard error already, so it prints nothing more.
var errHTTPStatus = errors.New("error status")

func newFlagSet(cfg *config) *flag.FlagSet {
	fs := flag.NewFlagSet("endpoint", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.StringVar(&cfg.baseURL, "base-url", "", "join relative URLs to `URL` instead of https://api.github.com")
	fs.Var(&cfg.previews, "preview", "add the API preview `NAME` to accept (repeatable; \"-preview\" is optional)")
	fs.StringVar(&cfg.format, "format", "", "set the media type format `F`, such as raw, html, diff or patch")
	fs.StringVar(&cfg.data, "data", "", "set the whole body to the `JSON` value, or to the raw bytes of @file (@- for standard input)")
	fs.Var(&cfg.defaults, "defaults", "layer the JSON options in `FILE` (octokit shape) over the defaults (repeatable, in order)")
	fs.StringVar(&cfg.spec, "spec", "", "check calls against the OpenAPI 3.0/3.1 description in `FILE` (JSON or YAML) instead of GitHub's")
	fs.BoolVar(&cfg.noCheck, "no-check", false, "do not check the call against GitHub's API description")
	fs.BoolVar(&cfg.merge, "merge", false, "print the merged options instead of the request options")
	fs.BoolVar(&cfg.curl, "curl", false, "print a curl command instead of JSON (it shows the credentials you gave)")
	fs.BoolVar(&cfg.compact, "compact", false, "print JSON on one line")
	fs.BoolVar(&cfg.redact, "redact", false, "mask credentials (authorization, cookie, access_token, …) in the output")
	fs.BoolVar(&cfg.send, "send", false, "send the request: the response body to standard output, the status line to standard error")
	fs.BoolVar(&cfg.paginate, "paginate", false, "with --send, follow the next links and print every item as one JSON array")
	fs.IntVar(&cfg.maxPages, "max-pages", 0, "with --paginate, stop after `N` pages (default: all)")
	fs.DurationVar(&cfg.timeout, "timeout", 0, "with --send, give up after `DURATION` (such as 30s; default none)")
	fs.BoolVar(&cfg.version, "version", false, "print the version and exit")
	return fs
}

// command is one run: its flags and its environment.
type command struct {
	cfg    *config
	fs     *flag.FlagSet
	getenv func(string) (string, bool)
	stdin  io.Reader
	stdout io.Writer
	stderr io.Writer
}

// run is the whole command; it returns the exit status. getenv looks up
// environment variables (os.LookupEnv in main), so that specs never touch
// the real environment.
func run(ctx context.Context, args []string, getenv func(string) (string, bool), stdin io.Reader, stdout, stderr io.Writer) int {
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
		c := &command{cfg: &cfg, fs: fs, getenv: getenv, stdin: stdin, stdout: stdout, stderr: stderr}
		if err = c.execute(ctx, pos); err == nil {
			return exitOK
		}
	}
	if errors.Is(err, errHTTPStatus) {
		return exitError
	}
	var ue usageError
	if errors.As(err, &ue) {
		_, _ = fmt.Fprintf(stderr, "endpoint: %v\n%s\nRun 'endpoint --help' for examples.\n", err, usageLine)
		return exitUsage
	}
	// fmt masks credentials in endpoint errors; RedactURL catches a URL
	// that another package's error quotes.
	msg := builder.RedactURL(fmt.Sprint(err))
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
			msg := strings.NewReplacer(": -", ": --", "for -", "for --", "flag -", "flag --").Replace(err.Error())
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

// execute does what the arguments ask for.
func (c *command) execute(ctx context.Context, pos []string) error {
	if len(pos) > 0 && pos[0] == "routes" {
		return c.routes(pos[1:])
	}
	if err := c.checkFlags(); err != nil {
		return err
	}
	if c.cfg.send {
		return c.send(ctx, pos)
	}
	out, err := c.print(pos)
	if err != nil {
		return err
	}
	_, err = c.stdout.Write(out)
	return err
}

// isSet reports whether the command line gave the flag name.
func (c *command) isSet(name string) bool {
	set := false
	c.fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

// checkFlags refuses flags that contradict each other.
func (c *command) checkFlags() error {
	cfg := c.cfg
	if err := checkModes(cfg); err != nil {
		return err
	}
	if err := checkLimits(cfg); err != nil {
		return err
	}
	switch {
	case cfg.spec != "" && cfg.noCheck:
		return usagef("--spec and --no-check cannot be used together")
	case cfg.data == "" && c.isSet("data"):
		// Not JSON, and no body: taking it for "no --data" would send
		// the parameters as the body instead, unasked.
		return usagef(`--data "": want a JSON value ('""' for an empty string) or @file`)
	}
	return checkBaseURL(cfg.baseURL)
}

// checkModes refuses two output modes at once (--merge, --curl, --send)
// and --paginate without --send.
func checkModes(cfg *config) error {
	switch {
	case cfg.merge && cfg.curl:
		return usagef("--merge and --curl cannot be used together")
	case cfg.send && cfg.merge:
		return usagef("--send and --merge cannot be used together")
	case cfg.send && cfg.curl:
		return usagef("--send and --curl cannot be used together")
	case cfg.paginate && !cfg.send:
		return usagef("--paginate needs --send")
	}
	return nil
}

// checkLimits refuses --max-pages and --timeout out of range or without
// the flag they apply to.
func checkLimits(cfg *config) error {
	switch {
	case cfg.maxPages != 0 && !cfg.paginate:
		return usagef("--max-pages needs --paginate")
	case cfg.maxPages < 0:
		return usagef("--max-pages %d: want a positive number", cfg.maxPages)
	case cfg.timeout != 0 && !cfg.send:
		return usagef("--timeout needs --send")
	case cfg.timeout < 0:
		return usagef("--timeout %v: want a positive duration", cfg.timeout)
	}
	return nil
}

// checkBaseURL refuses a --base-url without a scheme, the likely mistake
// of typing a host name ("api.github.com"), which the engine would take
// for neither a URL nor a path.
func checkBaseURL(u string) error {
	if u == "" || strings.HasPrefix(u, "/") {
		return nil
	}
	scheme, _, ok := strings.Cut(u, "://")
	if ok && (strings.EqualFold(scheme, "http") || strings.EqualFold(scheme, "https")) {
		return nil
	}
	if ok || strings.ContainsAny(u, "@ \t\r\n") {
		// Another scheme, or something that may hold credentials or
		// control characters: not echoed.
		return usagef("--base-url: want an http:// or https:// URL, such as https://api.github.com")
	}
	return usagef("--base-url %q has no scheme: want an http:// or https:// URL, such as %q", u, "https://"+u)
}
