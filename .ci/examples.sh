#!/usr/bin/env bash
# Runs every example of the examples/ module (its own Go module, so that
# resty never enters the library's go.mod) and its tests. Each example starts
# a local echo server, sends its requests and exits non-zero if the server
# saw something else than expected (nethttp, resty, upload, enterprise,
# gogithub, paginate, catalog: every directory holding a main package).
# Exits non-zero if the module is untidy, vet or a test fails, or any
# example fails.
set -euo pipefail
cd "$(dirname "$0")/../examples"

go mod download
# go.mod and go.sum must be what go mod tidy writes.
go mod tidy -diff
go vet ./...
go test ./...

status=0
for dir in */; do
	name=${dir%/}
	case $name in internal | testdata) continue ;; esac
	# Only directories holding a main package are runnable examples.
	if ! grep -qs '^package main$' "$name"/*.go; then
		continue
	fi
	echo "== go run ./$name"
	if ! go run "./$name"; then
		echo "FAIL: example $name" >&2
		status=1
	fi
done
exit $status
