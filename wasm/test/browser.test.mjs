// The packed module in a real browser: headless Chromium loads a page
// from a local static server; the page imports the package, runs every
// reference vector and some API checks, and this test reads the outcome.
// Needs Chromium (CHROMIUM, default /usr/bin/chromium; .ci/wasm.sh
// installs Debian's) and playwright-core (a devDependency).
import { test, describe, before, after } from "node:test";
import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { vectors } from "./load.mjs";
import { startServer } from "./browser/server.mjs";

const executablePath = process.env.CHROMIUM ?? "/usr/bin/chromium";
const ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

describe("in Chromium", () => {
  let server, origin, context, profile;
  const data = vectors();

  before(async () => {
    const { chromium } = await import("playwright-core");
    ({ server, origin } = await startServer());
    profile = await mkdtemp(join(tmpdir(), "endpointkit-chromium-")); // a fresh --user-data-dir
    context = await chromium.launchPersistentContext(profile, { executablePath, headless: true, args: ARGS });
  });

  after(async () => {
    await context?.close();
    server?.close();
    if (profile) await rm(profile, { recursive: true, force: true });
  });

  for (const mode of ["streaming", "fallback"]) {
    test(`loads endpoint.wasm (${mode}) and passes the vectors and checks`, async () => {
      const page = await context.newPage();
      const pageErrors = [];
      page.on("pageerror", (err) => pageErrors.push(err.message));
      const wasmTypes = [];
      page.on("response", (r) => {
        if (r.url().endsWith("/endpoint.wasm")) wasmTypes.push(r.headers()["content-type"]);
      });
      try {
        await page.goto(`${origin}/${mode}/index.html`);
        await page.waitForFunction(() => window.__result !== undefined, null, { timeout: 60_000 });
        const result = await page.evaluate(() => window.__result);
        assert.deepEqual(pageErrors, []);
        assert.equal(result.error, undefined, result.error);
        assert.deepEqual(wasmTypes, [mode === "streaming" ? "application/wasm" : "application/octet-stream"]);

        const { vectors: v, checks } = result;
        assert.equal(checks.url, "https://api.github.com/repos/octokit/rest.js/issues?state=open");
        assert.equal(checks.gheUrl, "https://ghe.example/api/v3/user");
        assert.equal(checks.fetchKept, true);
        assert.equal(checks.blobKept, true);
        assert.equal(checks.parseIsShared, true);
        assert.equal(checks.error?.isError, true);
        assert.equal(checks.error?.code, "ErrMissingParam");
        assert.match(checks.error?.message, /repo/);
        assert.deepEqual(checks.leakedGlobals, []);

        assert.equal(v.checked, data.cases.length - data.skips.length);
        assert.equal(v.skipped, data.skips.length);
        const shown = v.failures.slice(0, 10).map((f) => `${f.id}: ${f.problem}`);
        if (v.failures.length > shown.length) shown.push(`… and ${v.failures.length - shown.length} more`);
        assert.equal(v.failures.length, 0, `${v.failures.length} vectors failed in the browser:\n${shown.join("\n")}`);
      } finally {
        await page.close();
      }
    });
  }
});
