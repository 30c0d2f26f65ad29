package bench

import (
	"context"
	"net/http"

	"github.com/endpointkit/endpoint/builder"
)

// HTTPAdapter names the conversion in use; run.sh prints it.
const HTTPAdapter = "library: RequestOptions.HTTPRequest"

// toHTTPRequest is the library's own conversion, the one users call.
func toHTTPRequest(ctx context.Context, ro *builder.RequestOptions) (*http.Request, error) {
	return ro.HTTPRequest(ctx)
}
