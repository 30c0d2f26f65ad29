// The npm package as a user installs it: what the tarball holds, the
// package.json fields that tools read, and the size a browser downloads.
// With ENDPOINTKIT_INSTALL set (by .ci/js.sh) the installed copy of the
// packed tarball is listed; without it, what `npm pack` would pack from
// the working copy (build first).
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

import { packageDir, readJSON } from "./load.mjs";

// Each entry point as an ES module, as CommonJS, and their types; for
// tools that do not read "exports" (jest before 28, TypeScript's node10
// resolution, webpack 4), octokit/package.json pointing at the second;
// the README and the licence; nothing else.
export const FILES = [
  "LICENSE", "README.md",
  "dist/index.cjs", "dist/index.d.cts", "dist/index.d.ts", "dist/index.js",
  "dist/octokit.cjs", "dist/octokit.d.cts", "dist/octokit.d.ts", "dist/octokit.js",
  "octokit/package.json", "package.json",
];

// BUDGET is the most bytes, gzip -9, of what a browser downloads: one
// entry point's ES module, which holds all it needs.
export const BUDGET = 8192;

function packed() {
  if (process.env.ENDPOINTKIT_INSTALL) {
    return readdirSync(packageDir, { recursive: true }).filter((f) => statSync(join(packageDir, f)).isFile()).sort();
  }
  const out = execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], { cwd: packageDir, encoding: "utf8" });
  return JSON.parse(out)[0].files.map((f) => f.path).sort();
}

test("the package holds each entry point as ESM and CommonJS with its types, the README and the licence, and nothing else", () => {
  assert.deepEqual(packed(), FILES);
});

test("octokit/package.json points tools that do not read exports at the /octokit entry point", () => {
  assert.deepEqual(readJSON(join(packageDir, "octokit", "package.json")), {
    main: "../dist/octokit.cjs",
    module: "../dist/octokit.js",
    types: "../dist/octokit.d.ts",
    sideEffects: false,
  });
});

test("package.json points import, require and TypeScript at them, and has no dependency", () => {
  const pkg = readJSON(join(packageDir, "package.json"));
  assert.equal(pkg.type, "module");
  for (const [entry, name] of [[".", "index"], ["./octokit", "octokit"]]) {
    assert.deepEqual(pkg.exports[entry], {
      import: { types: `./dist/${name}.d.ts`, default: `./dist/${name}.js` },
      require: { types: `./dist/${name}.d.cts`, default: `./dist/${name}.cjs` },
    });
  }
  assert.equal(pkg.main, "./dist/index.cjs");
  assert.equal(pkg.types, "./dist/index.d.ts");
  assert.equal(pkg.sideEffects, false);
  assert.equal(pkg.dependencies, undefined);
  assert.equal(pkg.license, "MIT");
});

test(`what a browser downloads is at most ${BUDGET} bytes gzip -9 per entry point`, (t) => {
  for (const file of ["dist/index.js", "dist/octokit.js"]) {
    const text = readFileSync(join(packageDir, file));
    const gz = gzipSync(text, { level: 9 }).length;
    t.diagnostic(`${file}: ${text.length} bytes, ${gz} gzip -9`);
    assert.ok(gz <= BUDGET, `${file} is ${gz} bytes gzip -9, over ${BUDGET}`);
  }
});

test("the modules need no Node.js module, no global of Node's and no bundler option", () => {
  for (const file of ["dist/index.js", "dist/octokit.js", "dist/index.cjs", "dist/octokit.cjs"]) {
    const text = readFileSync(join(packageDir, file), "utf8");
    assert.doesNotMatch(text, /\brequire\(|\bimport\(|from\s*["']|process\.|\bBuffer\b|__dirname|import\.meta/, file);
  }
});
