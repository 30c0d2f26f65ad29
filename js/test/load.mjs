// Loads the package under test. With ENDPOINTKIT_INSTALL set (by
// .ci/js.sh) that is the packed tarball installed into a scratch
// project, imported by its package name so that the "exports" map is
// used; without it, the working copy's dist/ (npm run build).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const install = process.env.ENDPOINTKIT_INSTALL;
const here = (p) => new URL(p, import.meta.url).pathname;

// packageDir is the folder holding package.json and dist/.
export const packageDir = install ? join(install, "node_modules", "@endpointkit", "endpoint") : here("..");

// Both faces, as ES modules (import) and as CommonJS (require).
const esm = install ? pathToFileURL(join(install, "entry.mjs")).href : pathToFileURL(here("../dist/index.js")).href;
const esmOctokit = install ? pathToFileURL(join(install, "entry-octokit.mjs")).href : pathToFileURL(here("../dist/octokit.js")).href;
const require = createRequire(install ? join(install, "package.json") : here("../package.json"));
export const cjs = install ? require("@endpointkit/endpoint") : require(here("../dist/index.cjs"));
export const cjsOctokit = install ? require("@endpointkit/endpoint/octokit") : require(here("../dist/octokit.cjs"));

export const main = await import(esm);
export const octokitModule = await import(esmOctokit);
export const { endpoint, EndpointError, default: defaultExport } = main;
export const octokit = octokitModule.endpoint;

// vectorsDir holds the reference vectors (the repository's testdata/vectors).
export const vectorsDir = here("../../testdata/vectors/");

export function readJSON(path) {
  return JSON.parse(readFileSync(path, "utf8"));
}

// vectors returns everything runAll needs.
export function vectors() {
  return {
    cases: readJSON(join(vectorsDir, "cases.json")),
    expected: readJSON(join(vectorsDir, "expected-v6.json")),
    departures: readJSON(join(vectorsDir, "departures.json")),
    skips: readJSON(here("./skips.json")),
  };
}

// rfc6570 returns the uritemplate-test suite's cases: { file, group,
// template, variables, want (a list of strings, or false) }.
export function rfc6570() {
  const out = [];
  for (const file of ["spec-examples.json", "spec-examples-by-section.json", "extended-tests.json", "negative-tests.json"]) {
    for (const [group, g] of Object.entries(readJSON(here(`./rfc6570/${file}`)))) {
      for (const [template, want] of g.testcases) {
        out.push({ file, group, template, variables: g.variables, want: want === false ? false : [want].flat() });
      }
    }
  }
  return out;
}
