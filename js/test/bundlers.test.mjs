// Bundlers need no configuration: esbuild (a dev dependency) bundles a
// program that imports both entry points, and one that requires them,
// for the browser and for Node, with nothing but --bundle; each bundle
// runs. (Vite and webpack 5 were tried the same way: js/README.md.)
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawnSync } from "node:child_process";

import { packageDir } from "./load.mjs";

test("esbuild bundles import and require of both entry points with no options, for the browser and Node", async () => {
  const { build } = await import("esbuild");
  const dir = mkdtempSync(join(tmpdir(), "endpoint-bundle-"));
  try {
    mkdirSync(join(dir, "node_modules", "@endpointkit"), { recursive: true });
    symlinkSync(packageDir, join(dir, "node_modules", "@endpointkit", "endpoint"), "dir");
    writeFileSync(
      join(dir, "esm.mjs"),
      `import { endpoint } from "@endpointkit/endpoint";\nimport { endpoint as octokit } from "@endpointkit/endpoint/octokit";\nconsole.log(endpoint("GET /x/{id}", { id: 1 }).method + octokit("PATCH /x").method);\n`,
    );
    writeFileSync(
      join(dir, "cjs.cjs"),
      `const { endpoint } = require("@endpointkit/endpoint");\nconst { endpoint: octokit } = require("@endpointkit/endpoint/octokit");\nconsole.log(endpoint("GET /x/{id}", { id: 1 }).method + octokit("PATCH /x").method);\n`,
    );
    for (const entry of ["esm.mjs", "cjs.cjs"]) {
      for (const platform of ["browser", "node"]) {
        const outfile = join(dir, `out-${platform}-${entry}.js`);
        await build({ entryPoints: [join(dir, entry)], bundle: true, platform, outfile, logLevel: "silent", absWorkingDir: dir });
        const run = spawnSync(process.execPath, [outfile], { encoding: "utf8" });
        assert.equal(run.stdout.trim(), "getPATCH", `${entry} for ${platform}: ${run.stderr}`);
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
