package catalog

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/endpointkit/endpoint/internal/quote"
	"github.com/endpointkit/endpoint/internal/value"
)

// maxCheckDepth bounds how deep nested values are checked.
const maxCheckDepth = 16

// typeOf returns the catalogue Type of a JSON value: Integer for an
// integral number, Number for any other.
func typeOf(v value.Value) Type {
	switch v.Kind() {
	case value.Null:
		return Null
	case value.Bool:
		return Boolean
	case value.Number:
		if v.IsInteger() {
			return Integer
		}
		return Number
	case value.String:
		return String
	case value.Array:
		return Array
	default:
		return Object
	}
}

// allowsJSON reports whether a value of JSON type t is allowed: an
// integer is a number too.
func (s *Schema) allowsJSON(t Type) bool {
	if s.Type == 0 || s.Type&t != 0 {
		return true
	}
	return t == Integer && s.Type&Number != 0
}

// inEnum reports whether text, a number's or a boolean's, is one of
// s.Enum; a number by value, so that 2.0 is the enum's 2. The members'
// keys were made with the catalogue; text's is made once, and only when
// some member is a number.
func (s *Schema) inEnum(text []byte) bool {
	for _, e := range s.Enum {
		if e == string(text) {
			return true
		}
	}
	if len(s.numKeys) == 0 {
		return false
	}
	key, ok := value.NumberKey(string(text)) // once: it reads every digit
	return ok && slices.Contains(s.numKeys, key)
}

// prepareEnums makes the number keys of the enums of op's schemas
// (Schema.numKeys), as deep as a check reads them. build calls it for
// the operations it owns, after prepare and not in it: renamed also
// calls prepare, on a copy made at Lookup that shares op's nested
// schemas, and writing them there would race with the checks reading op
// meanwhile. (The copy's own Params keep op's keys.)
func (op *Operation) prepareEnums() {
	for i := range op.Params {
		op.Params[i].Schema.prepareEnum(0)
	}
	if op.Body != nil && op.Body.Additional != nil {
		op.Body.Additional.prepareEnum(0)
	}
}

// prepareEnum makes s's numKeys and those of the schemas within it, down
// to the depth matchJSON and explainJSON stop at.
func (s *Schema) prepareEnum(depth int) {
	s.numKeys = nil
	for _, e := range s.Enum {
		if k, ok := value.NumberKey(e); ok {
			s.numKeys = append(s.numKeys, k)
		}
	}
	if depth >= maxCheckDepth {
		return
	}
	if s.Items != nil {
		s.Items.prepareEnum(depth + 1)
	}
	for i := range s.Properties {
		s.Properties[i].Schema.prepareEnum(depth + 1)
	}
}

// scalarText returns the text of a string, number or boolean, in buf
// when it must be made.
func scalarText(v value.Value, buf []byte) []byte {
	if v.Kind() == value.String {
		return append(buf[:0], v.Text()...)
	}
	return v.AppendText(buf[:0])
}

// matchJSON checks a body value by its JSON type.
func (s *Schema) matchJSON(v value.Value, depth int) bool {
	t := typeOf(v)
	if !s.allowsJSON(t) {
		return false
	}
	switch t {
	case Null:
		return true
	case Array:
		return s.matchItemsJSON(v, depth)
	case Object:
		return s.matchMembersJSON(v, depth)
	}
	return len(s.Enum) == 0 || s.inEnumValue(v)
}

// matchItemsJSON checks an array's items, down to maxCheckDepth.
func (s *Schema) matchItemsJSON(v value.Value, depth int) bool {
	if s.Items == nil || depth >= maxCheckDepth {
		return true
	}
	for _, it := range v.Items() {
		if !s.Items.matchJSON(it, depth+1) {
			return false
		}
	}
	return true
}

