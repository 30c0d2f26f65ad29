// The rules of the JavaScript API, on the packed package.
import { test, describe } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";

import { cjs, endpoint, EndpointError, defaultExport, main, octokit, packageDir } from "./load.mjs";

const API = "https://api.github.com";
const V3 = "application/vnd.github.v3+json";

describe("module", () => {
  test("exports endpoint, also as the default export", () => {
    assert.equal(typeof endpoint, "function");
    assert.equal(defaultExport, endpoint);
  });

  test("endpoint has defaults, DEFAULTS, merge and parse", () => {
    assert.equal(typeof endpoint.defaults, "function");
    assert.equal(typeof endpoint.merge, "function");
    assert.equal(typeof endpoint.parse, "function");
    assert.equal(typeof endpoint.DEFAULTS, "object");
  });

  test("calls are synchronous and return plain objects", () => {
    const r = endpoint("GET /");
    assert.equal(typeof r.then, "undefined");
    assert.equal(Object.getPrototypeOf(r), Object.prototype);
    assert.equal(r.url, `${API}/`);
  });

  test("the default user-agent carries the package version", () => {
    const { version } = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8"));
    assert.equal(endpoint.DEFAULTS.headers["user-agent"], `endpointkit-endpoint.js/${version}`);
    assert.equal(main.VERSION, version);
  });

  test("require() gives the same API, and its errors are EndpointErrors of either copy", () => {
    assert.equal(typeof cjs.endpoint, "function");
    assert.equal(cjs.default, cjs.endpoint);
    assert.deepEqual(cjs.endpoint("GET /x/{id}", { id: 1 }), endpoint("GET /x/{id}", { id: 1 }));
    assert.throws(() => cjs.endpoint("GET /x/{id}"), (err) => err instanceof EndpointError && err instanceof cjs.EndpointError && err instanceof Error);
    assert.throws(() => endpoint("GET /x/{id}"), (err) => err instanceof cjs.EndpointError);
    assert.equal({} instanceof EndpointError, false);
    assert.equal(new Error("x") instanceof EndpointError, false);
  });

  test("loading leaves no globals behind", async () => {
    const before = Object.getOwnPropertyNames(globalThis).sort();
    await import(`${new URL("../dist/index.js", import.meta.url).href}?again`);
    assert.deepEqual(Object.getOwnPropertyNames(globalThis).sort(), before);
  });
});

describe("route forms", () => {
  test("route string and options", () => {
    const r = endpoint("GET /repos/{owner}/{repo}/issues", {
      owner: "octokit",
      repo: "rest.js",
      state: "open",
      per_page: 2,
    });
    assert.deepEqual(r, {
      method: "get",
      url: `${API}/repos/octokit/rest.js/issues?state=open&per_page=2`,
      headers: { accept: V3, "user-agent": endpoint.DEFAULTS.headers["user-agent"] },
    });
  });

  test("route string alone", () => {
    assert.equal(endpoint("GET /rate_limit").url, `${API}/rate_limit`);
  });

  test("options object with method and url", () => {
    const r = endpoint({ method: "GET", url: "/orgs/{org}/repos", org: "octokit", type: "private" });
    assert.equal(r.url, `${API}/orgs/octokit/repos?type=private`);
    assert.equal(r.method.toUpperCase(), "GET");
  });

  test("an options object first ignores the second argument", () => {
    const r = endpoint({ method: "GET", url: "/a" }, { url: "/b", x: 1 });
    assert.equal(r.url, `${API}/a`);
  });

  test("options override the route's method; a url beside the route is a parameter (README difference 8)", () => {
    const r = endpoint("GET /a", { method: "POST", url: "/b" });
    assert.equal(r.method.toUpperCase(), "POST");
    assert.equal(r.url, `${API}/a`);
    assert.deepEqual(r.body, { url: "/b" });
  });

  test(":name placeholders work like {name}", () => {
    const a = endpoint("GET /repos/:owner/:repo", { owner: "o", repo: "r" });
    const b = endpoint("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" });
    assert.equal(a.url, `${API}/repos/o/r`);
    assert.deepEqual(a, b);
  });

  test("query parameters keep the order they were given", () => {
    assert.equal(endpoint("GET /x", { b: 1, a: 2, c: true }).url, `${API}/x?b=1&a=2&c=true`);
  });

  test("a full URL ignores baseUrl", () => {
    assert.equal(endpoint("GET https://example.com/x/{id}", { id: 7 }).url, "https://example.com/x/7");
  });

  test("bigint values keep every digit", () => {
    assert.equal(endpoint("GET /x/{id}", { id: 2n ** 64n }).url, `${API}/x/18446744073709551616`);
    assert.equal(endpoint("GET /x", { id: -(2n ** 64n) }).url, `${API}/x?id=-18446744073709551616`);
  });
});

