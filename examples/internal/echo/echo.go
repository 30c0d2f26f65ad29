// Package echo is the local stand-in for the GitHub API that every example
// talks to: an httptest server on loopback that answers each request with
// a JSON description of what it received, so the examples run offline and
// show exactly what went over the wire.
package echo

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/endpointkit/endpoint"
	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/headers"
)

// Seen is what the server received.
type Seen struct {
	Method     string              `json:"method"`
	RequestURI string              `json:"request_uri"` // raw, as on the request line
	Header     map[string][]string `json:"header"`
	Body       []byte              `json:"body"`
	Length     int64               `json:"content_length"` // -1: chunked
}

// NewServer starts the echo server; Close it when done.
func NewServer() *httptest.Server {
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, err := io.ReadAll(r.Body)
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		seen := Seen{Method: r.Method, RequestURI: r.RequestURI, Header: r.Header, Body: body, Length: r.ContentLength}
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(seen)
	}))
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

// Send builds b, sends it with net/http to the echo server, prints what the
// server saw and checks it against method and requestURI. The nethttp
// example spells these steps out; the others use this.
func Send(b *endpoint.Builder, method, requestURI string) error {
	ro, err := b.Build()
	if err != nil {
		return err
	}
	fmt.Printf("%s %s\n", method, requestURI)
	req, err := ro.HTTPRequest(context.Background())
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
