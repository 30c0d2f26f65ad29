// Endpoints made by .defaults() are released once dropped: their Go
// handles (counted by the module's debug export, not timed) and the Go
// heap they held go back to where they were. Needs a way to force a
// garbage collection: --expose-gc, or V8's flag set at run time.
import { test } from "node:test";
import assert from "node:assert/strict";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { setTimeout as sleep } from "node:timers/promises";

import { spawnSync } from "node:child_process";
import { totalmem } from "node:os";

import { endpoint, debug, entry } from "./load.mjs";

const gc =
  globalThis.gc ??
  (() => {
    setFlagsFromString("--expose-gc");
    return runInNewContext("gc");
  })();

const COUNT = 100_000;
const LIVE = 4096; // endpoint.mjs: endpoints from defaults() that keep a handle

// settle collects garbage and lets FinalizationRegistry callbacks, which
// run as their own tasks, release their handles.
async function settle(baseline) {
  for (let i = 0; i < 50; i++) {
    gc();
    await sleep(10);
    if (baseline !== undefined && debug().handles <= baseline) return;
  }
}

test(`${COUNT} endpoints from defaults() are released when dropped`, async () => {
  await settle();
  const before = debug();
  const jsBefore = process.memoryUsage().heapUsed;

  let made = [];
  for (let i = 0; i < COUNT; i++) {
    made.push(endpoint.defaults({ headers: { authorization: `token ${i}` }, per_page: i, request: { fetch: () => i } }));
  }
  const during = debug();
  // Past 4,096 live endpoints the handles of those not used lately are
  // released at once (and made again when used), not at the next GC.
  assert.ok(during.handles <= before.handles + LIVE, `${during.handles - before.handles} handles held`);
  assert.ok(during.goHeapBytes < before.goHeapBytes + LIVE * 16 * 1024, `Go heap ${before.goHeapBytes} → ${during.goHeapBytes}`);
  const revived = during.revived;
  for (const i of [COUNT - 1, 0, 1, COUNT - 1]) {
    const r = made[i]("POST /x", { a: 1 });
    assert.equal(r.url, `https://api.github.com/x`);
    assert.deepEqual(r.body, { per_page: i, a: 1 });
    assert.equal(r.headers.authorization, `token ${i}`);
    assert.equal(r.request.fetch(), i);
    assert.equal(made[i].DEFAULTS.per_page, i);
  }
  assert.equal(debug().revived, revived + 2, "made[0] and made[1] were released and made again");

  made = null;
  await settle(before.handles);
  const after = debug();
  assert.equal(after.handles, before.handles, "every handle released");
  // The Go heap returns to within 1 MiB of where it was (the registry's
  // map is remade small); WebAssembly memory itself never shrinks, so the
  // process's RSS is not a measure here.
  assert.ok(after.goHeapBytes < before.goHeapBytes + 2 ** 20, `Go heap ${before.goHeapBytes} → ${after.goHeapBytes}`);
  const jsAfter = process.memoryUsage().heapUsed;
  assert.ok(jsAfter < jsBefore + 16 * 2 ** 20, `JS heap ${jsBefore} → ${jsAfter}`);
});

test("a chain of defaults() is released from the leaf up", async () => {
  await settle();
  const before = debug().handles;
  let leaf = endpoint;
  for (let i = 0; i < 1000; i++) leaf = leaf.defaults({ [`p${i}`]: i });
  assert.equal(debug().handles, before + 1000);
  assert.match(leaf("GET /x").url, /p999=999$/);
  leaf = null;
  await settle(before);
  assert.equal(debug().handles, before);
});

