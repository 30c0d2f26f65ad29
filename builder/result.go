package builder

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"

	"github.com/endpointkit/endpoint/headers"
	"github.com/endpointkit/endpoint/internal/value"
)

// requestOptions returns r as RequestOptions, all new but a raw body.
func (r *resolved) requestOptions() RequestOptions {
	ro := RequestOptions{Method: r.method, URL: r.url, Headers: make(headers.Set, len(r.headers)), Request: exportObject(r.request)}
	for _, h := range r.headers {
		ro.Headers[h.name] = h.value
	}
	switch r.body.kind {
	case rawBody:
		ro.Body = r.body.raw
	case jsonBody:
		ro.Body = json.RawMessage(r.body.json)
	case emptyBody:
		ro.Body = ""
	}
	return ro
}

// bodyOf is r's body as it is sent: see HTTPRequest.
func bodyOf(r RequestOptions) (finalBody, error) {
	switch b := r.Body.(type) {
	case nil:
		return finalBody{}, nil
	case string, []byte:
		return finalBody{kind: rawBody, raw: r.Body}, nil // not b: boxing it again allocates
	case json.RawMessage:
		return finalBody{kind: jsonBody, json: b}, nil
	case io.Reader:
		if nilReader(b) {
			return finalBody{}, nil
		}
		return finalBody{kind: rawBody, raw: b}, nil
	}
	v, err := value.Of(r.Body)
	if err != nil {
		return finalBody{}, requestError(r.URL, fmt.Errorf("body: %w", err))
	}
	return finalBody{kind: jsonBody, json: value.AppendJSON(nil, v)}, nil
}

// bodyJSON is a body as RequestOptions.MarshalJSON writes it; false for
// no body or an io.Reader.
func bodyJSON(b any) ([]byte, bool, error) {
	switch t := b.(type) {
	case nil, io.Reader:
		return nil, false, nil
	case string:
		return value.AppendString(nil, t), true, nil
	case json.RawMessage:
		// Compacted as encoding/json writes it, not held to the limits
		// again: its values were, where they entered.
		var out bytes.Buffer
		if err := json.Compact(&out, t); err != nil {
			return nil, false, fmt.Errorf("%w: %w", ErrInvalidValue, err)
		}
		return out.Bytes(), true, nil
	case []byte:
		return value.AppendString(nil, string(t)), true, nil
	}
	v, err := value.Of(b)
	if err != nil {
		return nil, false, err
	}
	return value.AppendJSON(nil, v), true, nil
}
