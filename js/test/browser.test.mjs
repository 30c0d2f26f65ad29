// The package in a real browser, without a build step: headless Chromium
// loads a page from a local static server that imports both entry points
// by name through an import map, runs every reference vector and some
// checks, and sends a request with fetch; this test reads the outcome.
// Needs Chromium (CHROMIUM, default /usr/bin/chromium; .ci/js.sh
// installs Debian's) and playwright-core (a dev dependency).
import { test, describe, before, after } from "node:test";
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { vectors } from "./load.mjs";
import { startServer } from "./browser/server.mjs";

const executablePath = process.env.CHROMIUM ?? "/usr/bin/chromium";
const ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];

describe("in Chromium", { skip: !existsSync(executablePath) && `no Chromium at ${executablePath}` }, () => {
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

  test("imports both entry points through an import map, passes the vectors and checks, and sends a PATCH", async () => {
    const page = await context.newPage();
    const pageErrors = [];
    page.on("pageerror", (err) => pageErrors.push(err.message));
    try {
      await page.goto(`${origin}/index.html`);
      await page.waitForFunction(() => window.__result !== undefined, null, { timeout: 60_000 });
      const result = await page.evaluate(() => window.__result);
      assert.deepEqual(pageErrors, []);
      assert.equal(result.error, undefined, result.error);

      const { checks } = result;
      assert.equal(checks.url, "https://api.github.com/repos/octokit/rest.js/issues?state=open");
      assert.equal(checks.gheUrl, "https://ghe.example/api/v3/user");
      assert.equal(checks.fetchKept, true);
      assert.equal(checks.blobKept, true);
      assert.equal(checks.parseIsShared, true);
      assert.equal(checks.bigint, '{"id":9007199254740993}');
      assert.deepEqual(checks.error && { ...checks.error, message: undefined }, { isError: true, isEndpointError: true, code: "ErrMissingParam", message: undefined });
      assert.match(checks.error.message, /repo/);
      assert.deepEqual(checks.sent, { method: "PATCH", url: "/echo/issues/7", body: '{"state":"closed"}', contentType: "application/json; charset=utf-8" });

      for (const [name, v] of [["endpoint", result.vectors], ["/octokit", result.octokitVectors]]) {
        assert.ok(v.checked > data.cases.length - 10, `${name}: ${v.checked} vectors checked`);
        const shown = v.failures.slice(0, 10).map((f) => `${f.id}: ${f.problem}`);
        assert.equal(v.failures.length, 0, `${name}: ${v.failures.length} vectors failed in the browser:\n${shown.join("\n")}`);
      }
    } finally {
      await page.close();
    }
  });
});
