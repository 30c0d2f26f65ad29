package openapi

// SetMaxFileSize lowers LoadFile's limit for a spec; it returns a func
// that puts it back.
func SetMaxFileSize(n int64) (restore func()) {
	old := maxFileSize
	maxFileSize = n
	return func() { maxFileSize = old }
}
