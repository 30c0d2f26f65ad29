package builder

import (
	"bytes"
	"slices"
)

// Option sets part of a defaults layer; see Endpoint.Defaults. Each
// Option fills an empty Options value, which Defaults converts and
// checks and then lays over the layers before it. The With functions
// convert the values they are given at once, so a caller may change its
// own maps and slices afterwards.
type Option func(*Options) error

// WithOptions makes a whole options object one layer, like JavaScript's
// endpoint.defaults(object). Its Params keep their order.
//
// A []byte Data is copied now (a default must not change when its
// caller's slice does); an io.Reader Data is refused by Defaults, since
// one request only could read it.
func WithOptions(o Options) Option {
	l, err := toLayer(&o)
	if raw, ok := l.Data.raw.([]byte); ok {
		l.Data.raw = bytes.Clone(raw)
	}
	return func(dst *Options) error {
		if err != nil {
			return err
		}
		*dst = l.export()
		return nil
	}
}

// WithRoute sets the method and URL from a route such as "POST /x/{id}",
// as a route string passed to JavaScript's defaults does.
func WithRoute(route string) Option {
	return func(dst *Options) error {
		var err error
		dst.Method, dst.URL, err = parseRoute(route)
		return err
	}
}

// WithMethod sets the default method.
func WithMethod(method string) Option {
	return func(dst *Options) error { dst.Method = method; return nil }
}

// WithURL sets the default URL template.
func WithURL(url string) Option {
	return func(dst *Options) error { dst.URL = url; return nil }
}

// WithBaseURL sets the base URL that relative URLs are joined to.
func WithBaseURL(baseURL string) Option {
	return func(dst *Options) error { dst.BaseURL = baseURL; return nil }
}

// WithHeader sets a default header; the name is case-insensitive.
func WithHeader(name, value string) Option {
	return func(dst *Options) error {
		dst.Headers = map[string]string{name: value}
		return nil
	}
}

// WithoutHeader removes a header that the layers before set; the name is
// case-insensitive.
func WithoutHeader(name string) Option {
	return func(dst *Options) error {
		dst.RemoveHeaders = []string{name}
		return nil
	}
}

// WithParam sets a default parameter.
func WithParam(name string, value any) Option {
	return WithOptions(Options{Params: Params{{Name: name, Value: value}}})
}

// WithPreviews adds API previews; "-preview" suffixes are optional.
func WithPreviews(names ...string) Option {
	names = append([]string(nil), names...)
	return func(dst *Options) error {
		dst.MediaType.Previews = slices.Clone(names) // each Options its own
		return nil
	}
}

// WithFormat sets the default media type format, such as "raw".
func WithFormat(format string) Option {
	return func(dst *Options) error { dst.MediaType.Format = format; return nil }
}

// WithSearchParams names query parameters of search syntax, whose "+"
// is sent as a plus rather than %2B: GitHub reads q=is:open+label:bug with
// the "+" as a separator (package endpoint's defaults name q). A value
// given as a template.Verbatim is sent as it is.
func WithSearchParams(names ...string) Option {
	names = slices.Clone(names)
	return func(dst *Options) error {
		dst.search = slices.Clone(names)
		return nil
	}
}

// WithMeta sets a key of the request's meta information, passed through
// to RequestOptions.Request (JSON key "request").
func WithMeta(key string, value any) Option {
	return WithOptions(Options{Request: map[string]any{key: value}})
}
