package endpointtest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"mime"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/endpointkit/endpoint/internal/fserr"
	"github.com/endpointkit/endpoint/internal/value"
)

// DocumentationURL is the documentation_url of the error bodies the
// server writes.
const DocumentationURL = "https://docs.github.com/rest"

// Reply is a canned answer: a status, headers and a body, or a function
// of the call. The zero Reply answers 200 with no body. A Reply is a
// value: its With methods return a changed copy.
type Reply struct {
	status    int
	header    http.Header
	body      []byte
	err       error
	fn        func(c *Call) Reply
	seq       []Reply
	paginated bool
	rate      *RateLimit
}

// JSON answers 200 with v as JSON: a string, []byte or json.RawMessage
// is JSON text (checked now), anything else is encoded now with
// encoding/json, so that later changes to v do not show.
func JSON(v any) Reply {
	var body []byte
	var err error
	switch t := v.(type) {
	case string:
		body = []byte(t)
	case []byte:
		body = bytes.Clone(t)
	case json.RawMessage:
		body = bytes.Clone(t)
	default:
		body, err = json.Marshal(v)
	}
	if err == nil {
		_, err = value.Decode(body)
	}
	if err != nil {
		return Reply{err: &Error{Request: "JSON reply", Problems: []string{err.Error()}, Err: ErrFixture, Causes: []error{err}}}
	}
	return Reply{status: http.StatusOK, header: jsonHeader(), body: body}
}

func jsonHeader() http.Header {
	return http.Header{"Content-Type": {"application/json; charset=utf-8"}}
}

// File answers 200 with the contents of a file, read now: typically a
// JSON fixture in testdata. A .json file must hold valid JSON and is
// sent as application/json; another file gets the content type of its
// extension. A file that cannot be read makes Server.Handle fail the
// test, naming the nearest file of that directory when one is close, and
// so does one that is not a regular file (a link to /dev/zero, a named
// pipe) or holds more than MaxFixtureSize bytes, as for LoadFixtures.
func File(path string) Reply {
	data, err := readFixture(path)
	if err != nil {
		problem := fserr.Text(err, path) // the path is the Request
		if os.IsNotExist(err) {
			problem += didYouMean(nearFiles(path))
		}
		return Reply{err: &Error{Request: strconv.Quote(path), Problems: []string{problem}, Err: ErrFixture, Causes: []error{err}}}
	}
	ext := strings.ToLower(filepath.Ext(path))
	if ext == ".json" {
		if _, err := value.Decode(data); err != nil {
			return Reply{err: &Error{Request: strconv.Quote(path), Problems: []string{"not valid JSON: " + err.Error()}, Err: ErrFixture, Causes: []error{err}}}
		}
		return Reply{status: http.StatusOK, header: jsonHeader(), body: data}
	}
	ct := mime.TypeByExtension(ext)
	if ct == "" {
		ct = "application/octet-stream"
	}
	return Reply{status: http.StatusOK, header: http.Header{"Content-Type": {ct}}, body: data}
}

// nearFiles names the files of path's directory nearest to its name.
func nearFiles(path string) []string {
	dir := filepath.Dir(path)
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var names []string
	for _, e := range entries {
		if !e.IsDir() {
			names = append(names, e.Name())
		}
	}
	near := nearest(filepath.Base(path), names)
	for i := range near {
		near[i] = filepath.Join(dir, near[i])
	}
	return near
}

// Status answers with the status code. From 400 up the body is GitHub's
// error shape, {"message": ..., "documentation_url": ...}, with the
// status text as the message ("Not Found"); see [GitHubError]. 0 is 200;
// a code net/http cannot write (below 100 or above 999), here or in
// [Reply.WithStatus], makes the reply fail: the call is answered 500 and
// reported with ErrFixture, as a Func reply that panics is.
func Status(code int) Reply {
	if code >= 400 {
		return GitHubError(code, http.StatusText(code))
	}
	return Reply{status: code}
}

// GitHubError answers with the status code and GitHub's error body:
// {"message": message, "documentation_url": DocumentationURL}.
func GitHubError(code int, message string) Reply {
	body, _ := json.Marshal(githubError{Message: message, DocumentationURL: DocumentationURL})
	return Reply{status: code, header: jsonHeader(), body: body}
}

type githubError struct {
	Message          string              `json:"message"`
	Errors           []map[string]string `json:"errors,omitempty"`
	DocumentationURL string              `json:"documentation_url"`
}

// Func answers each call with the Reply f returns for it. f gets a copy
// of the call: its parameters (path and query, in order), its body fields
// (in order) and the rest. f runs on the server's goroutine; a panic in
// it is reported as a failure and answered 500.
func Func(f func(c *Call) Reply) Reply {
	return Reply{fn: f}
}

// Sequence answers the first call to its route with the first reply, the
// second with the second, and every later call with the last.
func Sequence(replies ...Reply) Reply {
	if len(replies) == 0 {
		return Reply{}
	}
	return Reply{seq: slices.Clone(replies)}
}

