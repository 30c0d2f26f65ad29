package media_test

import "unsafe"

// stringData identifies a string's backing array, to check "returns its input".
func stringData(s string) *byte { return unsafe.StringData(s) }
