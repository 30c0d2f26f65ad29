// How JavaScript values cross into the engine and back: opaque values
// (functions, class instances), strings that look like the wasm build's
// tokens, Date, URL, bigint and toJSON, cycles, and header values that
// are not strings.
import { test, describe } from "node:test";
import assert from "node:assert/strict";

import { endpoint } from "./load.mjs";

const API = "https://api.github.com";

describe("opaque values", () => {
  test("functions and class instances come back as the very same objects", () => {
    const fetch = async () => ({});
    const hook = () => {};
    const signal = new AbortController().signal;
    const blob = new Blob(["x"]);
    const map = new Map([["k", 1]]);
    const r = endpoint("POST /x", { data: blob, request: { fetch, hook, signal } });
    assert.equal(r.body, blob);
    assert.equal(r.request.fetch, fetch);
    assert.equal(r.request.hook, hook);
    assert.equal(r.request.signal, signal);
    const r2 = endpoint("POST /x", { thing: map, list: [map, hook] });
    assert.equal(r2.body.thing, map);
    assert.equal(r2.body.list[0], map);
    assert.equal(r2.body.list[1], hook);
    const e = endpoint.defaults({ request: { fetch }, tag: map });
    assert.equal(e("POST /x").body.tag, map);
    assert.equal(e.DEFAULTS.request.fetch, fetch);
    assert.equal(e.merge("GET /x").tag, map);
    assert.equal(endpoint.parse(e.merge("POST /x")).body.tag, map);
  });

  test("binary data is sent as application/octet-stream unless a content-type is given", () => {
    for (const data of [new Uint8Array([1, 2]), new ArrayBuffer(2), new Blob(["x"]), Buffer.from("x")]) {
      const r = endpoint("POST /upload", { data });
      assert.equal(r.body, data);
      assert.equal(r.headers["content-type"], "application/octet-stream");
      assert.equal(endpoint("POST /upload", { data, headers: { "content-type": "image/png" } }).headers["content-type"], "image/png");
    }
  });

  test("in the URL they mean nothing: an error naming the value's type", () => {
    for (const [route, options, type] of [
      ["GET /x/{id}", { id: new Map() }, "Map"],
      ["GET /x", { q: () => {} }, "function"],
      ["GET /x{?list}", { list: [new Set()] }, "Set"],
      ["GET /x", { list: ["a", Buffer.from("b")] }, "Buffer"],
    ]) {
      assert.throws(() => endpoint(route, options), (err) => err.code === "template.ErrValue" && err.message.includes(type), route);
    }
  });

  test("strings that look like the wasm build's tokens are strings like any other", () => {
    const strings = ["\u0000ek:", "\u0000ek:1", "\u0000ek:01", '"\u0000ek:1"', "\\u0000ek:3", "%00ek%3A4", "\u0000"];
    const fetch = () => {};
    const r = endpoint("POST /x", { strings, one: strings[1], request: { fetch, s: strings } });
    assert.deepEqual(r.body, { strings, one: strings[1] });
    assert.deepEqual(r.request.s, strings);
    assert.equal(endpoint("GET /x", { s: "\u0000ek:1" }).url, `${API}/x?s=%00ek%3A1`);
  });

  test("format and previews must be strings", () => {
    assert.throws(() => endpoint("GET /x", { mediaType: { previews: [new Map()] } }), { code: "ErrInvalidOptions" });
    assert.throws(() => endpoint.defaults({ mediaType: { format: () => {} } }), { code: "ErrInvalidOptions" });
  });

  test("a cycle is a TypeError", () => {
    const o = { fn: () => {} };
    o.self = o;
    assert.throws(() => endpoint("POST /x", o), TypeError);
    const list = [];
    list.push({ list });
    assert.throws(() => endpoint("POST /x", { list }), TypeError);
    assert.throws(() => endpoint.defaults({ list }), TypeError);
  });

  test("a cycle under request passes through, as in v6", () => {
    const r = { timeout: 5 };
    r.self = r;
    const res = endpoint("GET /x", { request: r });
    assert.equal(res.request.timeout, 5);
    assert.equal(res.request.self, r);
    assert.equal(endpoint.merge("GET /x", { request: r }).request.self, r);
    assert.equal(endpoint.defaults({ request: r })("GET /x").request.self, r);
  });

  test("a getter is read once, when the call is made", () => {
    let reads = 0;
    const o = { get s() { reads++; return "v"; } };
    assert.deepEqual(endpoint("POST /x", { o }).body, { o: { s: "v" } });
    assert.equal(reads, 1);
    const boom = { get b() { throw new Error("boom"); } };
    assert.throws(() => endpoint("POST /x", { boom }), /boom/);
  });
});

