// Endpoints made by .defaults() are released once dropped: their Go
// handles (counted by the module's debug export, not timed) and the Go
// heap they held go back to where they were. Needs a way to force a
// garbage collection: --expose-gc, or V8's flag set at run time.
import { test } from "node:test";
import assert from "node:assert/strict";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { setTimeout as sleep } from "node:timers/promises";

import { endpoint, debug } from "./load.mjs";

const gc =
  globalThis.gc ??
  (() => {
    setFlagsFromString("--expose-gc");
    return runInNewContext("gc");
  })();

const COUNT = 100_000;

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
  assert.equal(during.handles, before.handles + COUNT);
  assert.equal(made[COUNT - 1]("GET /x").url, `https://api.github.com/x?per_page=${COUNT - 1}`);
  assert.ok(during.goHeapBytes > before.goHeapBytes + COUNT * 100, `Go heap grew: ${during.goHeapBytes}`);

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
