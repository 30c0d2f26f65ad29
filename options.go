package endpoint

import "github.com/endpointkit/endpoint/builder"

// The layers of Defaults, here so that one import does: each is builder's
// function of the same name.

// WithOptions is [builder.WithOptions].
func WithOptions(o builder.Options) builder.Option { return builder.WithOptions(o) }

// WithRoute is [builder.WithRoute].
func WithRoute(route string) builder.Option { return builder.WithRoute(route) }

// WithMethod is [builder.WithMethod].
func WithMethod(method string) builder.Option { return builder.WithMethod(method) }

// WithURL is [builder.WithURL].
func WithURL(url string) builder.Option { return builder.WithURL(url) }

// WithBaseURL is [builder.WithBaseURL].
func WithBaseURL(baseURL string) builder.Option { return builder.WithBaseURL(baseURL) }

// WithHeader is [builder.WithHeader].
func WithHeader(name, value string) builder.Option { return builder.WithHeader(name, value) }

// WithoutHeader is [builder.WithoutHeader].
func WithoutHeader(name string) builder.Option { return builder.WithoutHeader(name) }

// WithParam is [builder.WithParam].
func WithParam(name string, value any) builder.Option { return builder.WithParam(name, value) }

// WithPreviews is [builder.WithPreviews].
func WithPreviews(names ...string) builder.Option { return builder.WithPreviews(names...) }

// WithFormat is [builder.WithFormat].
func WithFormat(format string) builder.Option { return builder.WithFormat(format) }

// WithMeta is [builder.WithMeta].
func WithMeta(key string, value any) builder.Option { return builder.WithMeta(key, value) }

// WithSearchParams is [builder.WithSearchParams].
func WithSearchParams(names ...string) builder.Option { return builder.WithSearchParams(names...) }

// WithCatalog is [builder.WithCatalog].
func WithCatalog(c builder.Catalog) builder.Option { return builder.WithCatalog(c) }
