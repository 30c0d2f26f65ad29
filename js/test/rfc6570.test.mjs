// The uritemplate-test suite (github.com/uri-templates/uritemplate-test,
// rfc6570/, with its licence): every case's template as the path of
// POST https://example.com/<template>, with the case's variables as
// parameters (a POST, so that those the template leaves go to the body),
// must expand to one of the URLs the suite allows; every negative case
// must be refused: template.ErrSyntax, or ErrInvalidRoute for a template
// with a space (no route holds one), or template.ErrPrefix for a prefix
// on a list or object; but the two whose hyphenated names the package
// takes (the {enterprise-team} extension).
import { test, describe } from "node:test";
import assert from "node:assert/strict";

import { endpoint, rfc6570 } from "./load.mjs";

const HYPHENATED = new Set(["/{default-graph-uri}", "/sparql{?query,default-graph-uri}"]);

describe("uritemplate-test", () => {
  const cases = rfc6570();

  test("has its 270 cases", () => assert.equal(cases.length, 270));

  for (const c of cases) {
    test(`${c.file} ${c.group}: ${c.template}`, () => {
      const build = () => endpoint(`POST https://example.com/${c.template}`, c.variables);
      if (c.want !== false) {
        assert.ok(c.want.map((w) => `https://example.com/${w}`).includes(build().url), `${build().url} is none of ${c.want.join(" ")}`);
      } else if (HYPHENATED.has(c.template)) {
        assert.doesNotThrow(build);
      } else {
        assert.throws(build, (err) => (/ /.test(c.template) ? err.code === "ErrInvalidRoute" : ["template.ErrSyntax", "template.ErrPrefix"].includes(err.code)));
      }
    });
  }
});