describe("defaults", () => {
  const ghe = endpoint.defaults({
    baseUrl: "https://ghe.example/api/v3",
    headers: { "X-Custom": "1" },
    per_page: 100,
  });

  test("returns a new endpoint function with the same members", () => {
    assert.equal(typeof ghe, "function");
    assert.notEqual(ghe, endpoint);
    for (const m of ["defaults", "merge", "parse"]) assert.equal(typeof ghe[m], "function", m);
    assert.equal(typeof ghe.DEFAULTS, "object");
    assert.equal(typeof ghe.defaults({}).defaults({}).DEFAULTS, "object");
  });

  test("layers apply; header names are lower-cased; the parent is unchanged", () => {
    assert.equal(ghe.DEFAULTS.baseUrl, "https://ghe.example/api/v3");
    assert.equal(ghe.DEFAULTS.headers["x-custom"], "1");
    assert.equal(ghe.DEFAULTS.per_page, 100);
    assert.equal(endpoint.DEFAULTS.baseUrl, API);
    assert.equal(endpoint.DEFAULTS.per_page, undefined);
    const r = ghe("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" });
    assert.equal(r.url, "https://ghe.example/api/v3/repos/o/r?per_page=100");
    assert.equal(r.headers["x-custom"], "1");
  });

  test("cascade: later layers win, defaults' keys keep their place", () => {
    const a = endpoint.defaults({ a: 1, c: 3 });
    const b = a.defaults({ c: 30, d: 4 });
    assert.equal(b("GET /x", { b: 2, a: 10 }).url, `${API}/x?a=10&c=30&d=4&b=2`);
    assert.equal(a("GET /x").url, `${API}/x?a=1&c=3`);
  });

  test("a route string sets method and url", () => {
    const e = endpoint.defaults("POST /repos/{owner}/{repo}/issues");
    assert.equal(e.DEFAULTS.method, "POST");
    assert.equal(e.DEFAULTS.url, "/repos/{owner}/{repo}/issues");
    const r = e({ owner: "o", repo: "r", title: "t" });
    assert.equal(r.method.toUpperCase(), "POST");
    assert.equal(r.url, `${API}/repos/o/r/issues`);
    assert.deepEqual(r.body, { title: "t" });
  });

  test("null and undefined add nothing", () => {
    assert.deepEqual(endpoint.defaults(undefined).DEFAULTS, endpoint.DEFAULTS);
    assert.deepEqual(endpoint.defaults(null).DEFAULTS, endpoint.DEFAULTS);
  });

  test("DEFAULTS is a copy: changing it changes nothing", () => {
    const d = ghe.DEFAULTS;
    d.baseUrl = "https://evil.example";
    d.headers.accept = "text/plain";
    assert.equal(ghe.DEFAULTS.baseUrl, "https://ghe.example/api/v3");
    assert.equal(ghe("GET /").url, "https://ghe.example/api/v3/?per_page=100");
    assert.equal(ghe("GET /").headers.accept, V3);
  });

  test("many derived endpoints stay independent", () => {
    const made = Array.from({ length: 50 }, (_, i) => endpoint.defaults({ n: i }));
    made.forEach((e, i) => assert.equal(e("GET /x").url, `${API}/x?n=${i}`));
  });
});

