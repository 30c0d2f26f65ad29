// Nothing grows without bound: the package keeps only bounded caches (of
// parsed templates, split routes and checked base URLs), and an endpoint
// made by defaults() is an ordinary function, collected with its
// defaults. Forces collections (--expose-gc, or V8's flag set here).
import { test } from "node:test";
import assert from "node:assert/strict";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

import { endpoint } from "./load.mjs";

setFlagsFromString("--expose-gc");
const gc = globalThis.gc ?? runInNewContext("gc");

const heap = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};

test("100,000 distinct routes, base URLs and endpoints leave the heap where a few thousand did", () => {
  const run = (from, n) => {
    for (let i = from; i < from + n; i++) {
      const e = endpoint.defaults({ baseUrl: `https://h${i}.example/api`, headers: { authorization: `token ${i}` }, big: "x".repeat(1000) });
      e(`GET /repos/{owner}/{repo}/x${i}`, { owner: "o", repo: "r" });
    }
  };
  run(0, 5000);
  const before = heap();
  run(5000, 100_000);
  const after = heap();
  assert.ok(after - before < 8 << 20, `the heap grew by ${((after - before) / 2 ** 20).toFixed(1)} MiB`);
});
