// Every reference vector (the repository's testdata/vectors) through
// both faces of the package, compared as vectors_test.go compares Go's:
// v6's expectation, or endpointkit's own where departures.json lists one.
import { test, describe } from "node:test";
import assert from "node:assert/strict";

import { endpoint, octokit, vectors } from "./load.mjs";
import { checkCase, indexById, runCase } from "./vectors.mjs";

const data = vectors();
const ctx = {
  expected: indexById(data.expected),
  departures: indexById(data.departures),
  userAgent: endpoint.DEFAULTS.headers["user-agent"],
};
const skipped = indexById(data.skips);

describe("reference vectors", () => {
  test("every case has an expectation; departures and skips name real cases", () => {
    const ids = new Set(data.cases.map((c) => c.id));
    assert.equal(ids.size, data.cases.length, "case ids are unique");
    assert.equal(data.expected.length, data.cases.length);
    for (const id of ids) assert.ok(ctx.expected.has(id), `expectation for ${id}`);
    for (const d of data.departures) {
      assert.ok(ids.has(d.id), `departure for unknown case ${d.id}`);
      assert.ok(d.departure && d.why, `departure ${d.id} names its rule and why`);
    }
    for (const s of data.skips) assert.ok(ids.has(s.id) && s.reason, `skip ${s.id} names a case and a reason`);
  });

  for (const [name, face] of [["endpoint", endpoint], ["/octokit", octokit]]) {
    describe(name, () => {
      for (const c of data.cases) {
        test(c.id, { skip: skipped.get(c.id)?.reason ?? false }, () => {
          // The /octokit face takes data as v6 does: the call's other
          // parameters beside it are ignored, where the engine refuses them.
          const d = ctx.departures.get(c.id);
          const result = runCase(face, c);
          if (face === octokit && d?.error === "ErrDataWithParams") {
            assert.equal(result.ok, true, result.error?.message);
            return;
          }
          const problem = checkCase(c, result, ctx);
          assert.equal(problem, null, problem ?? "");
        });
      }
    });
  }
});

describe("endpoint(route, options) equals parse(merge(route, options))", () => {
  for (const c of data.cases) {
    if (c.op !== "endpoint") continue;
    test(c.id, () => {
      const built = runCase(endpoint, c);
      const merged = runCase(endpoint, { ...c, op: "merge" });
      if (!merged.ok && merged.error.code === "ErrReservedParam") {
        // A url option beside a route is a parameter, which merged
        // options in the octokit shape cannot hold; merge() says so.
        assert.equal(built.ok, true, "endpoint builds what merge cannot write");
        return;
      }
      if (!merged.ok) {
        assert.equal(built.ok, false, "merge threw, so endpoint must throw");
        assert.equal(built.error.message, merged.error.message);
        return;
      }
      const parsed = runCase(endpoint, { ...c, op: "parse", defaults: [], route: null, options: merged.value });
      if (!built.ok) {
        assert.equal(parsed.ok, false, `endpoint threw ${built.error.message}, parse did not`);
        assert.equal(parsed.error.code, built.error.code);
        return;
      }
      assert.equal(parsed.ok, true, parsed.error?.message);
      assert.deepEqual(parsed.value, built.value);
    });
  }
});
