// The package against the Go engine it restates: seeded random calls
// (gen.mjs), the uritemplate-test suite and the reference vectors,
// through endpoint(), merge() then parse(), parse(), DEFAULTS,
// defaults({headers}) and the /octokit face, and through the Go engine's
// options JSON entry points and Builder (internal/differ, run with the go
// command; skipped without it), compared by godiff.mjs: identical results
// or identical error codes, up to what the README says differs by design.
// ENDPOINTKIT_DIFF_CASES (2,000; ENDPOINTKIT_LONG=1: 100,000) and
// ENDPOINTKIT_DIFF_SEED run more, or others.
import { test, describe } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";

import { endpoint, octokit, rfc6570, vectors } from "./load.mjs";
import { generator } from "./gen.mjs";
import { compare, goCodes, goRun, jsRun } from "./godiff.mjs";

const hasGo = spawnSync("go", ["version"]).status === 0;
const skip = !hasGo && "needs the go command";
const faces = { endpoint, octokit };

// run compares cases, in batches, and returns the differences.
function run(cases, label) {
  const failures = [];
  const internal = [];
  for (let from = 0; from < cases.length; from += 20_000) {
    const batch = cases.slice(from, from + 20_000);
    const go = goRun(batch);
    batch.forEach((c, i) => {
      const { diffs, internal: own } = compare(c, jsRun(faces, c), go[i]);
      for (const [what, js, g] of diffs) failures.push({ case: `${label} ${from + i}`, input: c, what, js, go: g });
      for (const [what, a, b] of own) internal.push({ what, text: `${label} ${from + i}: ${a.slice(0, 200)} / ${b.slice(0, 200)}; input ${JSON.stringify(c).slice(0, 200)}` });
    });
  }
  return { failures, internal };
}

function report(t, { failures, internal }, n) {
  t.diagnostic(`${n} cases, ${failures.length} differences`);
  // Go's entry points disagreeing among themselves: the engine's to
  // explain (the package follows BuildJSON), reported by kind.
  for (const what of new Set(internal.map((x) => x.what))) {
    const of = internal.filter((x) => x.what === what);
    t.diagnostic(`Go's own entry points differ: ${what}: ${of.length} cases, first: ${of[0].text.slice(0, 400)}`);
  }
  const shown = failures.slice(0, 5).map((f) => `${f.case}: ${f.what}\n  input: ${JSON.stringify(f.input)}\n  js: ${f.js}\n  go: ${f.go}`);
  assert.equal(failures.length, 0, `${failures.length} differences:\n${shown.join("\n")}`);
}

describe("the package against the Go engine", { skip }, () => {
  test("the same error codes, in the same order", () => {
    const src = readFileSync(new URL("../src/errors.js", import.meta.url), "utf8");
    const list = JSON.parse(src.match(/export const CODES = (\[[^\]]*\])/)[1].replace(/,\s*\]$/, "]"));
    assert.deepEqual(list, goCodes());
  });

  test("seeded random calls", (t) => {
    const seed = Number(process.env.ENDPOINTKIT_DIFF_SEED ?? 20261201);
    const n = Number(process.env.ENDPOINTKIT_DIFF_CASES ?? (process.env.ENDPOINTKIT_LONG ? 100_000 : 2000));
    const next = generator(seed);
    const cases = Array.from({ length: n }, next);
    t.diagnostic(`seed ${seed}`);
    report(t, run(cases, `seed ${seed} case`), n);
  });

  test("the uritemplate-test suite, as POST https://example.com/<template> and as GET of its variables", (t) => {
    const cases = [];
    for (const c of rfc6570()) {
      cases.push({ layers: [], route: `POST https://example.com/${c.template}`, options: c.variables });
      cases.push({ layers: [], route: `GET /x/${c.template}`, options: c.variables });
    }
    report(t, run(cases, "uritemplate-test"), cases.length);
  });

  test("the reference vectors", (t) => {
    const cases = [];
    for (const v of vectors().cases) {
      if (v.op === "parse") cases.push({ layers: [], route: undefined, options: v.options ?? undefined });
      else {
        const layers = v.defaults.map((d) => (typeof d === "string" ? { route: d } : { options: d }));
        const first = typeof v.route === "string";
        cases.push({ layers, route: first ? v.route : undefined, options: (first ? v.options : v.route) ?? undefined });
      }
    }
    report(t, run(cases, "vector"), cases.length);
  });
});
