#!/bin/sh
# Builds what the npm package ships beside endpoint.mjs: endpoint.wasm
# (the engine, GOOS=js GOARCH=wasm), the Go toolchain's wasm_exec.js,
# which must come from the same Go version as the wasm, and LICENSE. None
# of them is committed. `npm pack` runs this first (the prepack script).
#
# -tags endpoint_nohttp,endpoint_nojson leaves the engine's net/http adapter (and with it
# crypto/tls) out of the binary; -trimpath and -s -w drop file paths and
# debug sections. internal/shrink then rewrites the wasm's data section:
# fewer, larger data segments, and no pc → file/line tables (stack traces
# show function names without files and lines); see its doc comment.
# When nothing changed, go build keeps the shrunk endpoint.wasm (its build
# ID is current) and shrink leaves it as it is.
# size.sh checks the result against its budget.
set -eu
cd "$(dirname "$0")"

GOOS=js GOARCH=wasm CGO_ENABLED=0 go build -tags endpoint_nohttp,endpoint_nojson -trimpath -ldflags="-s -w" -o endpoint.wasm .
go run ./internal/shrink endpoint.wasm

goroot=$(go env GOROOT)

# LICENSE: the package's licence, then those of what endpoint.wasm and
# wasm_exec.js carry (Go's runtime and standard library, and every module
# the build links), whose licences ask that binaries reproduce them.
{
	cat ../LICENSE
	printf '\n---\n\nendpoint.wasm and wasm_exec.js contain code of the Go project and of the\nmodules listed below, under these licences.\n'
	printf '\n---\n\nGo (%s)\n\n' "$(go env GOVERSION)"
	cat "$goroot/LICENSE"
	GOOS=js GOARCH=wasm go list -tags endpoint_nohttp,endpoint_nojson -deps -f '{{with .Module}}{{if not .Main}}{{.Path}}@{{.Version}} {{.Dir}}{{end}}{{end}}' . | sort -u |
		while read -r mod dir; do
			lic=$(ls "$dir"/LICENSE* "$dir"/COPYING* 2>/dev/null | head -n 1)
			[ -n "$lic" ] || { echo "build.sh: no licence file in $mod" >&2; exit 1; }
			printf '\n---\n\n%s\n\n' "$mod"
			cat "$lic"
		done
} >LICENSE

for f in "$goroot/lib/wasm/wasm_exec.js" "$goroot/misc/wasm/wasm_exec.js"; do
	if [ -f "$f" ]; then
		cp "$f" wasm_exec.js
		echo "built endpoint.wasm ($(wc -c <endpoint.wasm) bytes) with $(go env GOVERSION)"
		exit 0
	fi
done
echo "build.sh: wasm_exec.js not found under $goroot" >&2
exit 1
