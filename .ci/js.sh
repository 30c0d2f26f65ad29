#!/usr/bin/env bash
# CI for the JavaScript package in js/ (@endpointkit/endpoint): builds it,
# packs the npm tarball and checks its exact file list and the gzip size
# budget of what a browser downloads, installs the tarball into a scratch
# project and runs the Node tests (the differential test against the Go
# engine among them), the headless-Chromium test and the typed-program
# check (tsc --strict) against that installed copy. Installs its npm dev
# dependencies with npm ci and, when missing, Debian's chromium (as root,
# or through sudo). Set CHROMIUM to use another Chromium binary, and
# ENDPOINTKIT_LONG=1 for the long differential run (100,000 cases).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

for tool in go node npm; do
	command -v "$tool" >/dev/null || { echo "js.sh: $tool missing" >&2; exit 1; }
done
echo "go $(go env GOVERSION), node $(node --version), npm $(npm --version)"

# The Go side of the differential test.
go vet ./js/...

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cd "$root/js"
npm ci --no-audit --no-fund

# npm pack runs the build (prepack).
tarball=$(npm pack --pack-destination "$work" | tail -n 1)
tgz="$work/$tarball"
echo "$tarball: $(wc -c <"$tgz") bytes"

# The tarball holds exactly these files.
want='LICENSE
README.md
dist/index.cjs
dist/index.d.cts
dist/index.d.ts
dist/index.js
dist/octokit.cjs
dist/octokit.d.cts
dist/octokit.d.ts
dist/octokit.js
octokit/package.json
package.json'
got=$(tar -tzf "$tgz" | sed 's|^package/||' | sort)
if [ "$got" != "$want" ]; then
	echo "js.sh: the tarball's files differ from the list:" >&2
	diff <(echo "$want") <(echo "$got") >&2 || true
	exit 1
fi

# What a browser downloads, one entry point's ES module, within 8 KiB
# gzip -9 (js/README.md, "Size and speed").
tar -xzf "$tgz" -C "$work"
for f in index.js octokit.js; do
	size=$(gzip -9 -c "$work/package/dist/$f" | wc -c)
	echo "dist/$f: $(wc -c <"$work/package/dist/$f") bytes, $size gzip -9 (budget 8192)"
	[ "$size" -le 8192 ] || { echo "js.sh: dist/$f is over the size budget" >&2; exit 1; }
done

# Install the tarball the way a user would, and give the tests modules
# that import the package by name (so its "exports" map is used).
install="$work/install"
mkdir -p "$install"
printf '{"name":"js-ci","private":true,"type":"module"}\n' >"$install/package.json"
(cd "$install" && npm install --no-audit --no-fund --no-package-lock "$tgz")
printf 'export * from "@endpointkit/endpoint";\nexport { default } from "@endpointkit/endpoint";\n' >"$install/entry.mjs"
printf 'export * from "@endpointkit/endpoint/octokit";\nexport { default } from "@endpointkit/endpoint/octokit";\n' >"$install/entry-octokit.mjs"

chromium=${CHROMIUM:-/usr/bin/chromium}
if [ ! -x "$chromium" ]; then
	echo "js.sh: installing chromium with apt"
	sudo=""
	[ "$(id -u)" -eq 0 ] || sudo="sudo"
	$sudo apt-get update
	DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y --no-install-recommends chromium
fi
"$chromium" --version 2>/dev/null || true

ENDPOINTKIT_INSTALL="$install" CHROMIUM="$chromium" node --test --test-reporter=spec test/*.test.mjs
