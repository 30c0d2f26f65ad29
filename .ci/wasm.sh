#!/usr/bin/env bash
# CI for the JavaScript package in wasm/: builds endpoint.wasm, packs the
# npm tarball, installs it into a scratch project and runs the Node tests
# and the headless-Chromium test against that installed copy. Installs its
# own npm dependencies and, when missing, Debian's chromium (as root, or
# through sudo). Set CHROMIUM to use another Chromium binary.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

for tool in go node npm; do
	command -v "$tool" >/dev/null || { echo "wasm.sh: $tool missing" >&2; exit 1; }
done
echo "go $(go env GOVERSION), node $(node --version), npm $(npm --version)"

# The wasm package only builds for js/wasm; vet it there.
GOOS=js GOARCH=wasm go vet ./wasm/

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cd "$root/wasm"
npm ci --no-audit --no-fund

# npm pack runs build.sh (prepack): endpoint.wasm and wasm_exec.js.
tarball=$(npm pack --pack-destination "$work" | tail -n 1)
tgz="$work/$tarball"
echo "$tarball: $(wc -c <"$tgz") bytes"

# Size against the 1.0 MB gzip budget, with the biggest packages; over it
# fails (wasm/README.md, "Size and speed").
sh ./size.sh --breakdown

# Install the tarball the way a user would, and give the tests one module
# that imports the package by name (so its "exports" map is used).
install="$work/install"
mkdir -p "$install"
printf '{"name":"wasm-ci","private":true,"type":"module"}\n' >"$install/package.json"
(cd "$install" && npm install --no-audit --no-fund --no-package-lock "$tgz")
printf 'export * from "@endpointkit/endpoint";\nexport { default } from "@endpointkit/endpoint";\n' >"$install/entry.mjs"
for f in endpoint.mjs endpoint.wasm wasm_exec.js endpoint.d.ts package.json LICENSE; do
	[ -f "$install/node_modules/@endpointkit/endpoint/$f" ] || { echo "wasm.sh: $f missing from the tarball" >&2; exit 1; }
done

chromium=${CHROMIUM:-/usr/bin/chromium}
if [ ! -x "$chromium" ]; then
	echo "wasm.sh: installing chromium with apt"
	sudo=""
	[ "$(id -u)" -eq 0 ] || sudo="sudo"
	$sudo apt-get update
	DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y --no-install-recommends chromium
fi
"$chromium" --version 2>/dev/null || true

# --expose-gc for test/memory.test.mjs (which can also turn it on itself).
ENDPOINTKIT_INSTALL="$install" CHROMIUM="$chromium" node --expose-gc --test --test-reporter=spec test/*.test.mjs
