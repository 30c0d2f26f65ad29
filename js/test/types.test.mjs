// The package's types against its runtime API: test/types/usage.ts (ES
// modules: nodenext and bundler resolution) and usage.cts (CommonJS),
// which import the package by its name, so that package.json's "exports"
// and types are used, must compile with tsc --strict. Skipped without
// TypeScript (a dev dependency; TSC=/path/to/tsc uses another).
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { packageDir } from "./load.mjs";

function findTsc() {
  if (process.env.TSC) return [process.env.TSC];
  try {
    return [process.execPath, createRequire(import.meta.url).resolve("typescript/bin/tsc")];
  } catch {
    return undefined;
  }
}

const tsc = findTsc();

test("the types type every documented call, by route, for import and require, and refuse calls the runtime refuses", { skip: tsc === undefined && "typescript not installed" }, () => {
  const dir = mkdtempSync(join(tmpdir(), "endpoint-types-"));
  try {
    mkdirSync(join(dir, "node_modules", "@endpointkit"), { recursive: true });
    symlinkSync(packageDir, join(dir, "node_modules", "@endpointkit", "endpoint"), "dir");
    writeFileSync(join(dir, "package.json"), '{"private":true,"type":"module"}\n');
    copyFileSync(new URL("./types/usage.ts", import.meta.url), join(dir, "usage.ts"));
    copyFileSync(new URL("./types/usage.cts", import.meta.url), join(dir, "usage.cts"));
    const runs = [
      ["nodenext", "nodenext", "usage.ts"],
      ["esnext", "bundler", "usage.ts"],
      ["nodenext", "nodenext", "usage.cts"],
    ];
    for (const [mod, res, file] of runs) {
      const args = ["--noEmit", "--strict", "--target", "es2022", "--module", mod, "--moduleResolution", res, join(dir, file)];
      const run = spawnSync(tsc[0], [...tsc.slice(1), ...args], { encoding: "utf8" });
      assert.equal(run.status, 0, `tsc --module ${mod} ${file}:\n${run.stdout}${run.stderr}`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