test("an endpoint whose handle was released gives the same results when used again", () => {
  const fetch = () => "f";
  const parent = endpoint.defaults({ baseUrl: "https://ghe.example/api", headers: { "x-n": 7 }, tag: new Map([["p", 1]]), request: { fetch } });
  const route = parent.defaults("POST /repos/{owner}/{repo}/issues");
  const child = parent.defaults({ owner: "o", headers: { authorization: "token child" } });
  // A layer over a replay (a string equal to a token of the parent).
  const leaked = /%00ek%3A(\d+)$/.exec(parent("GET /leak/{tag}").url);
  assert.ok(leaked);
  const replayed = parent.defaults({ note: `\u0000ek:${leaked[1]}` });
  const grandchild = child.defaults({ repo: "r" });
  const use = () => ({
    parent: parent("POST /x/{owner}", { owner: "a", title: "t" }),
    route: route({ owner: "o", repo: "r", title: "t" }),
    child: child.merge("GET /repos/{owner}/{repo}", { repo: "r" }),
    replayed: replayed("POST /x"),
    grandchild: grandchild("GET /repos/{owner}/{repo}"),
    defaults: [parent, route, child, replayed, grandchild].map((e) => e.DEFAULTS),
  });
  const before = use();
  const revived = debug().revived;
  // More endpoints than are kept: every handle above is released.
  for (let i = 0; i < LIVE * 2; i++) endpoint.defaults({ per_page: i })("GET /x");
  assert.ok(debug().liveEndpoints <= LIVE);
  const after = use();
  assert.ok(debug().revived >= revived + 5, `${debug().revived - revived} handles made again`);
  assert.deepEqual(after, before);
  assert.equal(after.parent.request.fetch, fetch);
  assert.equal(after.replayed.body.note, `\u0000ek:${leaked[1]}`);
  assert.ok(after.replayed.body.tag instanceof Map);
  assert.equal(after.child.headers["x-n"], 7);
});

test("an endpoint does not keep its ancestors alive", async () => {
  // Each endpoint keeps its own list of layers; were its parent kept too,
  // a chain of n would hold n lists of up to n layers.
  await settle();
  gc();
  const heapBefore = process.memoryUsage().heapUsed;
  let leaf = endpoint;
  for (let i = 0; i < 3000; i++) leaf = leaf.defaults({ [`k${i % 50}`]: i });
  gc();
  const grown = process.memoryUsage().heapUsed - heapBefore;
  assert.ok(grown < 16 << 20, `${(grown / 1048576).toFixed(1)} MB kept for one endpoint`);
  assert.match(leaf("GET /x").url, /k49=2999/);
});

test("a deep chain whose ancestors lost their handles is made again without deep recursion", () => {
  // In a process with a small stack: made again one ancestor at a time
  // (a call per released ancestor), 600 of them overflowed it.
  const n = 600; // layers under the endpoint used: k(i % 50) = i for i < n
  const code = `
    const { endpoint } = await import(${JSON.stringify(entry)});
    const fns = [endpoint];
    for (let i = 0; i < ${LIVE} + ${n} + 10; i++) fns.push(fns.at(-1).defaults({ ["k" + (i % 50)]: i }));
    process.stdout.write(fns[${n}]("GET /a").url + " " + fns[${n}].DEFAULTS.k0);`;
  const run = spawnSync(process.execPath, ["--stack-size=120", "--input-type=module", "-e", code], { encoding: "utf8" });
  assert.equal(run.status, 0, run.stderr);
  const want = Array.from({ length: 50 }, (_, j) => `k${j}=${n - 1 - ((n - 1 - j) % 50)}`).join("&");
  assert.equal(run.stdout, `https://api.github.com/a?${want} ${n - 1 - ((n - 1) % 50)}`);
});

test("a method kept from an endpoint that was collected holds no handle", async () => {
  await settle();
  const before = debug().handles;
  const keepMerge = () => endpoint.defaults({ headers: { "x-z": "z" } }).merge;
  for (let i = 0; i < 5; i++) {
    let merge = keepMerge();
    await settle(before);
    assert.equal(merge("GET /a").headers["x-z"], "z");
    merge = null;
  }
  await settle(before);
  assert.equal(debug().handles, before);
});

