"use strict";
// Times @octokit/endpoint v6 building requests A and B (the same requests
// as ../request.go), per call, in this Node process. It first checks that
// the outputs are the requests the Go side builds, then warms up, then
// times batches until --ms milliseconds have passed, and prints Go
// benchmark lines so that ../run.sh tabulates them with the Go results:
//
//   BenchmarkA/octokit-endpoint-v6-node   <calls>   <ns> ns/op
//
// usage: node bench.js [--ms 1000] [--rounds 1]
const assert = require("assert");
const { endpoint } = require("@octokit/endpoint");
const version = require("@octokit/endpoint/package.json").version;

const args = process.argv.slice(2);
const opt = (name, def) => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : def;
};
const targetMs = opt("--ms", 1000);
const rounds = opt("--rounds", 1);

const UA = "endpointkit-bench/1.0";
const ep = endpoint.defaults({ headers: { authorization: "token abc", "user-agent": UA } });
// Variables, as on the Go side.
let owner = "octokit";
let repo = "rest.js";

const cases = {
  A: () => ep("GET /repos/{owner}/{repo}/issues", { owner, repo, per_page: 100, state: "open" }),
  B: () =>
    ep("POST /repos/{owner}/{repo}/issues", {
      owner,
      repo,
      title: "Found a bug",
      body: "details",
      labels: ["bug"],
    }),
};

// The same requests as the Go side builds (WantURLA, WantBodyB, …).
const headers = { accept: "application/vnd.github.v3+json", "user-agent": UA, authorization: "token abc" };
assert.deepStrictEqual(cases.A(), {
  method: "GET",
  url: "https://api.github.com/repos/octokit/rest.js/issues?per_page=100&state=open",
  headers,
});
const b = cases.B();
assert.deepStrictEqual(
  { method: b.method, url: b.url, headers: b.headers, body: JSON.stringify(b.body) },
  {
    method: "POST",
    url: "https://api.github.com/repos/octokit/rest.js/issues",
    headers: { ...headers, "content-type": "application/json; charset=utf-8" },
    body: '{"title":"Found a bug","body":"details","labels":["bug"]}',
  }
);

let sink = 0;
function time(fn, n) {
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < n; i++) sink += fn().url.length;
  return Number(process.hrtime.bigint() - t0);
}

process.stderr.write(`# @octokit/endpoint ${version}, node ${process.version}\n`);
for (const [name, fn] of Object.entries(cases)) time(fn, 50000); // warm-up: let the JIT settle
for (let r = 0; r < rounds; r++) {
  for (const [name, fn] of Object.entries(cases)) {
    let n = 1000;
    let ns = time(fn, n);
    while (ns < targetMs * 1e6) {
      n = Math.min(n * 100, Math.max(Math.ceil((n * targetMs * 1e6 * 1.2) / Math.max(ns, 1)), n + 1));
      ns = time(fn, n);
    }
    console.log(`Benchmark${name}/octokit-endpoint-v6-node\t${n}\t${(ns / n).toFixed(1)} ns/op`);
  }
}
if (sink === 0) console.error("unreachable");