describe("merge", () => {
  test("returns merged options without parsing", () => {
    const m = endpoint.merge("get /repos/{owner}/{repo}", { owner: "o", headers: { "X-A": "b" } });
    assert.equal(m.method, "get", "merge keeps the method's case");
    assert.equal(m.url, "/repos/{owner}/{repo}", "no expansion");
    assert.equal(m.baseUrl, API);
    assert.equal(m.owner, "o");
    assert.equal(m.headers["x-a"], "b");
    assert.equal(m.headers.accept, V3);
  });

  test("with no arguments returns the defaults", () => {
    assert.deepEqual(endpoint.merge(), endpoint.DEFAULTS);
  });

  test("an options object first ignores the second argument", () => {
    assert.equal(endpoint.merge({ url: "/a" }, { url: "/b" }).url, "/a");
  });
});

describe("parse", () => {
  test("uses no defaults and is shared by derived endpoints", () => {
    const e = endpoint.defaults({ baseUrl: "https://ghe.example/api/v3" });
    assert.equal(e.parse, endpoint.parse);
    const r = endpoint.parse({
      method: "GET",
      baseUrl: "https://h.example",
      url: "/x/{id}",
      headers: { accept: "a/b" },
      id: 1,
      q: "z",
    });
    assert.deepEqual(r, { method: "get", url: "https://h.example/x/1?q=z", headers: { accept: "a/b" } });
  });

  test("parse(merge(...)) equals endpoint(...)", () => {
    const args = ["POST /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", title: "t", labels: ["a"] }];
    assert.deepEqual(endpoint.parse(endpoint.merge(...args)), endpoint(...args));
  });
});

describe("mediaType", () => {
  test("previews replace the accept header", () => {
    const r = endpoint("GET /x", { mediaType: { previews: ["mercy", "squirrel-girl-preview"] } });
    assert.equal(
      r.headers.accept,
      "application/vnd.github.mercy-preview+json,application/vnd.github.squirrel-girl-preview+json",
    );
  });

  test("previews from defaults are kept with the call's", () => {
    const e = endpoint.defaults({ mediaType: { previews: ["a"] } });
    assert.deepEqual(e.DEFAULTS.mediaType.previews, ["a"]);
    assert.equal(
      e("GET /x", { mediaType: { previews: ["b"] } }).headers.accept,
      "application/vnd.github.a-preview+json,application/vnd.github.b-preview+json",
    );
  });

  test("format rewrites the v3 type", () => {
    assert.equal(endpoint("GET /x", { mediaType: { format: "raw" } }).headers.accept, "application/vnd.github.v3.raw");
    assert.equal(endpoint("GET /x", { mediaType: { format: "diff" } }).headers.accept, "application/vnd.github.v3.diff");
  });
});

describe("body and data", () => {
  test("leftover parameters become the JSON body of a POST", () => {
    const r = endpoint("POST /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", title: "t", labels: ["x"] });
    assert.deepEqual(r.body, { title: "t", labels: ["x"] });
    assert.equal(r.headers["content-type"], "application/json; charset=utf-8");
  });

  test("data is the whole body", () => {
    const r = endpoint("POST /markdown/raw", { data: "# hi", headers: { "content-type": "text/plain" } });
    assert.equal(r.body, "# hi");
    assert.equal(r.headers["content-type"], "text/plain");
  });

  test("a Buffer as data passes through untouched", () => {
    const data = Buffer.from([0, 1, 2, 255]);
    const r = endpoint("POST /upload/{id}", { id: 1, data, headers: { "content-type": "application/zip" } });
    assert.equal(r.body, data, "the very same Buffer");
    assert.equal(r.url, `${API}/upload/1`);
  });

  test("functions and class instances in request pass through, also from defaults", () => {
    const fetch = () => "fetched";
    const signal = new AbortController().signal;
    const e = endpoint.defaults({ request: { fetch, retries: 2 } });
    const r = e("GET /x", { request: { signal } });
    assert.equal(r.request.fetch, fetch);
    assert.equal(r.request.signal, signal);
    assert.equal(r.request.retries, 2);
    assert.equal(e.DEFAULTS.request.fetch, fetch);
    assert.equal(e.merge("GET /x").request.fetch, fetch);
    const again = endpoint.parse(e.merge("GET /x", { request: { signal } }));
    assert.equal(again.request.fetch, fetch);
    assert.equal(again.request.signal, signal);
  });

  test("inputs are not changed", () => {
    const options = { owner: "o", repo: "r", title: "t", headers: { "X-A": "1" }, mediaType: { previews: ["a"] } };
    const copy = structuredClone(options);
    endpoint("POST /repos/{owner}/{repo}/issues", options);
    endpoint.merge("POST /repos/{owner}/{repo}/issues", options);
    endpoint.defaults(options);
    assert.deepEqual(options, copy);
  });
});

