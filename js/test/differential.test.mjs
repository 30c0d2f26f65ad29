// Differences from v6 found by a differential test against @octokit/endpoint
// 6.0.12 (random calls through both, 2026-11-26, on the wasm build this
// package replaces), each asserted as our behaviour and named by its
// number in README.md's table ("Differences from @octokit/endpoint v6").
// v6's output is in the comment beside each.
import { test, describe } from "node:test";
import assert from "node:assert/strict";

import { endpoint } from "./load.mjs";

const codeOf = (f) => {
  try {
    f();
  } catch (e) {
    return e.code;
  }
  return "no error";
};

describe("found by the differential test", () => {
  test("4: request keys keep their order; merged keys that look like indices keep the layers'", () => {
    // v6 too (the wasm build sorted them)
    const r = endpoint.parse({ method: "GET", url: "/", baseUrl: "https://h", headers: {}, mediaType: { format: "", previews: [] }, request: { x: 1, timeout: 0 } });
    assert.deepEqual(Object.keys(r.request), ["x", "timeout"]);
    // v6: ?1=0&a= (a JavaScript object lists index-like keys first)
    assert.equal(endpoint.defaults({ a: "" })("GET /", { 1: 0 }).url, "https://api.github.com/?a=&1=0");
  });

  test("5: a prefix modifier on a list is an error", () => {
    // v6: /x/abcd?a=abcd
    assert.equal(codeOf(() => endpoint("GET /x/{a:3}", { a: ["abcd"] })), "template.ErrPrefix");
  });

  test("6: a dot segment written in the route is an error", () => {
    // v6: /x/./b and /x/a/../b as written
    assert.equal(codeOf(() => endpoint("GET /x/./b")), "template.ErrDotSegment");
    assert.equal(codeOf(() => endpoint("GET /x/a/../b")), "template.ErrDotSegment");
  });

  test("8: an upper-case scheme makes the route absolute", () => {
    // v6: https://api.github.comHTTPS://h/x
    assert.equal(endpoint("GET HTTPS://h/x").url, "HTTPS://h/x");
  });

  test("10: a nested array in a value is an error", () => {
    // v6: ?a=x%2Cy
    assert.equal(codeOf(() => endpoint("GET /x", { a: [["x", "y"]] })), "template.ErrValue");
  });

  test("12: merge() leaves out the defaults' parameters when the call gives data", () => {
    // v6: owner: "o" kept; parse() of either gives the same request
    const m = endpoint.defaults({ owner: "o" }).merge("POST /x", { data: "d" });
    assert.equal(m.owner, undefined);
    assert.equal(m.data, "d");
  });

  test("14: of two names differing in case, an undefined one leaves the other", () => {
    // v6: neither is sent
    const r = endpoint("GET /", { headers: { "x-a": "v", "X-A": undefined } });
    assert.equal(r.headers["x-a"], "v");
  });

  test("19: calls v6 throws on", () => {
    // v6: TypeError parameters.q.split is not a function, for 0, null and ["a"]
    assert.equal(endpoint("GET /x{?q}", { q: 0 }).url, "https://api.github.com/x?q=0");
    assert.equal(endpoint("GET /x{?q}", { q: null }).url, "https://api.github.com/x");
    assert.equal(endpoint("GET /x{?q}", { q: ["a"] }).url, "https://api.github.com/x?q=a");
    // v6: TypeError str.split is not a function
    assert.equal(endpoint("GET /x{#p}", { p: [1, "a"] }).url, "https://api.github.com/x#1,a");
    // v6: TypeError, an accept header that is not a string with a format
    assert.equal(endpoint("GET /x", { headers: { accept: 5 }, mediaType: { format: "raw" } }).headers.accept, 5);
    // v6: undefined/x
    assert.equal(endpoint.parse({ method: "GET", url: "/x", headers: {}, mediaType: { format: "", previews: [] } }).url, "/x");
  });

  test("24: parse() lower-cases header names and merges those that differ in case", () => {
    // v6: both "Content-Type": "text/x" and "content-type": JSON's
    const r = endpoint.parse({ method: "POST", url: "/x", baseUrl: "https://h", headers: { "Content-Type": "text/x" }, mediaType: { format: "", previews: [] }, a: 1 });
    assert.deepEqual(r.headers, { "content-type": "text/x" });
    // of case twins, the last given
    const twins = endpoint.parse({ method: "GET", url: "/x", baseUrl: "https://h", headers: { "X-A": "1", "x-a": "2" }, mediaType: { format: "", previews: [] } });
    assert.deepEqual(twins.headers, { "x-a": "2" });
  });

  test("25: an empty baseUrl or mediaType.format means not set", () => {
    // v6: /x
    assert.equal(endpoint("GET /x", { baseUrl: "" }).url, "https://api.github.com/x");
    // v6: application/vnd.github.v3+json
    const raw = endpoint.defaults({ mediaType: { format: "raw" } });
    assert.equal(raw("GET /x", { mediaType: { format: "" } }).headers.accept, "application/vnd.github.v3.raw");
  });

  test("26: format and preview names are checked", () => {
    // v6: application/vnd.github.v3.a b
    assert.equal(codeOf(() => endpoint("GET /x", { mediaType: { format: "a b" } })), "media.ErrInvalidName");
    // v6: application/vnd.github.v3.1
    assert.equal(codeOf(() => endpoint("GET /x", { mediaType: { format: 1 } })), "ErrInvalidOptions");
    // v6: application/vnd.github.-preview+json
    assert.equal(endpoint("GET /x", { mediaType: { previews: [""] } }).headers.accept, "application/vnd.github.v3+json");
    // v6: merge() keeps every key of mediaType
    assert.deepEqual(Object.keys(endpoint.merge("GET /x", { mediaType: { format: "raw", other: 1 } }).mediaType), ["format", "previews"]);
  });

  test("27: a symbol as a parameter is left out", () => {
    // v6: TypeError, cannot convert a Symbol to a string
    assert.equal(endpoint("GET /x", { a: Symbol("s") }).url, "https://api.github.com/x");
  });
});

