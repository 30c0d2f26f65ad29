// Per-call time in Node: @endpointkit/endpoint (this folder's parent,
// built with ../build.sh) next to @octokit/endpoint v6, on the same calls.
//
//   npm install && node bench.mjs [calls] [repeats]
//
// Each repeat times `calls` calls after a warm-up; the median and the
// minimum are printed. No assertion: timings depend on the machine.
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";

const loadStart = performance.now();
const { endpoint: wasm } = await import("../endpoint.mjs");
const loadMs = performance.now() - loadStart;

const require = createRequire(import.meta.url);
const { endpoint: v6 } = require("@octokit/endpoint");
const v6version = require("@octokit/endpoint/package.json").version;

const calls = Number(process.argv[2] ?? 100_000);
const repeats = Number(process.argv[3] ?? 5);
const warmup = 20_000;

const requests = {
  "GET issues (2 path + 2 query params)": [
    "GET /repos/{owner}/{repo}/issues",
    { owner: "octokit", repo: "rest.js", state: "open", per_page: 100 },
  ],
  "POST issue (2 path params + JSON body)": [
    "POST /repos/{owner}/{repo}/issues",
    { owner: "octokit", repo: "rest.js", title: "Found a bug", body: "details", labels: ["bug"] },
  ],
};

function time(fn) {
  for (let i = 0; i < warmup; i++) fn();
  const ns = [];
  for (let r = 0; r < repeats; r++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < calls; i++) fn();
    ns.push(Number(process.hrtime.bigint() - start) / calls);
  }
  ns.sort((a, b) => a - b);
  return { median: ns[Math.floor(ns.length / 2)], min: ns[0] };
}

const row = (name, t) =>
  console.log(`  ${name.padEnd(40)} ${t.median.toFixed(0).padStart(7)} ns/call (min ${t.min.toFixed(0)})`);

console.log(`node ${process.version}; ${calls} calls x ${repeats} repeats after ${warmup} warm-up calls`);
for (const [name, [route, options]] of Object.entries(requests)) {
  const a = v6(route, options);
  const b = wasm(route, options);
  if (a.url !== b.url || JSON.stringify(a.body) !== JSON.stringify(b.body)) {
    throw new Error(`${name}: the two disagree: ${a.url} / ${b.url}`);
  }
  console.log(`${name}: endpoint(${JSON.stringify(route)}, ${JSON.stringify(options)})`);
  const t6 = time(() => v6(route, options));
  const tw = time(() => wasm(route, options));
  const tj = time(() => JSON.parse(JSON.stringify(options)));
  row(`@octokit/endpoint ${v6version}`, t6);
  row("@endpointkit/endpoint (wasm)", tw);
  row("(JSON.stringify + JSON.parse of options)", tj);
  console.log(`  ratio wasm / v6 (medians): ${(tw.median / t6.median).toFixed(2)}x`);
}

const bytes = readFileSync(new URL("../endpoint.wasm", import.meta.url));
console.log(`endpoint.wasm: ${bytes.length} bytes, ${gzipSync(bytes, { level: 9 }).length} gzip -9`);
console.log(`import of ../endpoint.mjs (compile + start): ${loadMs.toFixed(0)} ms`);
