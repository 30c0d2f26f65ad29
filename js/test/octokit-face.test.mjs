// The /octokit entry point, the drop-in for @octokit/endpoint v6 under
// octokit's clients: the method of a result upper-case, data the whole
// body with the call's other parameters beside it ignored (as v6 does),
// and otherwise the same results as the main entry point.
import { test, describe } from "node:test";
import assert from "node:assert/strict";

import { cjsOctokit, endpoint, octokit, octokitModule } from "./load.mjs";

describe("@endpointkit/endpoint/octokit", () => {
  test("has v6's API, also from require(), and its errors are EndpointErrors", () => {
    for (const e of [octokit, cjsOctokit.endpoint, octokitModule.default]) {
      assert.equal(typeof e, "function");
      for (const m of ["defaults", "merge", "parse"]) assert.equal(typeof e[m], "function", m);
      assert.equal(typeof e.DEFAULTS, "object");
    }
    assert.throws(() => octokit("GET /x/{id}"), (err) => err instanceof octokitModule.EndpointError && err.code === "ErrMissingParam");
  });

  test("the method of a result is upper-case, whatever case the route gives", () => {
    for (const m of ["get", "Post", "PUT", "patch", "delete", "head", "options", "purge"]) {
      assert.equal(octokit(`${m} /x`).method, m.toUpperCase());
      assert.equal(octokit.parse(octokit.merge(`${m} /x`)).method, m.toUpperCase());
      assert.equal(octokit.defaults(`${m} /x`)().method, m.toUpperCase());
    }
    assert.equal(octokit.merge("patch /x").method, "patch", "merge() keeps the case given, as v6");
  });

  test("data is the whole body: the call's other parameters beside it are ignored, as in v6", () => {
    const r = octokit("POST https://uploads.github.com/repos/{owner}/{repo}/releases/{id}/assets{?name,label}", {
      owner: "o", repo: "r", id: 1, name: "a.zip", label: "A", data: "zip bytes", extra: "ignored",
      headers: { "content-type": "application/zip" },
    });
    assert.equal(r.body, "zip bytes");
    assert.equal(r.url, "https://uploads.github.com/repos/o/r/releases/1/assets?name=a.zip&label=A");
    assert.throws(() => endpoint("POST /x", { data: "d", extra: 1 }), { code: "ErrDataWithParams" });
    // Data on a method without a body is still refused (the engine's rule).
    assert.throws(() => octokit("GET /x", { data: "d" }), { code: "ErrDataNotAllowed" });
  });

  test("everything else is the main entry point's", () => {
    const calls = [
      ["GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", state: "open", labels: ["a", "b"] }],
      ["POST /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", title: "t", headers: { authorization: "token x" } }],
      ["PUT /user/starred/{owner}/{repo}", { owner: "o", repo: "r" }],
      ["GET /search/issues", { q: "is:open+label:bug", mediaType: { previews: ["symmetra"], format: "raw" } }],
    ];
    for (const [route, options] of calls) {
      const a = endpoint(route, options);
      const b = octokit(route, options);
      assert.deepEqual({ ...b, method: b.method.toLowerCase() }, a, route);
    }
    assert.deepEqual(octokit.DEFAULTS, endpoint.DEFAULTS);
  });
});