test("large defaults dropped in a loop keep Go's memory bounded by their size, not their count", async () => {
  await settle();
  const before = debug();
  const big = "x".repeat(1 << 20);
  let kept;
  for (let i = 0; i < 300; i++) {
    const e = endpoint.defaults({ q: big + i });
    if (i === 0) kept = e;
  }
  // 300 MiB of defaults: at most 64 MiB of them keep a handle.
  const during = debug();
  assert.ok(during.goHeapBytes < before.goHeapBytes + 200 * (1 << 20), `Go heap ${before.goHeapBytes} → ${during.goHeapBytes}`);
  assert.ok(during.liveEndpoints <= 64, `${during.liveEndpoints} endpoints hold a handle`);
  // The first one was released and is made again on use.
  assert.equal(kept("GET /x").url, `https://api.github.com/x?q=${big}0`);
  kept = null;
  await settle(before.handles);
});

test("large headers that differ on every call are not kept", async () => {
  await settle();
  const before = debug();
  const jsBefore = process.memoryUsage().heapUsed;
  for (let i = 0; i < 300; i++) {
    const value = String(i).padEnd(1 << 20, "v");
    for (let k = 0; k < 2; k++) assert.equal(endpoint("GET /x", { headers: { "x-a": value } }).headers["x-a"], value);
  }
  const after = debug();
  assert.equal(after.sightedHeaders, before.sightedHeaders, "none kept as seen once");
  assert.equal(after.layersMade, before.layersMade, "none made a layer");
  gc();
  const jsAfter = process.memoryUsage().heapUsed;
  assert.ok(jsAfter < jsBefore + 64 * (1 << 20), `JavaScript heap ${jsBefore} → ${jsAfter}`);
  // Small headers seen twice still become a layer.
  endpoint("GET /x", { headers: { "x-b": "1" } });
  endpoint("GET /x", { headers: { "x-b": "1" } });
  assert.equal(debug().layersMade, before.layersMade + 1);
});

test("large default headers of endpoints called once and dropped are not kept", async () => {
  await settle();
  const before = debug();
  gc();
  const jsBefore = process.memoryUsage().heapUsed;
  for (let i = 0; i < 300; i++) {
    const value = String(i).padEnd(1 << 20, "v");
    const e = endpoint.defaults({ headers: { "x-a": value } });
    assert.equal(e("GET /x").headers["x-a"], value);
  }
  await settle(before.handles);
  const jsAfter = process.memoryUsage().heapUsed;
  assert.ok(jsAfter < jsBefore + 64 * (1 << 20), `JavaScript heap ${jsBefore} → ${jsAfter}`);
  // Small ones are still read from their parsed copy: a second call's
  // headers are equal, and its own.
  const e = endpoint.defaults({ headers: { "x-b": "1" } });
  const a = e("GET /x");
  const b = e("GET /x");
  assert.deepEqual(a.headers, b.headers);
  assert.notEqual(a.headers, b.headers);
});

test("a chain of 20,000 defaults() that set one key over and over is made in linear time", () => {
  let e = endpoint;
  for (let i = 0; i < 20_000; i++) e = e.defaults({ a: `v${i}` });
  assert.equal(e("GET /x").url, "https://api.github.com/x?a=v19999");
  assert.equal(e.DEFAULTS.a, "v19999");
});

test("a deep chain of small layers keeps its handles: a layer counts its own text only", () => {
  const before = debug().revived;
  let e = endpoint;
  const all = [];
  for (let i = 0; i < 3000; i++) {
    e = e.defaults({ a: `value-${i}`, i });
    all.push(e);
  }
  for (let i = all.length - 1; i >= 0; i -= 7) assert.equal(all[i]("GET /x").url, `https://api.github.com/x?a=value-${i}&i=${i}`);
  assert.equal(debug().revived, before, "no handle was released and made again");
});