// matchMembersJSON checks an object's known members, down to
// maxCheckDepth.
func (s *Schema) matchMembersJSON(v value.Value, depth int) bool {
	if len(s.Properties) == 0 || depth >= maxCheckDepth {
		return true
	}
	for _, m := range v.Members() {
		if p := s.property(m.Key); p != nil && !p.Schema.matchJSON(m.Value, depth+1) {
			return false
		}
	}
	return true
}

// inEnumValue reports whether a string, number or boolean is one of
// s.Enum.
func (s *Schema) inEnumValue(v value.Value) bool {
	if v.Kind() == value.String {
		return s.inEnumString(v.Text())
	}
	var buf [32]byte
	return s.inEnum(v.AppendText(buf[:0]))
}

func (s *Schema) inEnumString(text string) bool {
	for _, e := range s.Enum {
		if e == text {
			return true
		}
	}
	return false
}

func (s *Schema) property(name string) *Property {
	for i := range s.Properties {
		if s.Properties[i].Name == name {
			return &s.Properties[i]
		}
	}
	return nil
}

// matchText checks a path, query, header or cookie value by its text.
func (s *Schema) matchText(v value.Value) bool {
	switch v.Kind() {
	case value.Null:
		return true
	case value.Object:
		return s.matchMembersText(v)
	case value.Array:
		return s.matchItemsText(v)
	}
	return s.matchScalarText(v)
}

// matchMembersText checks an object's members, which every style writes
// as text.
func (s *Schema) matchMembersText(v value.Value) bool {
	if s.Type != 0 && s.Type&Object == 0 {
		return false
	}
	for _, m := range v.Members() {
		switch m.Value.Kind() {
		case value.Null:
			continue
		case value.Array, value.Object:
			return false
		}
		if p := s.property(m.Key); p != nil && !p.Schema.matchScalarText(m.Value) {
			return false
		}
	}
	return true
}

// matchItemsText checks an array's items as text: by s.Items for an
// array schema that has them, else by s itself, a scalar schema whose
// value is sent as its items joined.
func (s *Schema) matchItemsText(v value.Value) bool {
	if s.Type != 0 && s.Type&Array == 0 && s.Type&String == 0 {
		return false
	}
	item := s
	if s.Type&Array != 0 && s.Items != nil {
		item = s.Items
	} else if s.Type&Array != 0 {
		return true
	}
	if item == s && len(s.Enum) > 0 && joined(v) {
		return false // its items joined are no member of the enum
	}
	for _, it := range v.Items() {
		if k := it.Kind(); k == value.Array || k == value.Object || !item.matchScalarText(it) {
			return false
		}
	}
	return true
}

// joined reports whether an array sent for a scalar schema is sent as
// more than one item joined ("open,closed"), which is no member of an
// enum of scalars: more than one item that is not null.
func joined(v value.Value) bool {
	n := 0
	for _, it := range v.Items() {
		if it.Kind() != value.Null {
			n++
		}
	}
	return n > 1
}

// matchScalarText checks a string, number or boolean as text.
func (s *Schema) matchScalarText(v value.Value) bool {
	isString := v.Kind() == value.String
	str := ""
	if isString {
		str = v.Text()
	}
	if s.Type != 0 && s.Type&String == 0 && !s.textTypeOK(v, isString, str) {
		return false
	}
	return len(s.Enum) == 0 || s.inEnumValue(v)
}

// textTypeOK reports whether a scalar reads as one of s's non-string
// types.
func (s *Schema) textTypeOK(v value.Value, isString bool, str string) bool {
	switch v.Kind() {
	case value.Number:
		return s.Type&Number != 0 || s.Type&Integer != 0 && v.IsInteger()
	case value.Bool:
		return s.Type&Boolean != 0
	}
	if !isString {
		return false
	}
	if s.Type&Boolean != 0 && (str == "true" || str == "false") {
		return true
	}
	if s.Type&Integer != 0 {
		if _, err := strconv.ParseInt(str, 10, 64); err == nil {
			return true
		}
		// As a number of that text is: 1.0, 1e2, or past int64.
		if n, ok := value.NumberText(str); ok && n.IsInteger() {
			return true
		}
	}
	if s.Type&Number != 0 && value.ValidNumber(str) {
		return true
	}
	return false
}