describe("Date, URL, bigint and toJSON", () => {
  const when = new Date(Date.UTC(2024, 1, 29, 12, 30, 0));
  const iso = "2024-02-29T12:30:00.000Z";
  const link = new URL("https://example.com/a b?x=1");

  test("become what JSON.stringify makes of them, in the query", () => {
    assert.equal(
      endpoint("GET /issues", { since: when, ref: link }).url,
      `${API}/issues?since=${encodeURIComponent(iso)}&ref=${encodeURIComponent(link.href)}`,
    );
  });

  test("in the path", () => {
    assert.equal(endpoint("GET /at/{when}", { when }).url, `${API}/at/${encodeURIComponent(iso)}`);
  });

  test("in the body and as data", () => {
    const r = endpoint("POST /x", { when, link, nested: { when } });
    assert.deepEqual(r.body, { when: iso, link: link.href, nested: { when: iso } });
    assert.equal(JSON.stringify(r.body), JSON.stringify({ when, link, nested: { when } }), "the same JSON v6's body makes");
    assert.equal(endpoint("POST /x", { data: when }).body, iso);
  });

  test("any object with toJSON, but not a Buffer", () => {
    const money = { toJSON: () => "12.50 EUR" };
    class Id {
      toJSON() {
        return 42;
      }
    }
    assert.equal(endpoint("GET /x", { price: money, id: new Id() }).url, `${API}/x?price=12.50%20EUR&id=42`);
    const buf = Buffer.from("raw");
    assert.equal(endpoint("POST /x", { data: buf }).body, buf);
  });

  test("options and headers that are class instances are read by their own keys, as in v6, not by their toJSON", () => {
    class Options {
      constructor() {
        this.a = 1;
      }
      toJSON() {
        return { b: 2, headers: { authorization: "token other" } };
      }
    }
    assert.equal(endpoint("GET /x", new Options()).url, `${API}/x?a=1`);
    assert.equal(endpoint.defaults(new Options())("GET /x").url, `${API}/x?a=1`);
    assert.equal(endpoint.merge("GET /x", new Options()).a, 1);
    class Fields {
      constructor() {
        this["x-a"] = "1";
      }
      toJSON() {
        return { authorization: "token other" };
      }
    }
    for (const r of [endpoint("GET /x", { headers: new Fields() }), endpoint.defaults({ headers: new Fields() })("GET /x"), endpoint("POST /x", { headers: new Fields(), fn: () => {} })]) {
      assert.equal(r.headers["x-a"], "1");
      assert.equal(r.headers.authorization, undefined);
    }
  });

  test("under request they pass through untouched", () => {
    const r = endpoint("GET /x", { request: { when, link, big: 10n } });
    assert.equal(r.request.when, when);
    assert.equal(r.request.link, link);
    assert.equal(r.request.big, 10n);
  });

  test("a bigint: every digit in the URL; in the body a number when that is exact, else the body's JSON text, never rounded", () => {
    const big = 2n ** 64n + 1n;
    assert.equal(endpoint("GET /x/{id}", { id: big, after: big }).url, `${API}/x/18446744073709551617?after=18446744073709551617`);
    assert.deepEqual(endpoint("POST /x", { n: 12n, m: -(2n ** 53n) + 1n }).body, { n: 12, m: -(2 ** 53) + 1 });
    const r = endpoint("POST /x", { id: 9007199254740993n, list: [1n, big], t: "a" });
    assert.equal(r.body, '{"id":9007199254740993,"list":[1,18446744073709551617],"t":"a"}');
    assert.equal(r.headers["content-type"], "application/json; charset=utf-8");
    assert.equal(endpoint("POST /x", { data: big }).body, "18446744073709551617");
    assert.equal(endpoint.merge("POST /x", { id: big }).id, big, "merge keeps it");
    assert.equal(endpoint("GET /x", { headers: { "x-id": big } }).headers["x-id"], big);
  });

  test("NaN and ±Infinity become null, as in JSON", () => {
    assert.deepEqual(endpoint("POST /x", { a: NaN, b: Infinity, c: [-Infinity] }).body, { a: null, b: null, c: [null] });
  });
});