describe("the engine's path, query and body rules (README differences 6, 31 to 35)", () => {
  const codeOf = (f) => {
    try {
      return f().url;
    } catch (e) {
      return e.code;
    }
  };
  const cases = [
    // Every variable of {x} and {+x} in the path needs a value, not only a whole segment's.
    ["GET /a{x}b/c", {}, "ErrMissingParam"],
    ["GET /a/{x,y}/b", { x: 1 }, "ErrMissingParam"],
    ["GET /a{/x}/b", {}, `${API}/a/b`],
    // An empty value before more of the path is missing; an empty last segment is kept.
    ["GET /repos/{owner}/{repo}/issues", { owner: "", repo: "r" }, "ErrMissingParam"],
    ["GET /a{/x}/b", { x: "" }, "ErrMissingParam"],
    ["GET /repos/{owner}/{repo}/contents/{path}", { owner: "o", repo: "r", path: "" }, `${API}/repos/o/r/contents/`],
    // A value's own "//", and a "/" a value writes after the template's.
    ["GET /a/{+p}/b", { p: "x//y" }, "template.ErrEmptySegment"],
    ["GET /a/{/x}", { x: "b" }, "template.ErrEmptySegment"],
    ["GET //evil.com/x?r=https://a", {}, "template.ErrEmptySegment"],
    ["GET /a{/x}", { x: "b" }, `${API}/a/b`],
    // Dot segments, whatever made them.
    ["GET /a/{+p}/b", { p: "x/../y" }, "template.ErrDotSegment"],
    ["GET /a/%2e{x}/b", { x: "." }, "template.ErrDotSegment"],
    // "${" anywhere in a route.
    ["GET /repos/${owner}", { owner: "o" }, "template.ErrSyntax"],
    ["GET /x?a=${b}", { b: 1 }, "template.ErrSyntax"],
    // A name the route's literal query sets, as written or encoded, on a GET.
    ["GET /x?state=open", { state: "closed" }, "ErrInvalidParam"],
    ["GET /x?st%61te=open", { state: "closed" }, "ErrInvalidParam"],
    ["GET /x?state=open", { state: null }, `${API}/x?state=open`],
    ["POST /x?state=open", { state: "closed" }, `${API}/x?state=open`],
    // A host first in a route's target.
    ["GET api.github.com/repos/o/r", {}, "ErrInvalidRoute"],
    ["GET localhost:3000/x", {}, "ErrInvalidRoute"],
    ["GET repos/o/r", {}, `${API}/repos/o/r`],
    // A list or object for {x} or {+x} in the path; exploded, or in {/x}, it is sent.
    ["GET /repos/{owner}/r", { owner: ["a", "b"] }, "template.ErrValue"],
    ["GET /x/{+p}", { p: { a: 1 } }, "template.ErrValue"],
    ["GET /x/{p*}", { p: ["a", "b"] }, `${API}/x/a,b`],
    ["GET /x{/p}", { p: ["a", "b"] }, `${API}/x/a,b`],
    ["GET /repos/{owner}/r", { owner: [null] }, "ErrMissingParam"],
    // q keeps its "+" in a query the package appends, not in a template's.
    ["GET /search/issues", { q: "is:open+label:bug" }, `${API}/search/issues?q=is%3Aopen+label%3Abug`],
    ["GET /search/issues{?q}", { q: "a+b" }, `${API}/search/issues?q=a%2Bb`],
  ];
  for (const [route, options, want] of cases) {
    test(`${route} ${JSON.stringify(options)}`, () => {
      assert.equal(codeOf(() => endpoint(route, options)), want);
      assert.equal(codeOf(() => octokit(route, options)), want);
    });
  }

  test("a string data is text/plain, a binary one octet-stream, any other JSON", () => {
    const type = (data) => endpoint("POST /x", { data }).headers["content-type"];
    assert.equal(type("# hi"), "text/plain; charset=utf-8");
    assert.equal(type(""), "text/plain; charset=utf-8");
    assert.equal(type(Buffer.from("x")), "application/octet-stream");
    assert.equal(type({ a: 1 }), "application/json; charset=utf-8");
    assert.equal(type(1), "application/json; charset=utf-8");
    assert.equal(octokit("POST /x", { data: "s" }).headers["content-type"], "text/plain; charset=utf-8");
    assert.equal(endpoint("POST /x", { data: "s", headers: { "content-type": "text/markdown" } }).headers["content-type"], "text/markdown");
  });
});