// explain builds the error for a value that failed its check.
func (op *Operation) explain(p *Param, v value.Value) error {
	e := &Error{Route: op.route, Param: p.Name}
	echo := p.In != Header && p.In != Cookie && !isSensitive(p.Name)
	if p.Style == StyleDeepObject && v.Kind() == value.Array && !p.DeepArrays {
		e.Err, e.Detail = ErrType, "got array, want object (style deepObject, which OpenAPI defines for objects only): "+
			"load the description with openapi.Options{DeepObjectArrays: true} to send "+p.Name+"[0]=a&"+p.Name+"[1]=b, "+
			"or write the pairs in the route's query (?"+p.Name+"[]=a&"+p.Name+"[]=b)"
		return e
	}
	if p.Style == StyleDeepObject {
		if bad, found := badDeepMember(&v); found {
			key := "a key"
			if echo {
				key = "key " + quoteValue(bad)
			}
			e.Err, e.Detail = ErrType, key+`: a deepObject's key may not be empty or hold "[" or "]", which its name[key] pair would not tell apart`
			return e
		}
	}
	if key := op.foreignKey(p, &v); key != "" {
		e.Err, e.Detail = ErrType, "member "+quoteValue(key)+" would be sent as the parameter of that name"
		return e
	}
	if p.In == Body {
		p.Schema.explainJSON(e, "", v, echo, 0)
	} else {
		p.Schema.explainText(e, v, echo)
	}
	if e.Err == nil { // not reached: the checks agree
		e.Err = ErrType
	}
	return e
}

func (s *Schema) explainJSON(e *Error, at string, v value.Value, echo bool, depth int) bool {
	t := typeOf(v)
	if !s.allowsJSON(t) {
		s.typeError(e, at, v, echo)
		return true
	}
	switch t {
	case Null:
		return false
	case Array:
		return s.explainItemsJSON(e, at, v, echo, depth)
	case Object:
		return s.explainMembersJSON(e, at, v, echo, depth)
	}
	if len(s.Enum) > 0 && !s.matchJSON(v, depth) {
		s.enumError(e, at, v, echo)
		return true
	}
	return false
}

// explainItemsJSON explains the first of an array's items that fails,
// down to maxCheckDepth.
func (s *Schema) explainItemsJSON(e *Error, at string, v value.Value, echo bool, depth int) bool {
	if s.Items == nil || depth >= maxCheckDepth {
		return false
	}
	for i, it := range v.Items() {
		if s.Items.explainJSON(e, at+"["+strconv.Itoa(i)+"]", it, echo, depth+1) {
			return true
		}
	}
	return false
}

// explainMembersJSON explains the first of an object's known members
// that fails, down to maxCheckDepth.
func (s *Schema) explainMembersJSON(e *Error, at string, v value.Value, echo bool, depth int) bool {
	if depth >= maxCheckDepth {
		return false
	}
	for _, m := range v.Members() {
		// A credential's name at any depth keeps its value out.
		if p := s.property(m.Key); p != nil && p.Schema.explainJSON(e, at+"."+m.Key, m.Value, echo && !isSensitive(m.Key), depth+1) {
			return true
		}
	}
	return false
}

func (s *Schema) explainText(e *Error, v value.Value, echo bool) {
	switch v.Kind() {
	case value.Object:
		s.explainMembersText(e, v, echo)
	case value.Array:
		s.explainItemsText(e, v, echo)
	default:
		s.explainScalarText(e, "", v, echo)
	}
}

