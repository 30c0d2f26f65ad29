// The browser test page: imports both entry points by name (import map),
// runs every reference vector through each and a few API checks, sends
// one request with fetch, and publishes the outcome as window.__result
// (and in #out) for browser.test.mjs to read.
import { endpoint, EndpointError } from "@endpointkit/endpoint";
import { endpoint as octokit } from "@endpointkit/endpoint/octokit";
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
const data = { cases, expected, departures, skips };

const vectors = runAll(endpoint, data);
// The /octokit face ignores the call's parameters beside data, where the
// engine refuses them: those vectors are left out for it.
const refused = new Set(data.departures.filter((d) => d.error === "ErrDataWithParams").map((d) => d.id));
const octokitVectors = runAll(octokit, { ...data, cases: cases.filter((c) => !refused.has(c.id)) });

const ghe = endpoint.defaults({ baseUrl: "https://ghe.example/api/v3", request: { fetch: window.fetch } });
let error = null;
try {
  endpoint("GET /repos/{owner}/{repo}", { owner: "o" });
} catch (err) {
  error = { isError: err instanceof Error, isEndpointError: err instanceof EndpointError, code: err.code, message: err.message };
}
const blob = new Blob(["x"]);

// A PATCH sent as the /octokit face builds it: fetch sends "PATCH".
const req = octokit.defaults({ baseUrl: location.origin })("PATCH /echo/issues/{id}", { id: 7, state: "closed" });
const sent = await fetch(req.url, { method: req.method, headers: req.headers, body: JSON.stringify(req.body) }).then((r) => r.json());

const checks = {
  url: endpoint("GET /repos/{owner}/{repo}/issues", { owner: "octokit", repo: "rest.js", state: "open" }).url,
  gheUrl: ghe("GET /user").url,
  fetchKept: ghe("GET /user").request.fetch === window.fetch,
  blobKept: endpoint("POST /x", { data: blob }).body === blob,
  parseIsShared: ghe.parse === endpoint.parse,
  bigint: endpoint("POST /x", { id: 9007199254740993n }).body,
  error,
  sent: { method: sent.method, url: sent.url, body: sent.body, contentType: sent.headers["content-type"] },
};

window.__result = { vectors, octokitVectors, checks };
document.getElementById("out").textContent = JSON.stringify(window.__result, null, 2);