describe("errors", () => {
  test("are thrown synchronously as EndpointErrors with a message and a code", () => {
    assert.throws(
      () => endpoint("GET /repos/{owner}/{repo}", { owner: "o" }),
      (err) => {
        assert.ok(err instanceof Error);
        assert.ok(err instanceof EndpointError);
        assert.equal(err.name, "EndpointError");
        assert.equal(err.code, "ErrMissingParam");
        assert.ok(err.codes.includes("ErrMissingParam"));
        assert.match(err.message, /^endpoint: /);
        assert.match(err.message, /repo/);
        return true;
      },
    );
  });

  test("name the sentinel: invalid options", () => {
    assert.throws(
      () => endpoint("GET /x", { mediaType: { previews: "a" } }),
      (err) => err instanceof Error && err.code === "ErrInvalidOptions" && /mediaType/.test(err.message),
    );
  });

  test("name sentinels of the other packages too", () => {
    assert.throws(() => endpoint({ method: "GET", url: "/x y" }), (err) => err.codes.includes("template.ErrSyntax"));
    assert.throws(
      () => endpoint("GET /x", { headers: { "x-a": "a\r\nb" } }),
      (err) => err.codes.includes("headers.ErrInvalidValue"),
    );
    let deep = "x";
    for (let i = 0; i < 40; i++) deep = [deep];
    assert.throws(() => endpoint("POST /x", { deep }), { code: "ErrLimit" });
    // Far deeper: the module's own check, before its stack runs out.
    let objects = "x";
    for (let i = 0; i < 5000; i++) objects = { a: objects };
    let arrays = "x";
    for (let i = 0; i < 20000; i++) arrays = [arrays];
    for (const v of [objects, arrays]) {
      const limit = { code: "ErrLimit", message: "endpoint: options: limit exceeded: nested deeper than 32" };
      assert.throws(() => endpoint("POST /x", { v }), limit);
      assert.throws(() => endpoint("POST /x", { data: v }), limit);
      assert.throws(() => endpoint("POST /x", { request: { v } }), limit);
      assert.throws(() => endpoint.merge("POST /x", { v }), limit);
      assert.throws(() => endpoint.parse({ method: "POST", url: "/x", v, headers: {}, mediaType: { previews: [] } }), limit);
      assert.throws(() => endpoint.defaults({ v }), limit);
    }
    const headers = {};
    for (let i = 0; i < 254; i++) headers[`x-h${i}`] = "v"; // and accept, user-agent: 256
    assert.equal(Object.keys(endpoint("GET /x", { headers }).headers).length, 256);
    const merged = endpoint.merge("GET /x", { headers });
    assert.deepEqual(endpoint.parse(merged), endpoint("GET /x", { headers }));
    const full = endpoint.defaults({ headers });
    headers["x-one-more"] = "v";
    assert.throws(() => endpoint("GET /x", { headers }), { code: "ErrLimit" });
    assert.throws(() => endpoint.merge("GET /x", { headers }), { code: "ErrLimit" });
    assert.throws(() => endpoint.defaults({ headers }), { code: "ErrLimit" });
    assert.throws(() => full("GET /x", { headers: { "x-one-more": "v" } }), { code: "ErrLimit" });
    assert.throws(() => full.merge("GET /x", { headers: { "x-one-more": "v" } }), { code: "ErrLimit" });
  });

  test("a bad defaults layer throws from defaults()", () => {
    assert.throws(() => endpoint.defaults({ mediaType: { previews: "a" } }), { code: "ErrInvalidOptions" });
  });

  test("options that are not an object throw a TypeError", () => {
    assert.throws(() => endpoint("GET /x", "nope"), TypeError);
    assert.throws(() => endpoint("GET /x", [1]), TypeError);
    assert.throws(() => endpoint.parse(42), TypeError);
  });

  test("the engine keeps working after errors", () => {
    for (let i = 0; i < 100; i++) {
      assert.throws(() => endpoint("GET /x/{id}", {}));
    }
    assert.equal(endpoint("GET /x/{id}", { id: 1 }).url, `${API}/x/1`);
  });
});