// WithStatus returns r answering with another status.
func (r Reply) WithStatus(code int) Reply {
	r.status = code
	return r
}

// WithHeader returns r with a header set (replacing its values).
func (r Reply) WithHeader(name, value string) Reply {
	r.header = r.header.Clone()
	if r.header == nil {
		r.header = http.Header{}
	}
	r.header.Set(name, value)
	return r
}

// WithRateLimit returns r with GitHub's rate-limit headers set from rl,
// in place of those a server made with [WithRateLimit] writes.
func (r Reply) WithRateLimit(rl RateLimit) Reply {
	r.rate = &rl
	return r
}

// Paginated returns r serving its body one page at a time, as GitHub
// does: the body must be a JSON array, or an object with total_count and
// one array (search results and counted lists), whose array is sliced.
// The request's per_page (default 30, at most 100) and page (default 1)
// choose the page, and a Link header names the next, last, first and
// previous pages, as absolute URLs on the server. A page past the last is
// an empty list.
func (r Reply) Paginated() Reply {
	r.paginated = true
	return r
}

// check returns the first error of r and the replies it holds.
func (r Reply) check() error {
	if r.err != nil {
		return r.err
	}
	for _, s := range r.seq {
		if err := s.check(); err != nil {
			return err
		}
	}
	return nil
}

// RateLimit is GitHub's rate-limit state, as its x-ratelimit-* headers
// say it.
type RateLimit struct {
	// Limit is the number of requests allowed per window.
	Limit int
	// Remaining is the number left in the window. For WithRateLimit,
	// zero with Used zero too means Limit.
	Remaining int
	// Used is the number used in the window.
	Used int
	// Reset is when the window resets (sent in Unix seconds); zero
	// means an hour from the response.
	Reset time.Time
	// Resource is the limit's bucket: "core", "search", "graphql" …;
	// "core" when empty.
	Resource string
}

// setHeaders writes the x-ratelimit-* headers.
func (rl RateLimit) setHeaders(h http.Header) {
	res := rl.Resource
	if res == "" {
		res = "core"
	}
	if rl.Reset.IsZero() {
		rl.Reset = time.Now().Add(time.Hour)
	}
	h.Set("X-Ratelimit-Limit", strconv.Itoa(rl.Limit))
	h.Set("X-Ratelimit-Remaining", strconv.Itoa(rl.Remaining))
	h.Set("X-Ratelimit-Reset", strconv.FormatInt(rl.Reset.Unix(), 10))
	h.Set("X-Ratelimit-Used", strconv.Itoa(rl.Used))
	h.Set("X-Ratelimit-Resource", res)
}

// response is a resolved reply.
type response struct {
	status int
	header http.Header
	body   []byte
}

// maxReplyDepth bounds Func replies returning Func replies.
const maxReplyDepth = 8

// resolve turns r into a response for call number n (from 0) of its
// route. self is the server's URL, for pagination links.
func (r Reply) resolve(c *Call, n int, self string, depth int) (*response, error) {
	if depth > maxReplyDepth {
		return nil, fmt.Errorf("replies nested more than %d deep", maxReplyDepth)
	}
	if r.err != nil {
		return nil, r.err
	}
	if len(r.seq) > 0 {
		return r.inherit(r.seq[min(n, len(r.seq)-1)]).resolve(c, n, self, depth+1)
	}
	if r.fn != nil {
		next, err := callFunc(r.fn, c.Clone())
		if err != nil {
			return nil, err
		}
		return r.inherit(next).resolve(c, n, self, depth+1)
	}
	return r.response(c, self)
}

// inherit gives next, a reply r stands for, r's pagination and, when it
// has none, r's rate limit.
func (r Reply) inherit(next Reply) Reply {
	next.paginated = next.paginated || r.paginated
	if r.rate != nil && next.rate == nil {
		next.rate = r.rate
	}
	return next
}

// response is the response of a plain reply (neither a sequence nor a
// Func) to c.
func (r Reply) response(c *Call, self string) (*response, error) {
	resp := &response{status: r.status, header: r.header.Clone(), body: r.body}
	if resp.status == 0 {
		resp.status = http.StatusOK
	}
	if resp.status < 100 || resp.status > 999 {
		// net/http's WriteHeader panics on these, which dropped the
		// connection with a stack trace and no failure naming the reply.
		return nil, fmt.Errorf("status %d is no HTTP status code (100 to 999)", resp.status)
	}
	if resp.header == nil {
		resp.header = http.Header{}
	}
	if r.rate != nil {
		r.rate.setHeaders(resp.header)
	}
	if r.paginated {
		if err := paginateResponse(resp, c, self); err != nil {
			return nil, err
		}
	}
	return resp, nil
}

// callFunc runs a Func reply, turning a panic into an error.
func callFunc(f func(*Call) Reply, c *Call) (r Reply, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("the Func reply panicked: %v", p)
		}
	}()
	return f(c), nil
}
