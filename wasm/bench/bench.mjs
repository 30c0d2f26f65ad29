// Per-call time in Node: @endpointkit/endpoint (this folder's parent,
// built with ../build.sh) next to @octokit/endpoint v6 on the same calls.
//
//   npm install && node bench.mjs [calls] [rounds] [regexp of case names]
//
// Cases: GET and POST, each with the authorization header given in the
// call and given by .defaults(); "same" repeats one call (what a loop
// over one request does; our result cache answers it), "varied" cycles
// through 2,000 owners so that no call repeats within the cache's reach
// (the cost of a call the engine has to compute). "unique headers" gives
// every call headers of its own (a per-request id or token: 65,536
// headers objects, each with its own value, cycled), so that no call's
// headers repeat within reach of the header layers. "defaults() per
// call" makes an endpoint with .defaults() for every call and calls it
// once (code that does not keep its endpoints). Rounds alternate the two
// implementations; each row shows the median and fastest round, and the
// ratio ours / v6 (median of the per-round ratios, and of the fastest
// rounds). No assertion: timings depend on the machine. BENCH_MODULE
// times another copy of endpoint.mjs, to compare two versions.
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";

const loadStart = performance.now();
const { endpoint: ours } = await import(process.env.BENCH_MODULE ? new URL(process.env.BENCH_MODULE, `file://${process.cwd()}/`).href : "../endpoint.mjs");
const loadMs = performance.now() - loadStart;

const require = createRequire(import.meta.url);
const { endpoint: v6 } = require("@octokit/endpoint");
const v6version = require("@octokit/endpoint/package.json").version;

const calls = Number(process.argv[2] ?? 50_000);
const rounds = Number(process.argv[3] ?? 7);
const only = new RegExp(process.argv[4] ?? "");
const warmup = 20_000;
const AUTH = { authorization: "token 0000000000000000000000000000000000000001" };
const OWNERS = Array.from({ length: 2000 }, (_, i) => `owner-${i}`);
const UNIQUE = 65_536;

const GET = ["GET /repos/{owner}/{repo}/issues", (owner) => ({ owner, repo: "rest.js", state: "open", per_page: 100 })];
const POST = [
  "POST /repos/{owner}/{repo}/issues",
  (owner) => ({ owner, repo: "rest.js", title: "Found a bug", body: "details", labels: ["bug"] }),
];

// A case makes, for an implementation, the function one round calls.
function makeCase([route, params], authFrom, varied) {
  if (authFrom === "defaults per call") {
    return (impl) => {
      const options = OWNERS.map((o) => params(o));
      const auth = Array.from({ length: UNIQUE }, (_, i) => ({ headers: { authorization: `token ${String(i).padStart(40, "0")}` } }));
      let i = 0;
      return () => impl.defaults(auth[i % UNIQUE])(route, options[i++ % OWNERS.length]);
    };
  }
  return (impl) => {
    const ep = authFrom === "defaults" ? impl.defaults({ headers: AUTH }) : impl;
    const withAuth = (p) => (authFrom === "call" ? { ...p, headers: AUTH } : p);
    // Options are made before timing, as a caller holding them would.
    const options =
      authFrom === "unique"
        ? Array.from({ length: UNIQUE }, (_, i) => ({
            ...params(OWNERS[i % OWNERS.length]),
            headers: { authorization: `token ${String(i).padStart(40, "0")}` },
          }))
        : (varied ? OWNERS : ["octokit"]).map((o) => withAuth(params(o)));
    let i = 0;
    return () => ep(route, options[i++ % options.length]);
  };
}

const cases = [];
for (const [name, req] of [["GET", GET], ["POST", POST]]) {
  for (const authFrom of ["call", "defaults"]) {
    for (const varied of [false, true]) {
      cases.push({ name: `${name}, authorization from ${authFrom}, ${varied ? "varied" : "same"}`, make: makeCase(req, authFrom, varied) });
    }
  }
}
for (const [name, req] of [["GET", GET], ["POST", POST]]) {
  cases.push({ name: `${name}, unique headers per call`, make: makeCase(req, "unique", true) });
}
cases.push({ name: "GET, defaults() per call", make: makeCase(GET, "defaults per call", true) });

function check(name, a, b) {
  const same =
    a.url === b.url &&
    a.method.toUpperCase() === b.method.toUpperCase() &&
    a.headers.authorization === b.headers.authorization &&
    JSON.stringify(a.body) === JSON.stringify(b.body);
  if (!same) throw new Error(`${name}: the two disagree:\n${JSON.stringify(a)}\n${JSON.stringify(b)}`);
}

function batch(fn) {
  const start = process.hrtime.bigint();
  for (let i = 0; i < calls; i++) fn();
  return Number(process.hrtime.bigint() - start) / calls;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (ns) => `${(ns / 1000).toFixed(2)} µs`;

console.log(`node ${process.version}; @octokit/endpoint ${v6version}; ${calls} calls x ${rounds} alternating rounds`);
console.log(`${"case".padEnd(42)} ${"v6 median (fastest)".padStart(22)} ${"ours median (fastest)".padStart(24)}  ours/v6 (fastest)`);
for (const c of cases.filter((c) => only.test(c.name))) {
  const a = c.make(v6);
  const b = c.make(ours);
  check(c.name, a(), b());
  for (let i = 0; i < warmup; i++) {
    a();
    b();
  }
  const ta = [];
  const tb = [];
  for (let r = 0; r < rounds; r++) {
    ta.push(batch(a));
    tb.push(batch(b));
  }
  const ratio = median(tb.map((t, i) => t / ta[i]));
  const fastest = Math.min(...tb) / Math.min(...ta);
  console.log(
    `${c.name.padEnd(42)} ${`${fmt(median(ta))} (${fmt(Math.min(...ta))})`.padStart(22)} ${`${fmt(median(tb))} (${fmt(Math.min(...tb))})`.padStart(24)}  ${ratio.toFixed(2)}x (${fastest.toFixed(2)}x)`,
  );
}

const bytes = readFileSync(new URL("../endpoint.wasm", import.meta.url));
console.log(`endpoint.wasm: ${bytes.length} bytes, ${gzipSync(bytes, { level: 9 }).length} gzip -9`);
console.log(`import of ../endpoint.mjs (compile + start): ${loadMs.toFixed(0)} ms`);
