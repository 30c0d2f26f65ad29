// Loads the module under test. With ENDPOINTKIT_INSTALL set (by
// .ci/wasm.sh) that is the packed tarball installed into a scratch
// project, imported by its package name so that the "exports" map is
// exercised; without it, the working copy (run build.sh first).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const install = process.env.ENDPOINTKIT_INSTALL;

// entry is the URL of a module that re-exports the package.
export const entry = install
  ? pathToFileURL(join(install, "entry.mjs")).href
  : new URL("../endpoint.mjs", import.meta.url).href;

// packageDir is the folder holding endpoint.mjs, endpoint.wasm and
// wasm_exec.js, which the browser test serves.
export const packageDir = install
  ? join(install, "node_modules", "@endpointkit", "endpoint")
  : new URL("..", import.meta.url).pathname;

// vectorsDir holds the module's reference vectors (testdata/vectors).
export const vectorsDir = new URL("../../testdata/vectors/", import.meta.url).pathname;

export function readJSON(path) {
  return JSON.parse(readFileSync(path, "utf8"));
}

// vectors returns everything runAll needs.
export function vectors() {
  return {
    cases: readJSON(join(vectorsDir, "cases.json")),
    expected: readJSON(join(vectorsDir, "expected-v6.json")),
    departures: readJSON(join(vectorsDir, "departures.json")),
    skips: readJSON(new URL("./skips.json", import.meta.url).pathname),
  };
}

export const { endpoint, default: defaultExport, __debug: debug } = await import(entry);
