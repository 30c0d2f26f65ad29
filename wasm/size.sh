#!/bin/sh
# Builds endpoint.wasm (build.sh), prints its size raw and gzip -9, and
# fails when the gzip size is over the budget.
#
#   sh size.sh [--breakdown]
#
# --breakdown also builds a copy that keeps the wasm name section and
# prints its code size by Go package (size-breakdown.mjs; needs node).
# SIZE_BUDGET: the budget in bytes of gzip -9 output (default 1000000).
# SIZE_REPORT_ONLY=1: print, but do not fail over the budget.
set -eu
cd "$(dirname "$0")"

budget=${SIZE_BUDGET:-1000000}
sh build.sh >/dev/null
raw=$(wc -c <endpoint.wasm)
gz=$(gzip -9 -c endpoint.wasm | wc -c)
echo "endpoint.wasm: $raw bytes raw, $gz bytes gzip -9; budget $budget bytes gzip -9"

if [ "${1:-}" = "--breakdown" ]; then
	named=$(mktemp)
	trap 'rm -f "$named"' EXIT
	# The flags of build.sh, but keeping the name section (no -s).
	GOOS=js GOARCH=wasm CGO_ENABLED=0 go build -tags endpoint_nohttp,endpoint_nojson -trimpath -ldflags=-w -o "$named" .
	node size-breakdown.mjs "$named" 30
fi

if [ "$gz" -gt "$budget" ]; then
	echo "size.sh: endpoint.wasm is $((gz - budget)) bytes gzip -9 over its budget" >&2
	[ "${SIZE_REPORT_ONLY:-}" = 1 ] || exit 1
fi