test("a chain of 5,000 defaults() each with an opaque value is made in linear time and keeps each level's", () => {
  let e = endpoint;
  const all = [];
  for (let i = 0; i < 5_000; i++) {
    e = e.defaults({ request: { hook: () => i }, [`k${i % 3}`]: i });
    all.push(e);
  }
  assert.equal(e("GET /x").request.hook(), 4999);
  assert.equal(all[1234]("GET /x").request.hook(), 1234);
  assert.equal(all[1234].DEFAULTS.request.hook(), 1234);
  assert.equal(all[0].merge("GET /x", { request: { other: () => "o" } }).request.other(), "o");
});

// Inputs and results of hundreds of megabytes, in a process of their own
// (a write over Go's memory would break this one's module for the tests
// after). Each needs the memory it names; without it the test is skipped.
const GiB = 2 ** 30;
function runLarge(code) {
  const run = spawnSync(process.execPath, ["--input-type=module", "-e", `const { endpoint } = await import(${JSON.stringify(entry)});\n${code}`], {
    encoding: "utf8",
  });
  assert.equal(run.status, 0, run.stderr);
  return JSON.parse(run.stdout);
}
const after = `const after = [endpoint("GET /x/{a}", { a: 1 }).url, endpoint("POST /x", { b: 2 }).body.b];`;

test("an input past what Go's int32 sizes can say is an error, not a write over Go's memory", { skip: totalmem() < 4 * GiB && "needs 4 GiB" }, () => {
  // Sizes cross into Go as int32: (route + options) × 3 bytes past 2^31
  // wrapped around, and the input was written over Go's heap. The
  // result cache is made to stand aside first (calls that do not
  // repeat), as its key would be longer than a string can be.
  const out = runLarge(`
    for (let i = 0; i < 600; i++) endpoint("GET /warm/{i}", { i });
    let code;
    try { endpoint("GET /" + "r".repeat(500_000_000), { s: "a".repeat(230_000_000) }); } catch (e) { code = e.code ?? e.name; }
    ${after}
    process.stdout.write(JSON.stringify({ code, after }));`);
  assert.deepEqual(out, { code: "ErrLimit", after: ["https://api.github.com/x/1", 2] });
});

test("results past 2 GiB of WebAssembly memory are read where Go wrote them", { skip: totalmem() < 8 * GiB && "needs 8 GiB" }, () => {
  // Go's addresses cross as int32: one past 2 GiB read as negative.
  const out = runLarge(`
    const n = 440_000_000;
    const r = endpoint("POST /x", { s: "a".repeat(n) });
    ${after}
    process.stdout.write(JSON.stringify({ ok: r.body.s.length === n && r.url === "https://api.github.com/x", after }));`);
  assert.deepEqual(out, { ok: true, after: ["https://api.github.com/x/1", 2] });
});

test("an error's input is cut, as its message is: a huge route is not copied whole", () => {
  assert.throws(
    () => endpoint("GET /" + "r".repeat(1 << 20)),
    (err) => err.code === "template.ErrTooLong" && err.input.length <= (64 << 10) + 1 && err.input.startsWith("/rrr") && err.input.endsWith("…"),
  );
});

test("a route of 500 MB fails without running Go out of memory", { skip: (!process.env.ENDPOINTKIT_LARGE_TESTS || totalmem() < 8 * GiB) && "set ENDPOINTKIT_LARGE_TESTS=1; needs 8 GiB; takes about 20 s" }, () => {
  // Its error carried the whole route, copied several times over: past
  // Go's 4 GiB, and the module stopped for good.
  const out = runLarge(`
    let code;
    try { endpoint("GET /" + "r".repeat(500_000_000)); } catch (e) { code = e.code ?? e.name; }
    ${after}
    process.stdout.write(JSON.stringify({ code, after }));`);
  assert.deepEqual(out, { code: "template.ErrTooLong", after: ["https://api.github.com/x/1", 2] });
});
