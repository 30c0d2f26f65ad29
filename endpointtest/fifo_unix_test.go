//go:build unix

package endpointtest_test

import "syscall"

func init() {
	mkfifo = func(path string) error { return syscall.Mkfifo(path, 0o600) }
}
