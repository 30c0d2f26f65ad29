//go:build !endpoint_nohttp

package builder

import (
	"context"
	"net/http"
)

// direct returns b's request, or ok false when the general path must
// make it.
func (b *Builder) direct(ctx context.Context) (_ *http.Request, ok bool) {
	var r resolved
	var scratch [urlScratch]byte
	var bodyScratch [bodyRoom]byte
	url, body, ok := b.resolveDirect(&r, scratch[:0], bodyScratch[:0])
	if ctx == nil || !ok {
		return nil, false
	}
	// One allocation for the request's memory, its URL and its body.
	mem, urlText, bodyBytes := newMemoryInline(&r.body, url, body)
	if url != nil {
		r.url = urlText
	}
	if body != nil {
		r.body.json = bodyBytes
	}
	if !fillURL(&mem.url, r.url, r.pathAt, r.base) {
		return nil, false
	}
	reader, size, getBody := r.body.reader(mem.body)
	m, _ := httpMethod(r.method)
	req, err := newHTTPRequest(ctx, m, mem, reader, size, getBody, r.headers, nil, r.url)
	return req, err == nil
}