// Results are the caller's: nothing in one is shared with another, or
// with the endpoint's defaults.
describe("results are fresh", () => {
  const AUTH = { authorization: "token 1" };

  test("each result has its own headers and body, whatever the one before did with its own", () => {
    const ep = endpoint.defaults({ headers: AUTH, labels: ["a"], nested: { deep: [1] } });
    const first = ep("POST /repos/{owner}/{repo}/issues", { owner: "o", repo: "r1", title: "t" });
    first.headers.authorization = "changed";
    first.headers["x-added"] = "1";
    first.body.labels.push("b");
    first.body.nested.deep.push(2);
    for (const owner of ["o", "p"]) {
      const next = ep("POST /repos/{owner}/{repo}/issues", { owner, repo: "r2", title: "t" });
      assert.notEqual(next.headers, first.headers);
      assert.deepEqual(next.headers, {
        accept: V3,
        authorization: "token 1",
        "content-type": "application/json; charset=utf-8",
        "user-agent": endpoint.DEFAULTS.headers["user-agent"],
      });
      assert.deepEqual(next.body, { labels: ["a"], nested: { deep: [1] }, title: "t" });
    }
    assert.deepEqual(ep.DEFAULTS.labels, ["a"]);
  });

  test("a header named __proto__ is an own property, as JSON.parse makes it", () => {
    const headers = { ...JSON.parse('{"__proto__":"x"}'), ...AUTH };
    const r = endpoint("GET /a/{b}", { b: "1", headers });
    assert.equal(Object.getPrototypeOf(r.headers), Object.prototype);
    assert.ok(Object.hasOwn(r.headers, "__proto__"));
    assert.equal(Object.getOwnPropertyDescriptor(r.headers, "__proto__").value, "x");
  });

  test("text beyond ASCII, a request member, characters JSON escapes", () => {
    const r = endpoint("POST /a/{b}", { b: "ü", title: "ünï 😀", n: 1 });
    assert.equal(r.url, `${API}/a/%C3%BC`);
    assert.deepEqual(r.body, { title: "ünï 😀", n: 1 });
    for (const request of [{}, { timeout: 5 }]) {
      for (const ep of [endpoint, endpoint.defaults({ request })]) {
        const q = ep("POST /a/{b}", ep === endpoint ? { b: "c", d: 1, request } : { b: "c", d: 1 });
        assert.deepEqual(q.request, request);
        assert.notEqual(q.request, request);
        assert.deepEqual(q.body, { d: 1 });
      }
    }
    for (const base of ["https://h/x\\y", 'https://h/x"y']) {
      assert.equal(endpoint("GET /a", { baseUrl: base }).url, `${base}/a`);
    }
    const put = endpoint("PUT /user/starred/{owner}/{repo}", { owner: "o", repo: "r" });
    assert.equal(put.headers["content-length"], 0);
    assert.equal(put.body, ""); // GitHub wants a bodiless PUT sent with content-length 0
  });
});
