// endpoint.d.ts against the runtime's API: test/types/usage.ts, which
// imports the package by its name (so package.json's "exports" and
// "types" are used), must compile with tsc --strict. Skipped without
// TypeScript (a dev dependency; TSC=/path/to/tsc uses another).
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { packageDir } from "./load.mjs";

// tsc is the command that runs TypeScript's compiler, or undefined.
function findTsc() {
  if (process.env.TSC) return [process.env.TSC];
  try {
    return [process.execPath, createRequire(import.meta.url).resolve("typescript/bin/tsc")];
  } catch {
    return undefined;
  }
}

const tsc = findTsc();

test("endpoint.d.ts types every documented call, and refuses some the runtime refuses", { skip: tsc === undefined && "typescript not installed" }, () => {
  const dir = mkdtempSync(join(tmpdir(), "endpoint-types-"));
  try {
    mkdirSync(join(dir, "node_modules", "@endpointkit"), { recursive: true });
    symlinkSync(packageDir, join(dir, "node_modules", "@endpointkit", "endpoint"), "dir");
    writeFileSync(join(dir, "package.json"), '{"private":true,"type":"module"}\n');
    copyFileSync(new URL("./types/usage.ts", import.meta.url), join(dir, "usage.ts"));
    for (const [mod, res] of [["nodenext", "nodenext"], ["esnext", "bundler"]]) {
      const args = ["--noEmit", "--strict", "--target", "es2022", "--module", mod, "--moduleResolution", res, join(dir, "usage.ts")];
      const run = spawnSync(tsc[0], [...tsc.slice(1), ...args], { encoding: "utf8" });
      assert.equal(run.status, 0, `tsc --module ${mod}:\n${run.stdout}${run.stderr}`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
