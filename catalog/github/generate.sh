#!/usr/bin/env bash
# Regenerates the embedded GitHub catalogues from a pinned @octokit/openapi.
# Needs npm and Go. Run from anywhere: bash catalog/github/generate.sh
set -euo pipefail
VERSION=23.0.2
here="$(cd "$(dirname "$0")" && pwd)"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
(cd "$tmp" && npm init -y >/dev/null && npm install --no-audit --no-fund --ignore-scripts "@octokit/openapi@$VERSION" >/dev/null)
pkg="$tmp/node_modules/@octokit/openapi"
cp "$pkg/LICENSE" "$here/LICENSE-openapi.txt"
cd "$here"
go run ./internal/gen -in "$pkg/generated" -version "$VERSION" -out .
gofmt -w source_gen.go
