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
	url, ok := b.resolveDirect(&r, scratch[:0])
	if ctx == nil || !ok {
		return nil, false
	}
	var mem *requestMemory
	if url != nil {
		mem, r.url = newMemoryURL(&r.body, url) // one allocation for both
	} else {
		mem = newMemory(&r.body)
	}
	if !fillURL(&mem.url, r.url, r.pathAt, r.base) {
		return nil, false
	}
	body, size, getBody := r.body.reader(mem.body)
	m, _ := httpMethod(r.method)
	req, err := newHTTPRequest(ctx, m, mem, body, size, getBody, r.headers, nil, r.url)
	return req, err == nil
}
