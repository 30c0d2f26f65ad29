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
	if ctx == nil || !b.resolveDirect(&r) {
		return nil, false
	}
	mem := newMemory(&r.body)
	if !fillURL(&mem.url, r.url, r.pathAt, r.base) {
		return nil, false
	}
	body, size, getBody := r.body.reader(mem.body)
	m, _ := httpMethod(r.method)
	req, err := newHTTPRequest(ctx, m, mem, body, size, getBody, r.headers, nil, r.url)
	return req, err == nil
}
