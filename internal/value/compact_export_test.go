package value

import (
	"bytes"
	"encoding/json"
)

// Compact is encoding/json's Compact of src once Decode accepts it, else
// dst unchanged with Decode's error; only the specs use it.
func Compact(dst, src []byte) ([]byte, error) {
	if _, err := Decode(src); err != nil {
		return dst, err
	}
	out := bytes.NewBuffer(dst)
	_ = json.Compact(out, src) // checked JSON
	return out.Bytes(), nil
}