describe("header values keep their type", () => {
  test("numbers, booleans and objects come back as they were given", () => {
    const when = new Date(0);
    const h = endpoint("GET /x", { headers: { "x-count": 14, "x-flag": false, "x-when": when, "X-Big": 5n } }).headers;
    assert.equal(h["x-count"], 14);
    assert.equal(h["x-flag"], false);
    assert.equal(h["x-when"], when);
    assert.equal(h["x-big"], 5n);
  });

  test("strings stay strings, also over a typed default", () => {
    const e = endpoint.defaults({ headers: { "x-count": 14 } });
    assert.equal(e("GET /x").headers["x-count"], 14);
    assert.equal(e.DEFAULTS.headers["x-count"], 14);
    assert.equal(e.merge("GET /x").headers["x-count"], 14);
    assert.equal(e("GET /x", { headers: { "x-count": "14" } }).headers["x-count"], "14");
    assert.equal(e.defaults({ headers: { "X-Count": "15" } })("GET /x").headers["x-count"], "15");
    assert.equal(e("GET /x", { headers: { "x-count": 15 } }).headers["x-count"], 15);
  });

  test("a header the engine rewrote keeps the rewritten string", () => {
    const r = endpoint("GET /x", { headers: { accept: 7 }, mediaType: { previews: ["nightshade"] } });
    assert.equal(r.headers.accept, "application/vnd.github.nightshade-preview+json");
  });

  test("parse keeps them too", () => {
    const r = endpoint.parse({ method: "POST", baseUrl: API, url: "/x", headers: { "content-length": 3 }, data: "abc" });
    assert.equal(r.headers["content-length"], 3);
  });

  test("a value that cannot become a string, and headers that are not an object, are the module's errors", () => {
    const s = Symbol("s");
    assert.equal(endpoint("GET /x", { headers: { "x-s": s } }).headers["x-s"], s); // String(symbol) works
    const badValues = [[s], Object(s), { toString: () => s }];
    for (const v of badValues) {
      const isValueError = (err) => !(err instanceof TypeError) && err.code === "headers.ErrInvalidValue" && err.codes.includes("headers.ErrInvalidValue") && err.op === "header";
      assert.throws(() => endpoint("GET /x", { headers: { "x-s": v } }), isValueError);
      assert.throws(() => endpoint("POST /x", { headers: { "x-s": v }, request: { fetch() {} } }), isValueError);
      assert.throws(() => endpoint.defaults({ headers: { "x-s": v } }), isValueError);
      assert.throws(() => endpoint.merge("GET /x", { headers: { "x-s": v } }), isValueError);
    }
    for (const headers of [10n, [10n], [1], "abc"]) {
      const isOptionsError = (err) => !(err instanceof TypeError) && err.code === "ErrInvalidOptions";
      assert.throws(() => endpoint("GET /x", { headers }), isOptionsError);
      assert.throws(() => endpoint.defaults({ headers }), isOptionsError);
    }
  });
});

describe("calls and their headers", () => {
  test("a repeated call returns a fresh result each time", () => {
    const args = ["POST /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", title: "t", labels: ["a"], headers: { "x-n": 1 } }];
    const first = endpoint(...args);
    first.body.labels.push("changed");
    first.headers["x-n"] = 2;
    first.url = "changed";
    const second = endpoint(...args);
    assert.deepEqual(second.body, { title: "t", labels: ["a"] });
    assert.equal(second.headers["x-n"], 1);
    assert.notEqual(second.url, "changed");
    const d = endpoint.DEFAULTS;
    d.headers.accept = "changed";
    assert.notEqual(endpoint.DEFAULTS.headers.accept, "changed");
  });

  test("a call's headers build what the same headers in defaults() build", () => {
    const cases = [
      ["GET /repos/{owner}/{repo}", { owner: "o", repo: "r" }, { authorization: "token x" }],
      ["GET /x", { mediaType: { previews: ["nightshade"], format: "diff" } }, { accept: "application/vnd.github.echo-preview+json" }],
      ["POST /x", { title: "t" }, { "User-Agent": "app/1", "content-type": "text/plain", "x-n": 3 }],
      ["PUT /x", {}, { "x-empty": "" }],
    ];
    const base = endpoint.defaults({ headers: { authorization: "token default", "x-keep": "k" }, baseUrl: "https://ghe.example/api" });
    for (const e of [endpoint, base]) {
      for (const [route, options, headers] of cases) {
        assert.deepEqual(e(route, { ...options, headers }), e.defaults({ headers })(route, options), route);
        assert.deepEqual(e.merge(route, { ...options, headers }), e.defaults({ headers }).merge(route, options), route);
      }
    }
  });

  test("a headers object passed again is read again: changed, added or removed names count", () => {
    const headers = { authorization: "token one" };
    const a = endpoint("GET /x", { headers });
    assert.equal(a.headers.authorization, "token one");
    assert.equal(endpoint("GET /x", { headers }).headers.authorization, "token one");
    headers.authorization = "token two";
    assert.equal(endpoint("GET /x", { headers }).headers.authorization, "token two");
    headers["x-added"] = "a";
    assert.equal(endpoint("GET /x", { headers }).headers["x-added"], "a");
    delete headers["x-added"];
    assert.equal(endpoint("GET /x", { headers }).headers["x-added"], undefined);
    headers["user-agent"] = "mine/1";
    assert.equal(endpoint("GET /x", { headers }).headers["user-agent"], "mine/1");
    // The same object over another endpoint takes that endpoint's defaults.
    const other = endpoint.defaults({ baseUrl: "https://ghe.example/api", headers: { "x-keep": "k" } });
    const o = other("GET /x", { headers });
    assert.equal(o.url, "https://ghe.example/api/x");
    assert.equal(o.headers["x-keep"], "k");
    assert.equal(o.headers.authorization, "token two");
    assert.equal(endpoint("GET /x", { headers }).headers["x-keep"], undefined);
  });

  test("a bad header fails the call, as the call", () => {
    assert.throws(() => endpoint("GET /x", { headers: { "x-a": "a\r\nb" } }), (err) => err.codes.includes("headers.ErrInvalidValue"));
    assert.throws(() => endpoint("GET /x", { headers: { "bad name": "v" } }), (err) => err.codes.includes("headers.ErrInvalidName"));
  });
});
