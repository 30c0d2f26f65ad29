package builder

import (
	"fmt"
	"io"
	"maps"
	"reflect"
	"slices"

	"github.com/endpointkit/endpoint/headers"
	"github.com/endpointkit/endpoint/internal/value"
	"github.com/endpointkit/endpoint/media"
	"github.com/endpointkit/endpoint/template"
)

// Every caller value enters the engine here, converted once within the
// limits, so that nothing past holds the caller's memory (but a raw Data).

// toValue converts a parameter, data or meta value: template.Path and
// template.Verbatim become string flags, Params an ordered object.
func toValue(x any, b *value.Budget) (value.Value, error) { return toValueAt(x, b, 0) }

func toValueAt(x any, b *value.Budget, depth int) (value.Value, error) {
	if v, ok := value.Scalar(x); ok {
		return v, nil
	}
	switch t := x.(type) {
	case template.Path:
		return value.Str(string(t)).WithFlag(value.PathFlag), nil
	case template.Verbatim:
		return value.Str(string(t)).WithFlag(value.VerbatimFlag), nil
	case Params:
		return paramsObject(t, b, depth)
	}
	return b.Of(x, depth)
}

// paramsObject converts Params used as a value into an ordered object, a
// repeated name's last value in its first place.
func paramsObject(p Params, b *value.Budget, depth int) (value.Value, error) {
	if p == nil {
		return value.Value{}, nil
	}
	if err := b.Spend(1+len(p), depth); err != nil {
		return value.Value{}, err
	}
	var ob value.ObjectBuilder
	for _, e := range p {
		v, err := toValueAt(e.Value, b, depth+1)
		if err != nil {
			return value.Value{}, err
		}
		ob.Set(e.Name, v)
	}
	return ob.Object(), nil
}

// toBody converts a data value: []byte and io.Reader stay raw, a string
// (of any string type, or a pointer to one) is a raw string body, anything
// else JSON; nil and JSON null set no body.
func toBody(x any, b *value.Budget) (body, error) {
	switch t := x.(type) {
	case nil:
		return body{}, nil
	case []byte:
		if t == nil {
			return body{}, nil
		}
		return body{set: true, raw: x}, nil // not t: boxing it again allocates
	case io.Reader:
		if nilReader(t) {
			return body{}, nil
		}
		return body{set: true, raw: t}, nil
	}
	v, err := toValue(x, b)
	if err != nil || v.Kind() == value.Null {
		return body{}, err
	}
	return body{set: true, v: v, asJSON: v.Kind() == value.String && !isString(reflect.TypeOf(x))}, nil
}

// nilReader reports whether r is a nil reference (a *bytes.Reader never
// set), which would panic when read: no body.
func nilReader(r io.Reader) bool {
	switch v := reflect.ValueOf(r); v.Kind() {
	case reflect.Pointer, reflect.Map, reflect.Slice, reflect.Func, reflect.Chan, reflect.Interface:
		return v.IsNil()
	}
	return false
}

// isString reports whether t is a string type or a pointer to one.
func isString(t reflect.Type) bool {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t.Kind() == reflect.String
}

// toLayer converts Options into a checked layer; o is only read.
func toLayer(o *Options) (layer, error) {
	var l layer
	l.Method, l.BaseURL, l.URL = o.Method, o.BaseURL, o.URL
	l.Catalog = catalogRef{o.catalog}
	l.Search = searchList{slices.Clone(o.search)}
	var err error
	if l.Headers, err = toHeaders(o.Headers, o.RemoveHeaders); err != nil {
		return layer{}, err
	}
	l.Format = o.MediaType.Format
	l.Previews = previewList{slices.Clone(o.MediaType.Previews)}
	budget := new(value.Budget)
	if l.Data, err = toBody(o.Data, budget); err != nil {
		return layer{}, newError("param", keyData, err)
	}
	if o.Request != nil {
		v, err := toValue(o.Request, budget)
		if err != nil {
			return layer{}, newError("param", keyRequest, err)
		}
		l.Request = inOrder(v, o.requestKeys)
	}
	if len(o.Params) > 0 {
		ps := paramSet{list: make([]param, 0, len(o.Params))}
		for _, p := range o.Params {
			dst, _, err := ps.add(p.Name)
			if err != nil {
				return layer{}, err
			}
			budget.Refund(*dst) // a name given again gives back what it took
			if *dst, err = toValue(p.Value, budget); err != nil {
				return layer{}, newError("param", p.Name, err)
			}
		}
		l.Params = paramList{ps.list}
	}
	// Decoded Options know the url option's place among the parameters.
	l.Keys = keyOrder{keys: o.keys}
	n := 1
	for _, k := range o.keys {
		if k == keyURL {
			l.Keys.urlAt = n
		} else if !isReserved(k) {
			n++
		}
	}
	return l, check(&l)
}

// inOrder returns the object v (a map's members, sorted) with those named
// in order first, as Options keep their meta information's order.
func inOrder(v value.Value, order []string) value.Value {
	if len(order) == 0 || v.Len() < 2 {
		return v
	}
	var ob value.ObjectBuilder // a key set again keeps its first place
	for _, k := range order {
		if m, ok := v.Get(k); ok {
			ob.Set(k, m)
		}
	}
	for _, m := range v.Members() {
		ob.Set(m.Key, m.Value)
	}
	return ob.Object()
}

// check validates header, media type and parameter names, header values,
// and the number of previews (headers and parameters were counted as added).
func check(l *layer) error {
	for _, h := range l.Headers.list {
		if err := checkHeader(h.name, h.value); err != nil { // a removed one's value is ""
			return err
		}
	}
	if err := checkMediaType(l.Format, l.Previews.names); err != nil {
		return err
	}
	for _, p := range l.Params.list {
		if err := checkParamName(p.name); err != nil {
			return err
		}
	}
	return nil
}

// toHeaders lower-cases a header map and the names to remove; two
// spellings of a name in the map are an error, as it has no order.
func toHeaders(set map[string]string, remove []string) (headerList, error) {
	if len(set) == 0 && len(remove) == 0 {
		return headerList{}, nil
	}
	h := headerList{make([]header, 0, min(len(set)+len(remove), MaxHeaders+1))}
	for _, name := range slices.Sorted(maps.Keys(set)) {
		lower := headers.Name(name)
		if h.find(lower) >= 0 {
			return headerList{}, newError("header", name, fmt.Errorf("%w: given twice, in different case", headers.ErrInvalidName))
		}
		if err := h.add(header{name: lower, value: set[name]}); err != nil {
			return headerList{}, err
		}
	}
	for _, name := range remove {
		if err := h.add(header{name: headers.Name(name), removed: true}); err != nil {
			return headerList{}, err
		}
	}
	return h, nil
}

// checkHeader's error never quotes the value.
func checkHeader(name, value string) error {
	if err := headers.ValidateName(name); err != nil {
		return newError("header", "", err)
	}
	if err := headers.ValidateValue(name, value); err != nil {
		return newError("header", "", err)
	}
	return nil
}

// checkMediaType keeps control bytes and separators out of accept.
func checkMediaType(format string, previews []string) error {
	if len(previews) > MaxPreviews {
		return previewLimit()
	}
	if err := media.ValidateName(format); err != nil {
		return newError("format", format, err)
	}
	for _, p := range previews {
		if err := media.ValidateName(p); err != nil {
			return newError("preview", p, err)
		}
	}
	return nil
}

// checkParamName refuses the empty name.
func checkParamName(name string) error {
	if name == "" {
		return newError("param", "", ErrInvalidParam)
	}
	return nil
}
