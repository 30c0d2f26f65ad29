#!/usr/bin/env bash
# Runs octokit's own test suites against this package, in scratch folders
# outside the repository (nothing of octokit's is kept):
#
#   - @octokit/endpoint v6.0.12's suite (jest) with its src/index.ts
#     re-exporting @endpointkit/endpoint/octokit, as is and with the
#     default user-agent set to v6's;
#   - @octokit/request v5.6.3's (jest) and the newest's (vitest) with
#     @octokit/endpoint replaced by @endpointkit/endpoint/octokit through
#     npm overrides (and the shim README.md shows), next to the same
#     suite on the real @octokit/endpoint 6.0.12: the tests that pass
#     must be the same ones.
#
#   scripts/octokit-suites.sh ENDPOINT_GIT_DIR REQUEST_GIT_DIR
#
# The arguments are git directories of octokit/endpoint.js and
# octokit/request.js (clones or mirrors). Needs the network for npm.
set -euo pipefail
endpoint_git=$1
request_git=$2
here=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

(cd "$here" && npm pack --pack-destination "$work" >/dev/null)
tgz="$work/endpointkit-endpoint-$(node -p "require('$here/package.json').version").tgz"

# The shim npm overrides points @octokit/endpoint at (README.md).
shim() {
	mkdir -p "$1/shim"
	printf '{"name":"@octokit/endpoint","version":"6.0.12","main":"index.js","exports":{"import":"./index.mjs","require":"./index.js"}}\n' >"$1/shim/package.json"
	echo 'module.exports = require("@endpointkit/endpoint/octokit");' >"$1/shim/index.js"
	echo 'export * from "@endpointkit/endpoint/octokit";' >"$1/shim/index.mjs"
}

# package.json of a suite: its dependencies, without those of building
# and releasing; endpoint is "v6" or "ours".
prepare() {
	node -e '
		const fs = require("fs");
		const [file, runner, endpoint, tgz] = process.argv.slice(1);
		const p = JSON.parse(fs.readFileSync(file, "utf8"));
		for (const k of Object.keys(p.devDependencies ?? {})) if (/^@pika|semantic-release|prettier|coverage/.test(k)) delete p.devDependencies[k];
		p.scripts = {};
		if (p.jest) { delete p.jest.coverageThreshold; p.jest.globals = { "ts-jest": { isolatedModules: true } }; }
		delete p.overrides;
		if (endpoint === "v6") p.dependencies["@octokit/endpoint"] = "6.0.12";
		else {
			p.dependencies["@endpointkit/endpoint"] = "file:" + tgz;
			p.dependencies["@octokit/endpoint"] = "file:./shim";
			p.overrides = { "@octokit/endpoint": "file:./shim" };
		}
		fs.writeFileSync(file, JSON.stringify(p, null, 1));
	' "$1/package.json" "$2" "$3" "$tgz"
	(cd "$1" && rm -rf node_modules package-lock.json && npm install --no-audit --no-fund --no-package-lock >/dev/null 2>&1)
}

results() { # dir runner → one line per test: ✓ or ✕ and its name
	if [ "$2" = jest ]; then
		(cd "$1" && ./node_modules/.bin/jest --verbose 2>&1 || true) | grep -E '^\s+(✓|✕|○)' | sed -E 's/ \([0-9]+ ms\)$//; s/^\s+//' | sort
	else
		(cd "$1" && ./node_modules/.bin/vitest run --reporter=verbose 2>&1 || true) | sed 's/\x1b\[[0-9;]*m//g' | grep -E '^\s+(✓|×|↓)' | sed -E 's/ [0-9]+ms$//; s/^\s+//; s/^×/✕/' | sort
	fi
}

echo "== @octokit/endpoint v6.0.12's suite on @endpointkit/endpoint/octokit"
ep="$work/endpoint"
mkdir -p "$ep" && git -C "$endpoint_git" archive v6.0.12 | tar -x -C "$ep"
node -e '
	const fs = require("fs");
	fs.writeFileSync(process.argv[1], JSON.stringify({ name: "suite", private: true, jest: { preset: "ts-jest", globals: { "ts-jest": { isolatedModules: true } },
		moduleNameMapper: { "^@endpointkit/endpoint/octokit$": "<rootDir>/node_modules/@endpointkit/endpoint/dist/octokit.cjs" } } }));
' "$ep/package.json"
(cd "$ep" && npm install --no-audit --no-fund --no-package-lock jest@27 ts-jest@27 typescript@4 @types/jest@27 @octokit/types@6 universal-user-agent@6 is-plain-object@5 "$tgz" >/dev/null 2>&1)
printf '// @ts-ignore\nexport { endpoint } from "@endpointkit/endpoint/octokit";\n' >"$ep/src/index.ts"
echo "-- as is: $(results "$ep" jest | grep -c '^✓') passed"; results "$ep" jest | grep '^✕' || true
cat >"$ep/src/index.ts" <<'TS'
// @ts-ignore
import { endpoint as ours } from "@endpointkit/endpoint/octokit";
import { getUserAgent } from "universal-user-agent";
import { VERSION } from "./version";
export const endpoint = ours.defaults({ headers: { "user-agent": `octokit-endpoint.js/${VERSION} ${getUserAgent()}` } });
TS
echo "-- with v6's default user-agent: $(results "$ep" jest | grep -c '^✓') passed"; results "$ep" jest | grep '^✕' || true

for version in v5.6.3 HEAD; do
	runner=jest
	[ "$version" = HEAD ] && runner=vitest
	echo "== @octokit/request $version's suite ($(git -C "$request_git" describe --tags "$version"))"
	for endpoint in v6 ours; do
		dir="$work/request-$version-$endpoint"
		mkdir -p "$dir" && git -C "$request_git" archive "$version" | tar -x -C "$dir"
		shim "$dir"
		[ -f "$dir/vite.config.js" ] && sed -i 's/coverage: {/coverage: { enabled: false,/' "$dir/vite.config.js"
		prepare "$dir" "$runner" "$endpoint"
		results "$dir" "$runner" >"$work/$version-$endpoint.txt"
		echo "-- $endpoint: $(grep -c '^✓' "$work/$version-$endpoint.txt") passed, $(grep -c '^✕' "$work/$version-$endpoint.txt") failed"
	done
	if diff "$work/$version-v6.txt" "$work/$version-ours.txt"; then echo "-- the same tests pass"; fi
	grep '^✕' "$work/$version-ours.txt" || true
done
