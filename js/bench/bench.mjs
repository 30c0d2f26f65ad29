// Size and speed of this package next to @octokit/endpoint 6.0.12 and
// 11.x (dev dependencies), in one process, in alternating rounds:
//
//   node bench/bench.mjs [calls per round] [rounds]
//
// - gzip -9 of what a browser downloads: this package's dist/index.js,
//   which holds all it needs, and each of octokit's bundled for the
//   browser by esbuild (minified, ESM), dependencies included;
// - Node process start to the first result: a fresh `node` that imports
//   the package (and, for the CommonJS builds, requires it) and builds one
//   request, wall time, median of alternating runs;
// - per call: varied GETs, varied POSTs, calls through an endpoint made
//   once with defaults(), and merge() then parse(), each call's values
//   new (no two calls alike), medians of the rounds.
// Prints a table of medians and ratios to v6.
import { build } from "esbuild";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { gzipSync } from "node:zlib";

const CALLS = Number(process.argv[2] ?? 20_000);
const ROUNDS = Number(process.argv[3] ?? 9);
const root = new URL("..", import.meta.url).pathname;
const require = createRequire(import.meta.url);

const libs = {
  endpointkit: { esm: `${root}dist/index.js`, cjs: `${root}dist/index.cjs` },
  v6: { esm: require.resolve("@octokit/endpoint-v6"), cjs: require.resolve("@octokit/endpoint-v6"), pkg: "@octokit/endpoint-v6" },
  v11: { esm: `${root}node_modules/@octokit/endpoint-latest/dist-bundle/index.js`, pkg: "@octokit/endpoint-latest" },
};
const loaded = {
  endpointkit: (await import(libs.endpointkit.esm)).endpoint,
  v6: require("@octokit/endpoint-v6").endpoint,
  v11: (await import(libs.v11.esm)).endpoint,
};

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

// Size: each bundled for a browser, as a page that imports it would get it.
async function gzipSize(entry) {
  const out = await build({ stdin: { contents: `export { endpoint } from ${JSON.stringify(entry)};`, resolveDir: root }, bundle: true, minify: true, format: "esm", platform: "browser", write: false, logLevel: "silent" });
  return gzipSync(out.outputFiles[0].contents, { level: 9 }).length;
}
const sizes = {
  endpointkit: gzipSync(readFileSync(libs.endpointkit.esm), { level: 9 }).length,
  v6: await gzipSize(libs.v6.pkg),
  v11: await gzipSize(libs.v11.pkg),
};

// Start: a fresh process to the first result.
function startOnce(kind, file) {
  const code = file === null
    ? "0"
    : kind === "esm"
      ? `const { endpoint } = await import(${JSON.stringify(file)}); endpoint("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" });`
      : `const { endpoint } = require(${JSON.stringify(file)}); endpoint("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" });`;
  const args = kind === "esm" ? ["--input-type=module", "-e", code] : ["-e", code];
  const t0 = process.hrtime.bigint();
  const r = spawnSync(process.execPath, args, { encoding: "utf8" });
  const t = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.status !== 0) throw new Error(r.stderr);
  return t;
}
const starts = { esm: {}, cjs: {} };
for (let i = 0; i < 21; i++) {
  for (const [name, l] of Object.entries(libs)) {
    (starts.esm[name] ??= []).push(startOnce("esm", l.esm));
    if (l.cjs) (starts.cjs[name] ??= []).push(startOnce("cjs", l.cjs));
  }
  (starts.esm.node ??= []).push(startOnce("esm", null));
}

// Per call.
const owners = Array.from({ length: 512 }, (_, i) => `owner-${i}`);
const cases = {
  "varied GET": (ep) => (i) =>
    ep("GET /repos/{owner}/{repo}/issues", { owner: owners[i & 511], repo: `repo${i}`, state: "open", per_page: i % 100, headers: { authorization: "token 0123456789abcdef" } }),
  "varied POST": (ep) => (i) =>
    ep("POST /repos/{owner}/{repo}/issues", { owner: owners[i & 511], repo: "rest.js", title: `Issue ${i}`, body: "It fails", labels: ["bug", `l${i % 7}`], headers: { authorization: "token 0123456789abcdef" } }),
  "through defaults()": (ep) => {
    const gh = ep.defaults({ baseUrl: "https://ghe.example/api/v3", headers: { authorization: "token 0123456789abcdef", "x-github-api-version": "2022-11-28" } });
    return (i) => gh("GET /repos/{owner}/{repo}/pulls/{pull_number}", { owner: owners[i & 511], repo: "r", pull_number: i });
  },
  "merge() + parse()": (ep) => (i) =>
    ep.parse(ep.merge("PATCH /repos/{owner}/{repo}/issues/{issue_number}", { owner: owners[i & 511], repo: "r", issue_number: i, state: "closed" })),
};

const perCall = {};
let sink = 0;
for (const [label, make] of Object.entries(cases)) {
  const fns = Object.fromEntries(Object.entries(loaded).map(([name, ep]) => [name, make(ep)]));
  for (const f of Object.values(fns)) for (let i = 0; i < 2000; i++) sink += f(i).url.length; // warm up
  const times = {};
  for (let r = 0; r < ROUNDS; r++) {
    for (const [name, f] of Object.entries(fns)) {
      const base = r * CALLS;
      const t0 = process.hrtime.bigint();
      for (let i = 0; i < CALLS; i++) sink += f(base + i).url.length;
      (times[name] ??= []).push(Number(process.hrtime.bigint() - t0) / CALLS);
    }
  }
  perCall[label] = Object.fromEntries(Object.entries(times).map(([n, t]) => [n, median(t)]));
}

const ratio = (x, v6) => `${(x / v6).toFixed(2)}×`;
const rows = [
  ["gzip -9, browser bundle (bytes)", sizes.endpointkit, sizes.v6, sizes.v11],
  ["process start → first result, import (ms)", median(starts.esm.endpointkit), median(starts.esm.v6), median(starts.esm.v11)],
  ["process start → first result, require (ms)", median(starts.cjs.endpointkit), median(starts.cjs.v6), null],
  ...Object.entries(perCall).map(([label, t]) => [`${label} (µs per call)`, t.endpointkit / 1000, t.v6 / 1000, t.v11 / 1000]),
];
console.log(`node ${process.version}, ${CALLS} calls × ${ROUNDS} rounds; an empty node process: ${median(starts.esm.node).toFixed(1)} ms`);
console.log("| measure | endpointkit | v6 6.0.12 | v11 | endpointkit / v6 | v11 / v6 |");
console.log("|---|---:|---:|---:|---:|---:|");
const fmt = (x) => (x === null ? "—" : Number.isInteger(x) ? String(x) : x.toFixed(x < 10 ? 2 : 1));
for (const [label, a, b, c] of rows) console.log(`| ${label} | ${fmt(a)} | ${fmt(b)} | ${fmt(c)} | ${ratio(a, b)} | ${c === null ? "—" : ratio(c, b)} |`);
if (sink === 0) console.log(sink);
