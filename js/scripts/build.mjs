// Builds dist/: each entry point (src/index.js, src/octokit.js) bundled
// by esbuild into one ES module (.js) and one CommonJS module (.cjs),
// minified by terser (some 200 bytes gzip smaller than esbuild's own
// minifier), and the types (types/*.d.ts) beside them, as .d.ts for
// import and .d.cts for require. Prints each module's size, raw and
// gzip -9.
import { build } from "esbuild";
import { minify } from "terser";
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";

const root = new URL("..", import.meta.url).pathname;
const dist = `${root}dist`;
rmSync(dist, { recursive: true, force: true });
mkdirSync(dist);

const BANNER = "/* @endpointkit/endpoint, MIT */";

for (const entry of ["index", "octokit"]) {
  for (const [format, ext] of [["esm", "js"], ["cjs", "cjs"]]) {
    const out = await build({
      entryPoints: [`${root}src/${entry}.js`],
      bundle: true,
      format,
      platform: "neutral",
      target: "es2022",
      minify: true,
      legalComments: "none",
      write: false,
    });
    const { code } = await minify(out.outputFiles[0].text, {
      module: format === "esm",
      ecma: 2022,
      compress: { passes: 2 },
      format: { preamble: BANNER, ascii_only: true },
    });
    writeFileSync(`${dist}/${entry}.${ext}`, `${code}\n`);
    console.log(`dist/${entry}.${ext}: ${code.length + 1} bytes, ${gzipSync(`${code}\n`, { level: 9 }).length} gzip -9`);
  }
  copyFileSync(`${root}types/${entry}.d.ts`, `${dist}/${entry}.d.ts`);
  copyFileSync(`${root}types/${entry}.d.ts`, `${dist}/${entry}.d.cts`);
}
