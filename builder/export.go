package builder

import (
	"bytes"
	"encoding/json"
	"math"
	"slices"
	"strconv"

	"github.com/endpointkit/endpoint/headers"
	"github.com/endpointkit/endpoint/internal/value"
	"github.com/endpointkit/endpoint/template"
)

// export returns a layer as Options, all new.
func (l *layer) export() Options {
	o := Options{Method: l.Method, BaseURL: l.BaseURL, URL: l.URL, keys: l.order(), catalog: l.Catalog.c, search: slices.Clone(l.Search.names),
		MediaType: MediaType{Format: l.Format, Previews: append([]string(nil), l.Previews.names...)}}
	for _, h := range l.Headers.list {
		if h.removed {
			o.RemoveHeaders = append(o.RemoveHeaders, h.name)
			continue
		}
		if o.Headers == nil {
			o.Headers = make(headers.Set, len(l.Headers.list))
		}
		o.Headers[h.name] = h.value
	}
	if l.Data.set {
		if raw, ok := l.Data.raw.([]byte); ok {
			o.Data = bytes.Clone(raw)
		} else if l.Data.raw != nil {
			o.Data = l.Data.raw
		} else if l.Data.asJSON {
			// A string would come back from Parse as the raw body.
			o.Data = json.RawMessage(value.AppendJSON(nil, l.Data.v))
		} else {
			o.Data = exportValue(l.Data.v)
		}
	}
	o.Request = exportObject(l.Request)
	if l.Request.Len() > 1 {
		o.requestKeys = make([]string, 0, l.Request.Len())
		for _, m := range l.Request.Members() {
			o.requestKeys = append(o.requestKeys, m.Key)
		}
	}
	if len(l.Params.list) > 0 {
		o.Params = make(Params, len(l.Params.list))
		for i, p := range l.Params.list {
			o.Params[i] = Param{Name: p.name, Value: exportValue(p.v)}
		}
	}
	return o
}

// exportValue is a value as Options hold it (see Options).
func exportValue(v value.Value) any {
	switch v.Kind() {
	case value.Null:
		return nil
	case value.Bool:
		return v.Bool()
	case value.String:
		switch v.Flag() {
		case value.PathFlag:
			return template.Path(v.Text())
		case value.VerbatimFlag:
			return template.Verbatim(v.Text())
		}
		return v.Text()
	case value.Number:
		if i, ok := v.AsInt(); ok {
			return i
		}
		t := v.Text()
		if u, err := strconv.ParseUint(t, 10, 64); err == nil && u > math.MaxInt64 {
			return u
		}
		return json.Number(t)
	}
	return json.RawMessage(value.AppendJSON(nil, v))
}

// exportObject is an object as a map of exported values, nil for
// anything else.
func exportObject(v value.Value) map[string]any {
	if v.Kind() != value.Object {
		return nil
	}
	m := make(map[string]any, v.Len())
	for _, e := range v.Members() {
		m[e.Key] = exportValue(e.Value)
	}
	return m
}
