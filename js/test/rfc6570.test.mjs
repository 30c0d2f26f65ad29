// The uritemplate-test suite (github.com/uri-templates/uritemplate-test,
// rfc6570/, with its licence), every case's template in two places, with
// the case's variables as parameters (a POST, so that those the template
// leaves go to the body):
//   - in the query, POST https://example.com/x?<template>, where the path
//     rules do not apply: it must expand to one of the URLs the suite
//     allows;
//   - as the path, POST https://example.com/<template>: to one of them
//     too, or else be refused by a path rule (a missing or empty value, a
//     value's "//", a dot segment, a list or object joined into the path),
//     never another URL. The differential test holds those refusals to the
//     Go engine's.
// Every negative case must be refused in both places: template.ErrSyntax,
// or ErrInvalidRoute for a template with a space (no route holds one), or
// template.ErrPrefix for a prefix on a list or object; but the two whose
// hyphenated names the package takes (the {enterprise-team} extension).
import { test, describe } from "node:test";
import assert from "node:assert/strict";

import { endpoint, rfc6570 } from "./load.mjs";

const HYPHENATED = new Set(["/{default-graph-uri}", "/sparql{?query,default-graph-uri}"]);
const PATH_RULES = ["ErrMissingParam", "template.ErrEmptySegment", "template.ErrDotSegment", "template.ErrValue"];

describe("uritemplate-test", () => {
  const cases = rfc6570();

  test("has its 270 cases", () => assert.equal(cases.length, 270));

  for (const c of cases) {
    test(`${c.file} ${c.group}: ${c.template}`, () => {
      for (const prefix of ["https://example.com/x?", "https://example.com/"]) {
        const build = () => endpoint(`POST ${prefix}${c.template}`, c.variables);
        // A path rule may refuse a case in the path, never change it.
        const url = () => {
          try {
            return build().url;
          } catch (err) {
            if (!prefix.endsWith("?") && PATH_RULES.includes(err.code)) return "refused";
            throw err;
          }
        };
        if (c.want !== false) {
          const urls = [...c.want.map((w) => `${prefix}${w}`), "refused"];
          assert.ok(urls.includes(url()), `${url()} is none of ${urls.join(" ")}`);
        } else if (HYPHENATED.has(c.template)) {
          assert.doesNotThrow(url);
        } else {
          assert.throws(build, (err) => (/ /.test(c.template) ? err.code === "ErrInvalidRoute" : ["template.ErrSyntax", "template.ErrPrefix"].includes(err.code)));
        }
      }
    });
  }

  test("in the path, some cases are refused by the path rules, and only by them", () => {
    const refused = new Map();
    for (const c of cases) {
      if (c.want === false) continue;
      try {
        endpoint(`POST https://example.com/${c.template}`, c.variables);
      } catch (err) {
        refused.set(err.code, (refused.get(err.code) ?? 0) + 1);
      }
    }
    assert.deepEqual([...refused.keys()].sort(), ["ErrMissingParam", "template.ErrEmptySegment", "template.ErrValue"]);
  });
});
