// Builds dist/: each entry point (src/index.js, src/octokit.js) bundled
// into one minified ES module (.js) and one CommonJS module (.cjs), and
// the types (types/*.d.ts) beside them, as .d.ts for import and .d.cts
// for require. Prints each module's size, raw and gzip -9.
import { build } from "esbuild";
import { copyFileSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { gzipSync } from "node:zlib";

const root = new URL("..", import.meta.url).pathname;
const dist = `${root}dist`;
rmSync(dist, { recursive: true, force: true });
mkdirSync(dist);

for (const entry of ["index", "octokit"]) {
  for (const [format, ext] of [["esm", "js"], ["cjs", "cjs"]]) {
    await build({
      entryPoints: [`${root}src/${entry}.js`],
      outfile: `${dist}/${entry}.${ext}`,
      bundle: true,
      format,
      platform: "neutral",
      target: "es2022",
      minify: true,
      legalComments: "none",
      banner: { js: "/* @endpointkit/endpoint, MIT */" },
    });
    const text = readFileSync(`${dist}/${entry}.${ext}`);
    console.log(`dist/${entry}.${ext}: ${text.length} bytes, ${gzipSync(text, { level: 9 }).length} gzip -9`);
  }
  copyFileSync(`${root}types/${entry}.d.ts`, `${dist}/${entry}.d.ts`);
  copyFileSync(`${root}types/${entry}.d.ts`, `${dist}/${entry}.d.cts`);
}
