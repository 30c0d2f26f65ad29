// The npm package as a user installs it: what the tarball holds, and the
// package.json fields that tools read. With ENDPOINTKIT_INSTALL set (by
// .ci/wasm.sh) the installed copy of the packed tarball is listed;
// without it, what `npm pack` would pack from the working copy.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { join } from "node:path";

import { packageDir, readJSON } from "./load.mjs";

// The package's files: the module, its types, the engine and the Go
// runtime's loader, the README and the licence; no tests, no Go sources.
const FILES = ["LICENSE", "README.md", "endpoint.d.ts", "endpoint.mjs", "endpoint.wasm", "package.json", "wasm_exec.js"];

function packed() {
  if (process.env.ENDPOINTKIT_INSTALL) return readdirSync(packageDir, { recursive: true }).sort();
  const out = execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], { cwd: packageDir, encoding: "utf8" });
  return JSON.parse(out)[0].files.map((f) => f.path).sort();
}

test("the package holds the module, its types, the engine, the README and the licence, and nothing else", () => {
  assert.deepEqual(packed(), FILES);
});

test("package.json points every tool at the module and its types", () => {
  const pkg = readJSON(join(packageDir, "package.json"));
  assert.equal(pkg.type, "module");
  assert.deepEqual(pkg.exports["."], { types: "./endpoint.d.ts", default: "./endpoint.mjs" });
  assert.equal(pkg.types, "./endpoint.d.ts");
  assert.equal(pkg.license, "MIT");
});
