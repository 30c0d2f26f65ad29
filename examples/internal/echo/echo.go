// Package echo is the local stand-in for the GitHub API that every example
// talks to: an httptest server on loopback that answers each request with
// a JSON description of what it received, so the examples run offline and
// show exactly what went over the wire.
package echo

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/headers"
)

// Seen is what the server received.
type Seen struct {
	Method     string              `json:"method"`
	RequestURI string              `json:"request_uri"` // raw, as on the request line
	Host       string              `json:"host"`
	Header     map[string][]string `json:"header"`
	Body       []byte              `json:"body"`
	Length     int64               `json:"content_length"` // -1: chunked
}

// NewServer starts the echo server; Close it when done.
func NewServer() *httptest.Server { return NewServerFunc(nil, Respond) }

// NewServerFunc starts a server that records every request in log (when
// it is not nil) and answers with respond: for examples whose client wants
// answers shaped like GitHub's rather than an echo.
func NewServerFunc(log *Log, respond func(w http.ResponseWriter, s Seen)) *httptest.Server {
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		seen, err := Capture(r)
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		if log != nil {
			log.add(seen)
		}
		respond(w, seen)
	}))
}

// Capture reads what a request carried, its body included.
func Capture(r *http.Request) (Seen, error) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		return Seen{}, err
	}
	return Seen{Method: r.Method, RequestURI: r.RequestURI, Host: r.Host, Header: r.Header, Body: body, Length: r.ContentLength}, nil
}

// Respond answers with s as JSON: the echo.
func Respond(w http.ResponseWriter, s Seen) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(s)
}

// Log is the list of requests a server saw, in order; safe for concurrent
// use.
type Log struct {
	mu   sync.Mutex
	seen []Seen
}

func (l *Log) add(s Seen) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.seen = append(l.seen, s)
}

// All returns a copy of the requests seen so far.
func (l *Log) All() []Seen {
	l.mu.Lock()
	defer l.mu.Unlock()
	return slices.Clone(l.seen)
}

// Len returns how many requests were seen so far.
func (l *Log) Len() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.seen)
}

// Decode reads the server's answer from an *http.Response body.
func Decode(status int, body []byte) (Seen, error) {
	if status != http.StatusOK {
		return Seen{}, fmt.Errorf("echo server answered %d: %s", status, body)
	}
	var s Seen
	if err := json.Unmarshal(body, &s); err != nil {
		return Seen{}, fmt.Errorf("echo server answer: %w", err)
	}
	return s, nil
}

// Read decodes an *http.Response from the echo server and closes its body.
func Read(resp *http.Response) (Seen, error) {
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return Seen{}, err
	}
	return Decode(resp.StatusCode, body)
}

// Print writes what the server saw, credentials masked: the request line,
// the headers sorted by name, and the body.
func (s Seen) Print(w io.Writer) {
	fmt.Fprintf(w, "  server saw: %s %s\n", s.Method, builder.RedactURL(s.RequestURI))
	names := make([]string, 0, len(s.Header))
	for name := range s.Header {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		value := strings.Join(s.Header[name], ", ")
		if headers.IsSensitive(name) {
			value = builder.RedactedValue
		}
		fmt.Fprintf(w, "    %s: %s\n", name, value)
	}
	if s.Length < 0 {
		fmt.Fprintf(w, "    (chunked body)\n")
	}
	if len(s.Body) > 0 {
		if printable(s.Body) {
			fmt.Fprintf(w, "    body: %s\n", s.Body)
		} else {
			fmt.Fprintf(w, "    body: %d bytes %q\n", len(s.Body), s.Body)
		}
	}
}

// Check reports an error unless the server saw method and requestURI.
func (s Seen) Check(method, requestURI string) error {
	if s.Method != method || s.RequestURI != requestURI {
		return fmt.Errorf("server saw %s %s, want %s %s", s.Method, s.RequestURI, method, requestURI)
	}
	return nil
}

// CheckHeader reports an error unless the server saw the header name with
// exactly the value want. The error never shows a credential.
func (s Seen) CheckHeader(name, want string) error {
	got := http.Header(s.Header).Values(name)
	if len(got) == 1 && got[0] == want {
		return nil
	}
	if headers.IsSensitive(name) {
		return fmt.Errorf("server saw %d %s header(s), not the one expected", len(got), name)
	}
	return fmt.Errorf("server saw %s: %q, want %q", name, got, want)
}

// Equal reports an error unless s and t are the same request: method,
// request URI, headers, body and length.
func (s Seen) Equal(t Seen) error {
	if s.Method != t.Method || s.RequestURI != t.RequestURI || s.Host != t.Host || !bytes.Equal(s.Body, t.Body) || s.Length != t.Length {
		return fmt.Errorf("requests differ: %s %s (%d bytes) vs %s %s (%d bytes)",
			s.Method, builder.RedactURL(s.RequestURI), len(s.Body), t.Method, builder.RedactURL(t.RequestURI), len(t.Body))
	}
	for _, h := range []map[string][]string{s.Header, t.Header} {
		for name := range h {
			if !slices.Equal(s.Header[name], t.Header[name]) {
				return fmt.Errorf("requests differ in header %s", name)
			}
		}
	}
	return nil
}

// printable reports whether body is text that prints as it is.
func printable(body []byte) bool {
	if !utf8.Valid(body) {
		return false
	}
	for _, r := range string(body) {
		if unicode.IsControl(r) && r != '\n' && r != '\t' {
			return false
		}
	}
	return true
}

// Send builds b into an *http.Request in one step
// ([builder.Builder.HTTPRequest]), sends it with net/http to the echo
// server, prints what the server saw and checks it against method and
// requestURI. The nethttp example spells these steps out, and the
// two-step form; the others use this.
func Send(b *builder.Builder, method, requestURI string) error {
	fmt.Printf("%s %s\n", method, requestURI)
	req, err := b.HTTPRequest(context.Background())
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	seen, err := Read(resp)
	if err != nil {
		return err
	}
	seen.Print(os.Stdout)
	return seen.Check(method, requestURI)
}
