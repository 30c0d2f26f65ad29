#!/usr/bin/env bash
# Runs every example of the examples/ module (its own Go module, so that
# resty never enters the library's go.mod) and its tests. Each example starts
# a local echo server, sends its requests and exits non-zero if the server
# saw something else than expected. Exits non-zero on the first failure.
set -euo pipefail
cd "$(dirname "$0")/../examples"

go mod download
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
