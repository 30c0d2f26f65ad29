#!/bin/sh
# Builds what the npm package ships beside endpoint.mjs: endpoint.wasm
# (the engine, GOOS=js GOARCH=wasm) and the Go toolchain's wasm_exec.js,
# which must come from the same Go version as the wasm. Neither file is
# committed. `npm pack` runs this first (the prepack script).
#
# -tags endpoint_nohttp,endpoint_nojson leaves the engine's net/http adapter (and with it
# crypto/tls) out of the binary; -trimpath and -s -w drop file paths and
# debug sections. size.sh checks the result against its budget.
set -eu
cd "$(dirname "$0")"

GOOS=js GOARCH=wasm CGO_ENABLED=0 go build -tags endpoint_nohttp,endpoint_nojson -trimpath -ldflags="-s -w" -o endpoint.wasm .

goroot=$(go env GOROOT)
for f in "$goroot/lib/wasm/wasm_exec.js" "$goroot/misc/wasm/wasm_exec.js"; do
	if [ -f "$f" ]; then
		cp "$f" wasm_exec.js
		echo "built endpoint.wasm ($(wc -c <endpoint.wasm) bytes) with $(go env GOVERSION)"
		exit 0
	fi
done
echo "build.sh: wasm_exec.js not found under $goroot" >&2
exit 1
