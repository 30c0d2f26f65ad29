#!/usr/bin/env bash
# Runs the whole benchmark harness and prints the table:
#   1. the equivalence specs (every implementation and every endpointkit
#      path builds the same requests as the floor);
#   2. COUNT interleaved rounds: all Go benchmarks once, the first use of
#      GitHub's catalogue in a fresh process (cmd/catalogload) once, then
#      the Node reference (@octokit/endpoint v6) once, so that every row's
#      ratio to its floor or baseline is taken within the same run and round;
#   3. the template-cache memory table (cmd/cachemem);
#   4. CPU and allocation profiles of the rows in PROFILES (PROFILE=1).
#
# usage: bench/run.sh              # 6 rounds of 750ms per benchmark (5-8 min;
#                                  # 6 samples: benchstat needs them for a CI)
#        QUICK=1 bench/run.sh      # 1 round of 200ms (<1 min)
# env:   COUNT, BENCHTIME, BENCH (a -bench regexp), JSMS (ms per Node
#        measurement), PROFILE=0|1, PROFILES (benchmark names, space-separated),
#        NODE=0 (skip Node), UPDATE=1 (rewrite the generated part of ../BENCHMARKS.md),
#        TABLE_ONLY=1 (measure nothing: re-render the table from bench/out/)
# Output goes to bench/out/ (OUT=dir to change; raw.txt, table.md,
# benchstat.txt, cachemem.txt, profiles).
set -euo pipefail
trap 'echo "run.sh: failed at line $LINENO" >&2' ERR
cd "$(dirname "$0")"
start=$SECONDS

if [ "${QUICK:-0}" = 1 ]; then
	COUNT=${COUNT:-1} BENCHTIME=${BENCHTIME:-200ms} JSMS=${JSMS:-200}
	PROFILE=${PROFILE:-0} UPDATE=${UPDATE:-0}
else
	COUNT=${COUNT:-6} BENCHTIME=${BENCHTIME:-750ms} JSMS=${JSMS:-750}
	PROFILE=${PROFILE:-1} UPDATE=${UPDATE:-1}
fi
BENCH=${BENCH:-.}
PROFILES=${PROFILES:-A/endpointkit-http B/endpointkit-http A/endpointkit-onestep B/endpointkit-onestep Data/size=1MiB/endpointkit-onestep}
OUT=${OUT:-out}
mkdir -p "$OUT"

say() { printf '\n== %s\n' "$*" >&2; }

measure() {
	rm -f "$OUT"/raw.txt
	echo "$( (env | grep -E '^(QUICK|COUNT|BENCHTIME|BENCH|JSMS|PROFILE|NODE|UPDATE)=' || true) |
		sort | tr '\n' ' ')bench/run.sh (COUNT=$COUNT, BENCHTIME=$BENCHTIME)" >"$OUT"/cmdline.txt

	TAGS=""
	go build . || { echo "run.sh: the bench package does not build" >&2; exit 1; }
	adapter=$(sed -n 's/^const HTTPAdapter = "\(.*\)"$/\1/p' adapter_library.go)
	echo "$adapter" >"$OUT"/adapter.txt
	say "HTTPRequest adapter: $adapter"

	say "machine"
	{
		echo "nproc: $(nproc)"
		lscpu | head -n 15
		go version
		echo "node $(node --version 2>/dev/null || echo missing)"
		echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
	} | tee "$OUT"/machine.txt >&2

	say "equivalence specs"
	go test -tags "$TAGS" -count=1 -run '^TestBench$' . >&2

	say "tools"
	BENCHSTAT=$(command -v benchstat || true)
	if [ -z "$BENCHSTAT" ]; then
		BENCHSTAT="$(go env GOPATH)/bin/benchstat"
		[ -x "$BENCHSTAT" ] || GOFLAGS= go install golang.org/x/perf/cmd/benchstat@latest >&2 || BENCHSTAT=""
	fi
	[ -n "$BENCHSTAT" ] && [ -x "$BENCHSTAT" ] || { echo "benchstat unavailable; continuing without it" >&2; BENCHSTAT=""; }
	NODE=${NODE:-1}
	if [ "$NODE" = 1 ] && command -v node >/dev/null && command -v npm >/dev/null; then
		if [ ! -d js/node_modules/@octokit/endpoint ]; then
			(cd js && if [ -f package-lock.json ]; then npm ci --no-audit --no-fund; else npm install --no-audit --no-fund; fi) >&2
		fi
	else
		NODE=0
		echo "node/npm missing or NODE=0: no JavaScript reference" >&2
	fi
	go test -tags "$TAGS" -c -o "$OUT"/bench.test .
	go build -o "$OUT"/cachemem ./cmd/cachemem
	go build -o "$OUT"/catalogload ./cmd/catalogload

	for round in $(seq 1 "$COUNT"); do
		say "round $round/$COUNT"
		"$OUT"/bench.test -test.run '^$' -test.bench "$BENCH" -test.benchmem \
			-test.benchtime "$BENCHTIME" -test.count 1 >"$OUT"/round.txt ||
			{ cat "$OUT"/round.txt >&2; echo "run.sh: benchmarks failed in round $round" >&2; exit 1; }
		cat "$OUT"/round.txt >>"$OUT"/raw.txt
		grep '^Benchmark' "$OUT"/round.txt >&2 || true
		if [ "$BENCH" = . ]; then
			"$OUT"/catalogload 1 | tee -a "$OUT"/raw.txt >&2
		fi
		if [ "$NODE" = 1 ]; then
			node js/bench.js --ms "$JSMS" | tee -a "$OUT"/raw.txt >&2
		fi
	done

	say "template cache: live heap after building on n distinct routes, and after n hostile templates (fresh process each)"
	"$OUT"/cachemem 1 100 10000 100000 dense:4096 long:512 | tee "$OUT"/cachemem.txt >&2

	if [ "$PROFILE" = 1 ]; then
		for name in $PROFILES; do
			# A/endpointkit-http -> ^BenchmarkA$/^endpointkit-http$; file A-endpointkit-http.
			re=$(echo "Benchmark$name" | awk -F/ '{ for (i = 1; i <= NF; i++) printf "%s^%s$", (i > 1 ? "/" : ""), $i }')
			f=$(echo "$name" | tr '/=' '--')
			say "profiles of $name"
			"$OUT"/bench.test -test.run '^$' -test.bench "$re" -test.benchmem \
				-test.benchtime 2s -test.cpuprofile "$OUT/cpu-$f.prof" >/dev/null
			"$OUT"/bench.test -test.run '^$' -test.bench "$re" -test.benchmem \
				-test.benchtime 20000x -test.memprofile "$OUT/mem-$f.prof" -test.memprofilerate 1 >/dev/null
			{
				echo "### $name: allocations per call (pprof alloc_objects over 20000 calls, divided)"
				echo "flat/call  cum/call  function"
				go tool pprof -top -nodecount=40 -sample_index=alloc_objects "$OUT"/bench.test "$OUT/mem-$f.prof" 2>/dev/null |
					awk '$1 ~ /^[0-9]+$/ && $1 + 0 > 0 { printf "%9.2f %9.2f  %s\n", $1 / 20000, $4 / 20000, $6 }'
				echo "### $name: allocation sites by line (alloc_objects per call)"
				go tool pprof -top -lines -nodecount=30 -sample_index=alloc_objects "$OUT"/bench.test "$OUT/mem-$f.prof" 2>/dev/null |
					awk '$1 ~ /^[0-9]+$/ && $1 + 0 > 0 { printf "%9.2f  %s %s\n", $1 / 20000, $6, $7 }'
				echo "### $name: allocated bytes (alloc_space)"
				go tool pprof -top -nodecount=15 -sample_index=alloc_space "$OUT"/bench.test "$OUT/mem-$f.prof" 2>&1
				echo "### $name: CPU"
				go tool pprof -top -nodecount=30 "$OUT"/bench.test "$OUT/cpu-$f.prof" 2>&1
			} >"$OUT/profile-$f.txt"
			echo "written $OUT/profile-$f.txt" >&2
		done
	fi

	[ -n "$BENCHSTAT" ] && "$BENCHSTAT" "$OUT"/raw.txt >"$OUT"/benchstat.txt 2>&1 || true
}

