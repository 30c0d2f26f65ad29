package builder

import (
	"bytes"
	"slices"
)

// Option is a layer of defaults (Endpoint.Defaults): it fills an empty
// Options. The With functions convert their values at once, so that the
// caller may go on changing its maps and slices.
type Option func(*Options) error

// WithOptions makes options one layer, as endpoint.defaults(object)
// does. A []byte Data is copied; an io.Reader Data, which one request
// only could read, is refused.
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

// WithRoute sets the method and URL of a route, "POST /x/{id}".
func WithRoute(route string) Option {
	return func(dst *Options) error {
		var err error
		dst.Method, dst.URL, err = parseRoute(route)
		return err
	}
}

// WithMethod sets the method of calls whose route has none.
func WithMethod(method string) Option {
	return func(dst *Options) error { dst.Method = method; return nil }
}

// WithURL sets the URL template of calls whose route has none.
func WithURL(url string) Option {
	return func(dst *Options) error { dst.URL = url; return nil }
}

// WithBaseURL sets the base URL that relative URLs are joined to.
func WithBaseURL(baseURL string) Option {
	return func(dst *Options) error { dst.BaseURL = baseURL; return nil }
}

// WithHeader sets a header of every call; the name is case-insensitive.
func WithHeader(name, value string) Option {
	return func(dst *Options) error {
		dst.Headers = map[string]string{name: value}
		return nil
	}
}

// WithoutHeader removes a header the layers before set.
func WithoutHeader(name string) Option {
	return func(dst *Options) error {
		dst.RemoveHeaders = []string{name}
		return nil
	}
}

// WithParam sets a parameter of every call (with a catalogue, of every
// call whose operation declares it).
func WithParam(name string, value any) Option {
	return WithOptions(Options{Params: Params{{Name: name, Value: value}}})
}

// WithPreviews adds API previews to every call's accept header;
// "-preview" suffixes are optional.
func WithPreviews(names ...string) Option {
	names = append([]string(nil), names...)
	return func(dst *Options) error {
		dst.MediaType.Previews = slices.Clone(names)
		return nil
	}
}

// WithFormat sets the media type format of every call, such as "raw".
func WithFormat(format string) Option {
	return func(dst *Options) error { dst.MediaType.Format = format; return nil }
}

// WithSearchParams names query parameters of search syntax, whose "+" is
// sent as a plus, which GitHub reads as a separator (q=is:open+label:bug);
// a template.Verbatim value's "+" is %2B.
func WithSearchParams(names ...string) Option {
	names = slices.Clone(names)
	return func(dst *Options) error {
		dst.search = slices.Clone(names)
		return nil
	}
}

// WithMeta sets a key of every call's meta information (see
// Builder.Meta).
func WithMeta(key string, value any) Option {
	return WithOptions(Options{Request: map[string]any{key: value}})
}
