package endpoint

import "github.com/endpointkit/endpoint/builder"

// WithOptions makes a whole options object one defaults layer.
func WithOptions(o Options) Option { return builder.WithOptions(o) }

// WithRoute sets the default method and URL from a route string.
func WithRoute(route string) Option { return builder.WithRoute(route) }

// WithMethod sets the default method.
func WithMethod(method string) Option { return builder.WithMethod(method) }

// WithURL sets the default URL template.
func WithURL(url string) Option { return builder.WithURL(url) }

// WithBaseURL sets the base URL that relative URLs are joined to.
func WithBaseURL(baseURL string) Option { return builder.WithBaseURL(baseURL) }

// WithHeader sets a default header.
func WithHeader(name, value string) Option { return builder.WithHeader(name, value) }

// WithParam sets a default parameter.
func WithParam(name string, value any) Option { return builder.WithParam(name, value) }

// WithPreviews adds default API previews.
func WithPreviews(names ...string) Option { return builder.WithPreviews(names...) }

// WithFormat sets the default media type format.
func WithFormat(format string) Option { return builder.WithFormat(format) }

// WithMeta sets a key of the default request passthrough.
func WithMeta(key string, value any) Option { return builder.WithMeta(key, value) }
