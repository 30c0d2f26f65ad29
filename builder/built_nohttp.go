//go:build endpoint_nohttp

package builder

// keep sets r's URL and JSON body from the text the direct path wrote in
// scratch buffers. Without the net/http adapter there is no HTTPRequest
// to note the URL for (built.go).
func (r *resolved) keep(u, body []byte) { keepCopies(r, u, body) }