// explainMembersText explains the first of an object's members that
// fails as text.
func (s *Schema) explainMembersText(e *Error, v value.Value, echo bool) {
	if s.Type != 0 && s.Type&Object == 0 {
		s.typeError(e, "", v, echo)
		return
	}
	for _, m := range v.Members() {
		at := "." + m.Key
		if k := m.Value.Kind(); k == value.Array || k == value.Object {
			e.Err, e.Detail = ErrType, fmt.Sprintf("%sgot %s, want a string, number or boolean", prefix(at), typeOf(m.Value))
			return
		}
		// A credential's name keeps its value out.
		if p := s.property(m.Key); p != nil && m.Value.Kind() != value.Null && !p.Schema.matchScalarText(m.Value) {
			p.Schema.explainScalarText(e, at, m.Value, echo && !isSensitive(m.Key))
			return
		}
	}
}

// explainItemsText explains the first of an array's items that fails as
// text, or, for a scalar schema, items whose joined text is no member of
// its enum.
func (s *Schema) explainItemsText(e *Error, v value.Value, echo bool) {
	if s.Type != 0 && s.Type&Array == 0 && s.Type&String == 0 {
		s.typeError(e, "", v, echo)
		return
	}
	item := s
	if s.Type&Array != 0 && s.Items != nil {
		item = s.Items
	}
	var text []string // the items, for an enum of scalars
	for i, it := range v.Items() {
		at := "[" + strconv.Itoa(i) + "]"
		if k := it.Kind(); k == value.Array || k == value.Object {
			e.Err, e.Detail = ErrType, fmt.Sprintf("%s: got %s, want a string, number or boolean", at, typeOf(it))
			return
		}
		if !item.matchScalarText(it) {
			item.explainScalarText(e, at, it, echo)
			return
		}
		if it.Kind() != value.Null {
			text = append(text, string(scalarText(it, nil)))
		}
	}
	if item == s && s.Type&Array == 0 {
		s.explainJoined(e, text, echo)
	}
}

// explainJoined explains the items of an array sent for a scalar schema,
// joined ("open,closed"), when there are two or more and s has an enum.
func (s *Schema) explainJoined(e *Error, text []string, echo bool) {
	if len(s.Enum) == 0 || len(text) < 2 {
		return
	}
	s.enumError(e, "", value.Str(strings.Join(text, ",")), echo)
	e.Detail += " (an array is sent as its items joined)"
	e.Suggestions = nil
}

func (s *Schema) explainScalarText(e *Error, at string, v value.Value, echo bool) {
	if s.Type != 0 && s.Type&String == 0 && !s.textTypeOK(v, v.Kind() == value.String, v.Text()) {
		s.typeError(e, at, v, echo)
		return
	}
	s.enumError(e, at, v, echo)
}

func (s *Schema) typeError(e *Error, at string, v value.Value, echo bool) {
	e.Err = ErrType
	got := typeOf(v).String()
	if echo {
		switch v.Kind() {
		case value.String:
			got += " " + quoteValue(v.Text())
		case value.Number, value.Bool:
			got += " " + quote.Cut(v.Text(), maxQuoted) // a number may be a megabyte long
		}
	}
	e.Detail = prefix(at) + "got " + got + ", want " + s.Type.String()
}

func (s *Schema) enumError(e *Error, at string, v value.Value, echo bool) {
	e.Err = ErrEnum
	var b strings.Builder
	b.WriteString(prefix(at))
	text := string(scalarText(v, nil))
	if echo {
		b.WriteString(quoteValue(text))
		b.WriteString(" is not one of ")
	} else {
		b.WriteString("the value is not one of ")
	}
	const show = 12
	for i, x := range s.Enum {
		if i == show {
			fmt.Fprintf(&b, " and %d more", len(s.Enum)-show)
			break
		}
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(x)
	}
	e.Detail = b.String()
	if echo {
		e.Suggestions = nearest(text, s.Enum)
	}
}

func prefix(at string) string {
	if at == "" {
		return ""
	}
	return strings.TrimPrefix(at, ".") + ": "
}
