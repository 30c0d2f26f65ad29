// Every reference vector through the JavaScript API of the packed module.
import { test, describe } from "node:test";
import assert from "node:assert/strict";

import { endpoint, vectors } from "./load.mjs";
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
    for (const s of data.skips) {
      assert.ok(ids.has(s.id), `skip of unknown case ${s.id}`);
      assert.ok(typeof s.reason === "string" && s.reason.length > 0, `skip ${s.id} has a reason`);
    }
  });

  for (const c of data.cases) {
    const skip = skipped.get(c.id)?.reason ?? false;
    test(c.id, { skip }, () => {
      const problem = checkCase(c, runCase(endpoint, c), ctx);
      assert.equal(problem, null, problem ?? "");
    });
  }
});

describe("endpoint(route, options) equals parse(merge(route, options))", () => {
  for (const c of data.cases) {
    if (c.op !== "endpoint") continue;
    test(c.id, () => {
      const built = runCase(endpoint, c);
      const merged = runCase(endpoint, { ...c, op: "merge" });
      if (!merged.ok && (merged.error.codes ?? []).includes("ErrReservedParam")) {
        // Difference 9: a url option beside a route is a parameter, which
        // merged options in the octokit shape cannot hold; merge() says so.
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
        assert.equal(parsed.error.message, built.error.message);
        return;
      }
      assert.equal(parsed.ok, true, parsed.error?.message);
      assert.deepEqual(parsed.value, built.value);
    });
  }
});
