// The browser test page: imports the package by name (import map), runs
// every reference vector and a few API checks, and publishes the outcome
// as window.__result (and in #out) for browser.test.mjs to read.
import { endpoint } from "@endpointkit/endpoint";
import { runAll } from "/test/vectors.mjs";

const json = async (path) => {
  const res = await fetch(path);
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status}`);
  return res.json();
};

const [cases, expected, departures, skips] = await Promise.all([
  json("/vectors/cases.json"),
  json("/vectors/expected-v6.json"),
  json("/vectors/departures.json"),
  json("/test/skips.json"),
]);

const vectors = runAll(endpoint, { cases, expected, departures, skips });

const ghe = endpoint.defaults({ baseUrl: "https://ghe.example/api/v3", request: { fetch: window.fetch } });
let error = null;
try {
  endpoint("GET /repos/{owner}/{repo}", { owner: "o" });
} catch (err) {
  error = { isError: err instanceof Error, code: err.code, message: err.message };
}
const blob = new Blob(["x"]);
const checks = {
  url: endpoint("GET /repos/{owner}/{repo}/issues", { owner: "octokit", repo: "rest.js", state: "open" }).url,
  gheUrl: ghe("GET /user").url,
  fetchKept: ghe("GET /user").request.fetch === window.fetch,
  blobKept: endpoint("POST /x", { data: blob }).body === blob,
  parseIsShared: ghe.parse === endpoint.parse,
  error,
  leakedGlobals: ["Go", "fs", "process", "path"].filter((n) => n in globalThis)
    .concat(Object.keys(globalThis).filter((k) => k.startsWith("__endpointkit"))),
};

window.__result = { vectors, checks };
document.getElementById("out").textContent = JSON.stringify(window.__result, null, 2);
