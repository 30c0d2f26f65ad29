// How JavaScript values cross into the engine and back: opaque values
// (functions, class instances) and the token channel that carries them,
// strings built to look like tokens, Date, URL, bigint and toJSON, and
// header values that are not strings.
import { test, describe } from "node:test";
import assert from "node:assert/strict";

import { endpoint, debug } from "./load.mjs";

const API = "https://api.github.com";

// Strings an attacker might try: the token prefix with numbers around
// the ones in use, the markers of earlier versions, JSON-escaped forms,
// a quote before the prefix, and prefixes alone.
function lookalikes(upTo) {
  const out = ["\u0000ek:", "\u0000ek:0", "\u0000ek:-1", "\u0000ek:01", "\u0000ek:1 ", "\u0000endpointkit:1", "\u0000endpointkit:n:5", '"\u0000ek:1"', 'a"\u0000ek:2', "\\u0000ek:3", "%00ek%3A4", "\u0000"];
  for (let i = 1; i <= upTo; i++) out.push(`\u0000ek:${i}`);
  return out;
}

// leakToken returns the token string an opaque default travels as, read
// off a URL it was (meaninglessly) expanded into: what an attacker who
// sees the request could learn.
function leakToken(e, name) {
  const url = e(`GET /leak/{${name}}`).url;
  const m = /\/leak\/%00ek%3A(\d+)$/.exec(url);
  assert.ok(m, `a token in ${url}`);
  return `\u0000ek:${m[1]}`;
}

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
  });

  test("strings that look like tokens come back as strings, everywhere", () => {
    const strings = lookalikes(200);
    const fetch = () => {};
    const r = endpoint("POST /x", { strings, one: strings[6], request: { fetch, s: strings } });
    assert.deepEqual(r.body, { strings, one: strings[6] });
    assert.equal(r.request.fetch, fetch);
    assert.deepEqual(r.request.s, strings);
    const m = endpoint.merge("POST /x", { strings, request: { fetch } });
    assert.deepEqual(m.strings, strings);
    assert.equal(m.request.fetch, fetch);
    const q = endpoint("GET /x", { s: "\u0000ek:1" });
    assert.equal(q.url, `${API}/x?s=%00ek%3A1`);
    assert.deepEqual(endpoint.parse({ method: "POST", baseUrl: API, url: "/x", headers: {}, strings, fetch }).body, { strings, fetch });
  });

  test("a call's string equal to a token of the defaults stays a string", () => {
    const fetch = () => "mine";
    const e = endpoint.defaults({ request: { fetch }, tag: new Map() });
    const leaked = leakToken(e, "tag");
    const replays = debug().replays;
    const r = e("POST /x", { title: leaked, also: [leaked] });
    assert.equal(debug().replays, replays + 1, "the collision was seen");
    assert.equal(r.body.title, leaked);
    assert.deepEqual(r.body.also, [leaked]);
    assert.ok(r.body.tag instanceof Map, "the default's own value is still restored");
    assert.equal(r.request.fetch, fetch);
    const m = e.merge("POST /x", { title: leaked });
    assert.equal(m.title, leaked);
    assert.ok(m.tag instanceof Map);
    assert.equal(e.DEFAULTS.request.fetch, fetch);
    // The same through parse(merge()), which sees them all as one call.
    const p = endpoint.parse(e.merge("POST /x", { title: leaked }));
    assert.equal(p.body.title, leaked);
    assert.ok(p.body.tag instanceof Map);
  });

  test("replaying the defaults for one call leaves no endpoint behind", () => {
    const e = endpoint.defaults({ tag: new Map() });
    const leaked = leakToken(e, "tag");
    const before = debug().handles;
    for (let i = 0; i < 20; i++) e("POST /x", { title: leaked });
    assert.equal(debug().handles, before);
  });

  test("a defaults layer with a string equal to a token of its parent", () => {
    const parent = endpoint.defaults({ tag: new Map([["p", 1]]), request: { hook: () => "h" } });
    const leaked = leakToken(parent, "tag");
    const replays = debug().replays;
    const child = parent.defaults({ note: leaked, nested: { deep: [leaked, 'x"' + leaked] } });
    assert.equal(debug().replays, replays + 1, "the collision was seen");
    const d = child.DEFAULTS;
    assert.equal(d.note, leaked);
    assert.deepEqual(d.nested, { deep: [leaked, 'x"' + leaked] });
    assert.ok(d.tag instanceof Map);
    assert.equal(d.tag.get("p"), 1);
    assert.equal(typeof d.request.hook, "function");
    const r = child("POST /x", { more: leaked });
    assert.equal(r.body.note, leaked);
    assert.equal(r.body.more, leaked);
    assert.ok(r.body.tag instanceof Map);
    // The parent still works with its own tokens.
    assert.ok(parent("POST /x").body.tag instanceof Map);
  });

  test("brute force: every small token number as a string, with opaque values on both sides", () => {
    const e = endpoint.defaults({ a: new Set([1]), request: { fetch: () => 1 } });
    const leaked = leakToken(e, "a");
    const strings = lookalikes(Number(leaked.slice(4)) + 50); // beyond the numbers in use
    const { reissues, replays } = debug();
    const r = e("POST /x", { strings, b: new Set([2]) });
    assert.equal(debug().reissues, reissues + 1, "the call's own token was issued again");
    assert.equal(debug().replays, replays + 1, "the defaults were replayed");
    assert.deepEqual(r.body.strings, strings);
    assert.deepEqual([...r.body.a], [1]);
    assert.deepEqual([...r.body.b], [2]);
    const child = e.defaults({ strings });
    assert.deepEqual(child.DEFAULTS.strings, strings);
    assert.deepEqual([...child("POST /x").body.a], [1]);
  });

  test("error messages name an opaque value by its type, not by its token", () => {
    assert.throws(
      () => endpoint("GET /x", { mediaType: { previews: [new Map()] } }),
      (err) => /\[Map\]/.test(err.message) && !err.message.includes("\u0000") && !/ek:\d/.test(err.message),
    );
  });

  test("errors thrown by defaults() name an opaque value by its type, not by its token", () => {
    const named = (type) => (err) =>
      err.message.includes(`[${type}]`) && err.input === `[${type}]` && !/ek:\d/.test(err.message + err.input);
    assert.throws(() => endpoint.defaults({ mediaType: { previews: [new Map()] } }), named("Map"));
    assert.throws(() => endpoint.defaults({ mediaType: { format: () => {} } }), named("function"));
    // Over an endpoint that holds opaque values of its own.
    const e = endpoint.defaults({ request: { fetch: () => {} }, ctx: new Set() });
    assert.throws(() => e.defaults({ mediaType: { previews: [new Map()] } }), named("Map"));
  });

  test("a cycle is a TypeError", () => {
    const o = { fn: () => {} };
    o.self = o;
    assert.throws(() => endpoint("POST /x", o), TypeError);
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

  test("a string that looks like a token only when read again stays a string", () => {
    // A getter or a proxy may give another value each time it is read; the
    // value sent must still be checked against the defaults' tokens.
    const secret = new (class Secret {})();
    const d = endpoint.defaults({ request: { secret }, ctx: secret });
    const token = leakToken(d, "ctx");
    const flip = () => {
      let reads = 0;
      return { get s() { return reads++ === 0 ? "ordinary" : token; } };
    };
    assert.equal(d("POST /x", flip()).body.s, token);
    assert.equal(d("POST /x", { list: [flip()] }).body.list[0].s, token);
    assert.equal(d.merge("POST /x", { o: flip() }).o.s, token);
    const proxy = () => {
      let reads = 0;
      return new Proxy({ s: "" }, { get: (t, k) => (k === "s" ? (reads++ === 0 ? "ordinary" : token) : t[k]) });
    };
    assert.equal(d("POST /x", { p: proxy() }).body.p.s, token);
    // An array with a toJSON of its own, which JSON.stringify calls.
    const list = ["a"];
    list.toJSON = () => token;
    assert.equal(d("POST /x", { list }).body.list, token);
  });

  test("merge() and DEFAULTS give back opaque values as method, baseUrl and url", () => {
    const f = () => "/x";
    const url = new String("/x");
    for (const [key, v] of [["url", url], ["url", f], ["method", new String("POST")], ["baseUrl", new String("https://h")], ["baseUrl", f]]) {
      assert.equal(endpoint.merge({ method: "GET", url: "/y", [key]: v })[key], v, key);
      assert.equal(endpoint.defaults({ [key]: v }).DEFAULTS[key], v, key);
    }
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
    for (const r of [endpoint("GET /x", { headers: new Fields() }), endpoint.defaults({ headers: new Fields() })("GET /x"), endpoint("GET /x", { headers: new Fields(), fn: () => {} })]) {
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

  test("a bigint: every digit in the URL; a number in the body", () => {
    const big = 2n ** 64n + 1n;
    assert.equal(endpoint("GET /x/{id}", { id: big, after: big }).url, `${API}/x/18446744073709551617?after=18446744073709551617`);
    assert.equal(endpoint("POST /x", { n: 12n }).body.n, 12);
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

describe("caches", () => {
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

  test("the result cache stands aside while calls do not repeat, and comes back", () => {
    endpoint("GET /distinct/{i}", { i: -1 });
    assert.ok(debug().cachedResults > 0, "caching");
    for (let i = 0; i < 5000 && debug().cachedResults > 0; i++) endpoint("GET /distinct/{i}", { i });
    assert.equal(debug().cachedResults, 0, "emptied after too many misses");
    for (let i = 0; i < 10_000 && debug().cachedResults === 0; i++) endpoint("GET /same");
    assert.ok(debug().cachedResults > 0, "caching again");
    assert.equal(endpoint("GET /same").url, "https://api.github.com/same");
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

  test("header layers are bounded and give their handles back", () => {
    const before = debug().handles;
    for (let i = 0; i < 200; i++) {
      // Twice each: headers seen again become a layer.
      endpoint("GET /x", { headers: { authorization: `token ${i}` } });
      endpoint("GET /x", { headers: { authorization: `token ${i}` } });
    }
    const { headerLayers, handles } = debug();
    assert.ok(headerLayers <= 64, `${headerLayers} layers`);
    assert.ok(handles <= before + 64, `${handles} handles`);
  });

  test("headers that differ on every call make no layer, and what is kept of them stays bounded", () => {
    const before = debug();
    for (let i = 0; i < 2000; i++) {
      const r = endpoint("GET /repos/{owner}/{repo}", { owner: "o", repo: "r", headers: { authorization: `token unique-${i}` } });
      assert.equal(r.headers.authorization, `token unique-${i}`);
    }
    const after = debug();
    assert.equal(after.layersMade, before.layersMade, "no layer for headers seen once");
    assert.equal(after.handles, before.handles, "no handle for headers seen once");
    assert.ok(after.sightedHeaders <= 256, `${after.sightedHeaders} headers remembered`);
  });

  test("headers seen once, seen again and passed again as the same object build the same request", () => {
    const ua = endpoint.DEFAULTS.headers["user-agent"];
    const base = endpoint.defaults({ headers: { authorization: "token default", "x-keep": "k", "x-drop": "d" } });
    const cases = [
      ["GET /repos/{owner}/{repo}", { owner: "o", repo: "r" }, { authorization: "token " }],
      ["GET /x", { mediaType: { previews: ["nightshade"], format: "diff" } }, { "x-id": "" }],
      ["POST /x", { title: "t" }, { "User-Agent": "app/1", "content-type": "text/plain", "x-n": 3 }],
      ["DELETE /x", {}, { "content-length": "12", "x-id": "" }],
      ["PUT /x", {}, { "x-drop": undefined, "x-id": "" }],
    ];
    let n = 0;
    for (const e of [endpoint, base]) {
      for (const [route, options, template] of cases) {
        // Values of a kind no earlier call used, so the first call is a
        // first sighting.
        const headers = () => Object.fromEntries(Object.entries(template).map(([k, v]) => [k, v === "token " || v === "" ? `${v}seen-${n}` : v]));
        n++;
        const made = debug().layersMade;
        const first = e(route, { ...options, headers: headers() });
        assert.equal(debug().layersMade, made, `${route}: no layer for headers seen once`);
        const reused = headers();
        const second = e(route, { ...options, headers: reused });
        assert.equal(debug().layersMade, made + 1, `${route}: a layer for headers seen again`);
        const third = e(route, { ...options, headers: reused });
        const viaDefaults = e.defaults({ headers: headers() })(route, options);
        assert.deepEqual(second, first, route);
        assert.deepEqual(third, first, route);
        assert.deepEqual(viaDefaults, first, route);
        assert.deepEqual(e.merge(route, { ...options, headers: headers() }), e.defaults({ headers: headers() }).merge(route, options), route);
      }
    }
    // Against @octokit/endpoint 6.0.12 (differences 1 and 2: method case
    // and user-agent; its result was taken by hand).
    const token = `token v6-${n}`;
    for (let i = 0; i < 3; i++) {
      assert.deepEqual(endpoint("DELETE /repos/{owner}/{repo}", { owner: "o", repo: "r", headers: { authorization: token, "x-n": 1 } }), {
        method: "delete",
        url: `${API}/repos/o/r`,
        headers: { accept: "application/vnd.github.v3+json", authorization: token, "content-length": 0, "user-agent": ua, "x-n": 1 },
      });
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

  test("a header layer in use stays while many others come and go; an idle one is remade", () => {
    const hot = { authorization: "token hot" };
    const idle = { authorization: "token idle" };
    assert.equal(endpoint("GET /x", { headers: idle }).headers.authorization, "token idle");
    for (let i = 0; i < 300; i++) {
      endpoint("GET /x", { headers: { authorization: `token ${i}` } });
      assert.equal(endpoint("GET /x", { headers: hot }).headers.authorization, "token hot");
    }
    const { headerLayers } = debug();
    assert.ok(headerLayers <= 64, `${headerLayers} layers`);
    assert.equal(endpoint("GET /x", { headers: idle }).headers.authorization, "token idle");
  });

  test("a bad header fails the call, as the call", () => {
    assert.throws(() => endpoint("GET /x", { headers: { "x-a": "a\r\nb" } }), (err) => err.codes.includes("headers.ErrInvalidValue"));
    assert.throws(() => endpoint("GET /x", { headers: { "bad name": "v" } }), (err) => err.codes.includes("headers.ErrInvalidName"));
  });
});
