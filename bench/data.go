package bench

import (
	"bytes"
	"context"
	"net/http"
	"net/url"
	"strconv"
	"strings"
)

// The upload series: a release asset of DataSizes bytes sent from memory
// with Data([]byte) to the upload_url a release hands out, absolute and
// with {?name,label}, its content-type set by the call. Nothing should
// copy the body, so the cost per call, allocations included, must not
// depend on its size.
const (
	uploadPath     = "https://uploads.github.com/repos/octokit/rest.js/releases/1/assets"
	UploadURL      = uploadPath + "{?name,label}"
	RouteUpload    = "POST " + UploadURL
	AssetName      = "asset.zip"
	ContentTypeZip = "application/zip"
	// WantURLUpload is the URL every upload builds.
	WantURLUpload = uploadPath + "?name=asset.zip"
)

// DataSizes are the body sizes of the upload series.
var DataSizes = []int{1 << 20, 100 << 20}

// SizeName names a size for a benchmark: "1MiB".
func SizeName(n int) string {
	if n >= 1<<20 && n%(1<<20) == 0 {
		return strconv.Itoa(n>>20) + "MiB"
	}
	return strconv.Itoa(n) + "B"
}

// Payload returns n bytes of a repeating pattern.
func Payload(n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte('a' + i%26)
	}
	return b
}

// FloorUpload is the upload written by hand: bytes.NewReader and
// http.NewRequestWithContext, which sizes the body and sets GetBody.
func FloorUpload(ctx context.Context, name string, data []byte) (*http.Request, error) {
	var sb strings.Builder
	sb.Grow(96)
	sb.WriteString(uploadPath)
	sb.WriteString("?name=")
	sb.WriteString(url.QueryEscape(name))
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, sb.String(), bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Accept", Accept)
	req.Header.Set("User-Agent", UserAgent)
	req.Header.Set("Authorization", Authorization)
	req.Header.Set("Content-Type", ContentTypeZip)
	return req, nil
}

// EKUploadHTTP builds the upload in two steps: Build, then
// RequestOptions.HTTPRequest.
func EKUploadHTTP(ctx context.Context, name string, data []byte) (*http.Request, error) {
	ro, err := EK.Route(RouteUpload).
		Param("name", name).
		Header("content-type", ContentTypeZip).
		Data(data).
		Build()
	if err != nil {
		return nil, err
	}
	return toHTTPRequest(ctx, &ro)
}

// EKUploadOneStep builds the upload with Builder.HTTPRequest.
func EKUploadOneStep(ctx context.Context, name string, data []byte) (*http.Request, error) {
	return EK.Route(RouteUpload).
		Param("name", name).
		Header("content-type", ContentTypeZip).
		Data(data).
		HTTPRequest(ctx)
}
