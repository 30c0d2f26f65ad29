// The ES module against the Go engine it wraps: seeded random calls
// (gen.mjs) through endpoint(), merge() then parse(), parse(), DEFAULTS
// and defaults({headers}), and through Go's options JSON entry points
// and Builder (internal/differ, run with the go command), compared by
// godiff.mjs: every difference must be one the README lists (header
// value types, the order of a result's request keys) or it fails.
// ENDPOINTKIT_DIFF_CASES and ENDPOINTKIT_DIFF_SEED run more, or others.
// Then the defects such runs found, each on its own.
import { test, describe } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";

import { endpoint } from "./load.mjs";
import { generator, rng } from "./gen.mjs";
import { goRun, jsRun, compare, mutate } from "./godiff.mjs";

const hasGo = spawnSync("go", ["version"]).status === 0;

describe("the module against the Go engine", () => {
  test("seeded random calls", { skip: !hasGo && "needs the go command" }, () => {
    const seed = Number(process.env.ENDPOINTKIT_DIFF_SEED ?? 20261127);
    const n = Number(process.env.ENDPOINTKIT_DIFF_CASES ?? 1500);
    const next = generator(seed);
    const r = rng(seed ^ 0x5eed);
    const cases = Array.from({ length: n }, next);
    const mutated = [];
    for (const c of cases) {
      c.mutated = r() < 0.5 ? mutate(c, r) : undefined;
      if (c.mutated !== undefined) mutated.push(c.mutated);
    }
    const go = goRun([...cases, ...mutated]);
    const failures = [];
    let m = n;
    for (let i = 0; i < n; i++) {
      const c = cases[i];
      const diffs = compare(c, jsRun(endpoint, c), go[i], c.mutated === undefined ? undefined : go[m++]);
      for (const d of diffs) failures.push({ seed, case: i, input: c, what: d[0], js: d[1], go: d[2] });
    }
    assert.deepEqual(failures.slice(0, 5), []);
  });
});

describe("found by the differential test against Go", () => {
  test("data: null is not set, so a bodiless PUT or PATCH has content-length the number 0", () => {
    // Go reads data: null as not set (as it reads every null option), so
    // the request is the one without data, whose content-length the
    // engine writes: the number 0 (README 11), whatever was given. It was
    // the string given, as if data had been set.
    for (const method of ["PUT", "PATCH"]) {
      const plain = endpoint(`${method} /x`, { headers: { "content-length": "0" } });
      assert.equal(plain.headers["content-length"], 0);
      assert.deepEqual(endpoint(`${method} /x`, { data: null, headers: { "content-length": "0" } }), plain);
      assert.deepEqual(endpoint.defaults({ data: null })(`${method} /x`, { headers: { "content-length": "0" } }), plain);
    }
  });
});