render() {
	go build -o "$OUT"/benchtable ./cmd/benchtable
	{
		echo "Command: \`$(cat "$OUT"/cmdline.txt)\`, HTTPRequest: $(cat "$OUT"/adapter.txt)."
		echo
		"$OUT"/benchtable "$OUT"/raw.txt
		echo
		echo "Template cache (cmd/cachemem; live heap after a GC, fresh process per row; n = distinct routes built"
		echo "with Build; dense:n = n templates of template.MaxExpressions expressions, long:n = n templates of"
		echo "template.MaxLength bytes, both through template.Parse; the documented bound is template.CacheSize"
		echo "entries and template.CacheBytes (8 MiB) of estimated memory, text and parsed parts):"
		echo
		echo '```'
		cat "$OUT"/cachemem.txt
		echo '```'
		echo
		echo "Machine:"
		echo
		echo '```'
		cat "$OUT"/machine.txt
		echo '```'
	} >"$OUT"/table.md
	{
		echo "\`$(cat "$OUT"/cmdline.txt)\`; $(sed -n 's/^Model name: *//p' "$OUT"/machine.txt), $(sed -n 's/^nproc: //p' "$OUT"/machine.txt) cores, $(sed -n 's/^go version //p' "$OUT"/machine.txt | cut -d' ' -f1), $(sed -n 's/^node //p' "$OUT"/machine.txt) (load average at start $(sed -n 's/^load average: //p' "$OUT"/machine.txt)); ratios are medians of per-round ratios, min–max over rounds."
		echo
		"$OUT"/benchtable -budgets "$OUT"/raw.txt
	} >"$OUT"/budgets.md
}

if [ "${TABLE_ONLY:-0}" = 1 ]; then
	[ -f "$OUT"/raw.txt ] || { echo "run.sh: TABLE_ONLY=1 needs a previous run's bench/$OUT/raw.txt" >&2; exit 1; }
else
	measure
fi
render

say "table (also in bench/$OUT/table.md; benchstat: bench/$OUT/benchstat.txt)"
cat "$OUT"/table.md

if [ "$UPDATE" = 1 ]; then
	md=../BENCHMARKS.md
	if [ -f "$md" ] && grep -q '<!-- BEGIN run.sh -->' "$md" && grep -q '<!-- END run.sh -->' "$md"; then
		awk -v gen="$OUT/budgets.md" '
			/<!-- BEGIN run.sh -->/ { print; while ((getline l < gen) > 0) print l; skip = 1; next }
			/<!-- END run.sh -->/ { skip = 0 }
			!skip { print }
		' "$md" >"$OUT"/BENCHMARKS.md.new && mv "$OUT"/BENCHMARKS.md.new "$md"
		echo "updated $md" >&2
	else
		echo "no BEGIN/END run.sh markers in $md; not updated" >&2
	fi
fi
echo "run.sh: $((SECONDS - start))s" >&2