describe("found by the adversarial review", () => {
  const API = "https://api.github.com";

  test("15: a String object or function as method, url or baseUrl", () => {
    // v6: a String object works as its string
    assert.equal(codeOf(() => endpoint({ method: "GET", url: new String("/x") })), "ErrInvalidOptions");
    assert.equal(codeOf(() => endpoint({ method: new String("POST"), url: "/x" })), "ErrInvalidOptions");
    assert.equal(codeOf(() => endpoint("GET /x", { baseUrl: () => "https://h" })), "ErrInvalidOptions");
    assert.equal(codeOf(() => endpoint.merge({ method: "GET", url: () => "/x" })), "ErrInvalidOptions");
  });

  test("18: -0 in the body is 0", () => {
    // v6: -0, which JSON.stringify sends as 0
    assert.ok(Object.is(endpoint("POST /x", { a: -0 }).body.a, 0));
  });

  test("19: request must be a plain object", () => {
    // v6: passes any value through
    for (const request of [new (class R {})(), () => {}, "s", [1]]) {
      assert.equal(codeOf(() => endpoint("GET /x", { request })), "ErrInvalidOptions");
    }
  });

  test("25: null method, baseUrl and url, and an empty method and url, are not set", () => {
    // v6: TypeError; method ""; null/x; /
    assert.equal(endpoint({ method: null, url: "/x" }).method, "get");
    assert.equal(endpoint({ method: "", url: "/x" }).method, "get");
    assert.equal(endpoint("GET /x", { baseUrl: null }).url, `${API}/x`);
    assert.equal(codeOf(() => endpoint({ method: "GET", url: null })), "ErrMissingURL");
    assert.equal(codeOf(() => endpoint({ method: "GET", url: "" })), "ErrMissingURL");
    // v6: keeps url: null and url: ""
    assert.equal(Object.hasOwn(endpoint.merge({ method: "GET", url: null }), "url"), false);
  });

  test("28: options are read when the call is made", () => {
    // v6: returns the result; the getter throws when the body is sent
    const boom = () => {
      throw new Error("boom");
    };
    assert.throws(() => endpoint("POST /x", { a: { get b() { return boom(); } } }), /boom/);
    assert.throws(() => endpoint("GET /x", { request: { get b() { return boom(); } } }), /boom/);
  });

  test("29: options that are not an object, objects of a class, and cycles", () => {
    // v6: ignores 1, takes "ab" as ?0=a&1=b
    assert.throws(() => endpoint("GET /x", 1), TypeError);
    assert.throws(() => endpoint("GET /x", "ab"), TypeError);
    assert.throws(() => endpoint.defaults(1), TypeError);
    // as v6: own enumerable keys
    assert.equal(endpoint("GET /x", new String("ab")).url, `${API}/x?0=a&1=b`);
    assert.equal(endpoint("GET /x", new Date(0)).url, `${API}/x`);
    // v6: returns it; JSON.stringify throws when it is sent
    const c = { a: 1 };
    c.c = c;
    assert.throws(() => endpoint("POST /x", { c }), TypeError);
  });

  test("30: names of Object.prototype's members are names like any other", () => {
    // v6: /x/ and ?toString=
    assert.equal(codeOf(() => endpoint("GET /x/{constructor}")), "ErrMissingParam");
    assert.equal(endpoint("GET /x{?toString}").url, `${API}/x`);
    // v6: only the constructor header, the defaults' dropped
    assert.deepEqual(Object.keys(endpoint("GET /x", { headers: { constructor: "c" } }).headers), ["accept", "user-agent", "constructor"]);
  });
});
