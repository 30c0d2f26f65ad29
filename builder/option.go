package builder

// Option sets part of a defaults layer; see Endpoint.Defaults.
type Option func(*Options) error

// WithOptions makes a whole options object one layer, like JavaScript's
// endpoint.defaults(object). Its Params keep their order.
func WithOptions(o Options) Option {
	return func(dst *Options) error {
		*dst = o.clone()
		return nil
	}
}

// WithRoute sets the method and URL from a route such as "POST /x/{id}",
// as a route string passed to JavaScript's defaults does.
func WithRoute(route string) Option {
	return func(dst *Options) error {
		var err error
		dst.Method, dst.URL, err = splitRoute(route)
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

// WithParam sets a default parameter.
func WithParam(name string, value any) Option {
	return func(dst *Options) error {
		dst.Params = Params{{Name: name, Value: value}}
		return nil
	}
}

// WithPreviews adds API previews; "-preview" suffixes are optional.
func WithPreviews(names ...string) Option {
	return func(dst *Options) error {
		dst.MediaType.Previews = append([]string(nil), names...)
		return nil
	}
}

// WithFormat sets the default media type format, such as "raw".
func WithFormat(format string) Option {
	return func(dst *Options) error { dst.MediaType.Format = format; return nil }
}

// WithMeta sets a key of the request passthrough.
func WithMeta(key string, value any) Option {
	return func(dst *Options) error {
		dst.Request = map[string]any{key: value}
		return nil
	}
}
