// @endpointkit/endpoint: the endpointkit engine (Go, compiled to
// WebAssembly) with the JavaScript face of @octokit/endpoint:
//
//   import { endpoint } from "@endpointkit/endpoint";
//   endpoint("GET /repos/{owner}/{repo}", { owner, repo });
//
// The module loads endpoint.wasm with top-level await, so every function
// it exports is ready and synchronous once the import has resolved.
//
// Options cross into Go as JSON text written into the module's memory,
// and results come back as JSON text; the Go side exports plain functions
// (//go:wasmexport) that take lengths and return lengths. Values JSON
// cannot carry are handled here: functions and class instances
// (request.fetch, request.signal, a Buffer or Blob as data) are swapped
// for opaque tokens on the way in and restored on the way out, so they
// pass through untouched; a bigint arrives in Go as its exact digits.

const TOKEN = "\u0000endpointkit:"; // prefix of an opaque-value token
const BIG = TOKEN + "n:"; // prefix of a bigint before it becomes digits
const BIG_RE = /"\\u0000endpointkit:n:(-?\d+)"/g;

const exports = await start(await loadGo());
const encoder = new TextEncoder();
const decoder = new TextDecoder();
let memory = new Uint8Array(exports.mem.buffer);

// Opaque values by token. A token made for a call lives until the call
// returns; one made for .defaults() lives while an endpoint holds it.
const opaque = new Map();
const holders = new Map(); // token → number of endpoints holding it
let nextToken = 1;

// Handles of endpoints made by .defaults() are released in Go once their
// JavaScript function has been garbage-collected.
const finalizer = new FinalizationRegistry(({ handle, tokens }) => {
  exports.ek_release(handle);
  for (const t of tokens) {
    const n = holders.get(t) - 1;
    if (n > 0) {
      holders.set(t, n);
    } else {
      holders.delete(t);
      opaque.delete(t);
    }
  }
});

/**
 * The default endpoint: GitHub's REST API v3.
 * endpoint(route, options) returns request options
 * { method, url, headers, body?, request? }.
 */
export const endpoint = withHandle(0, []);
export default endpoint;

// withHandle makes the endpoint function for a Go handle. tokens are the
// opaque values its defaults hold.
function withHandle(handle, tokens) {
  const fn = function endpoint(route, options) {
    return run(exports.ek_build, handle, tokens, route, options);
  };
  Object.defineProperty(fn, "DEFAULTS", {
    // A fresh copy on every read, so that changing it changes nothing.
    get: () => decode(output(exports.ek_DEFAULTS(handle)), tokens.length > 0),
    enumerable: true,
    configurable: true,
  });
  // Plain properties, as in @octokit/endpoint.
  fn.defaults = (newDefaults) => defaults(handle, tokens, newDefaults);
  fn.merge = (route, options) => run(exports.ek_merge, handle, tokens, route, options);
  fn.parse = parse;
  return fn;
}

// run calls build or merge: route is a route string, else an options
// object (and then, as in @octokit/endpoint, options are ignored).
function run(op, handle, tokens, route, options) {
  const made = [];
  try {
    if (typeof route !== "string") {
      options = route;
      route = "";
    }
    const [routeLen, optionsLen] = write(route, encode(options, made));
    return decode(output(op(handle, routeLen, optionsLen)), made.length > 0 || tokens.length > 0);
  } finally {
    forget(made);
  }
}

/** parse turns merged options into request options; it uses no defaults. */
function parse(options) {
  const made = [];
  try {
    const [optionsLen] = write(encode(options, made));
    return decode(output(exports.ek_parse(optionsLen)), made.length > 0);
  } finally {
    forget(made);
  }
}

// defaults makes a new endpoint with newDefaults (options, or a route
// string) layered over the endpoint of handle.
function defaults(handle, tokens, newDefaults) {
  const made = [];
  let next;
  try {
    const isRoute = typeof newDefaults === "string";
    const [len] = write(isRoute ? newDefaults : encode(newDefaults, made));
    next = exports.ek_defaults(handle, isRoute ? 1 : 0, len);
    if (next < 0) output(next); // throws
  } catch (err) {
    forget(made);
    throw err;
  }
  const held = [...tokens, ...made];
  for (const t of held) holders.set(t, (holders.get(t) ?? 0) + 1);
  const fn = withHandle(next, held);
  finalizer.register(fn, { handle: next, tokens: held });
  return fn;
}

// write puts strings one after another into Go's input buffer as UTF-8
// and returns their lengths in bytes.
function write(...strings) {
  let max = 0;
  for (const s of strings) max += s.length * 3; // UTF-8 bytes per UTF-16 unit, at most
  const base = exports.ek_in(max);
  refreshMemory();
  const lengths = [];
  let at = base;
  for (const s of strings) {
    const { written } = encoder.encodeInto(s, memory.subarray(at, base + max));
    lengths.push(written);
    at += written;
  }
  return lengths;
}

// output returns the JSON text a call left in Go's output buffer, or
// throws the error it describes (n < 0).
function output(n) {
  const len = n < 0 ? -n : n;
  const at = exports.ek_out();
  refreshMemory();
  const text = decoder.decode(memory.subarray(at, at + len));
  if (n >= 0) return text;
  const { message, ...fields } = JSON.parse(text);
  const err = new Error(message);
  Object.assign(err, fields); // code, codes, op, input
  Error.captureStackTrace?.(err, output);
  throw err;
}

// refreshMemory renews the view after Go's memory has grown, which
// detaches the old buffer.
function refreshMemory() {
  if (memory.buffer !== exports.mem.buffer) memory = new Uint8Array(exports.mem.buffer);
}

// encode turns an options object into JSON for Go ("" for none), pushing
// the tokens it makes onto made.
function encode(options, made) {
  if (options === undefined || options === null) return "";
  if (typeof options !== "object" || Array.isArray(options)) {
    throw new TypeError(`endpoint: options must be an object, got ${describe(options)}`);
  }
  let root = true;
  let big = false;
  const json = JSON.stringify(options, function (key, value) {
    if (root) {
      root = false;
      return value;
    }
    const original = this[key]; // before toJSON: a Buffer, not {type, data}
    switch (typeof original) {
      case "function":
        return token(original, made);
      case "bigint":
        big = true;
        return BIG + original.toString();
      case "object":
        if (original !== null && !Array.isArray(original) && !isPlainObject(original)) {
          return token(original, made);
        }
    }
    return value;
  });
  return big ? json.replace(BIG_RE, "$1") : json;
}

function token(value, made) {
  const t = TOKEN + nextToken++;
  opaque.set(t, value);
  made.push(t);
  return t;
}

// forget drops a call's tokens that no endpoint came to hold.
function forget(made) {
  for (const t of made) {
    if (!holders.has(t)) opaque.delete(t);
  }
}

function isPlainObject(value) {
  const proto = Object.getPrototypeOf(value);
  return proto === null || proto === Object.prototype;
}

// decode parses Go's JSON, restoring opaque values when there may be any.
function decode(json, withTokens) {
  if (!withTokens) return JSON.parse(json);
  return JSON.parse(json, (key, value) =>
    typeof value === "string" && value.startsWith(TOKEN) && opaque.has(value)
      ? opaque.get(value)
      : value,
  );
}

function describe(value) {
  return Array.isArray(value) ? "array" : typeof value;
}

// loadGo evaluates the Go toolchain's wasm_exec.js and returns a Go
// runtime instance. wasm_exec.js defines globalThis.Go and stubs fs,
// process and path where they are missing; start removes what it added.
async function loadGo() {
  const names = ["Go", "fs", "process", "path"];
  const before = new Map(names.map((n) => [n, Object.getOwnPropertyDescriptor(globalThis, n)]));
  const shared = Symbol.for("@endpointkit/endpoint:Go");
  await import("./wasm_exec.js");
  // A second copy of this module reuses the evaluated wasm_exec.js,
  // which does not define Go again.
  const Go = globalThis.Go !== before.get("Go")?.value ? globalThis.Go : globalThis[shared];
  if (typeof Go !== "function") throw new Error("endpoint: wasm_exec.js did not define Go");
  Object.defineProperty(globalThis, shared, { value: Go, configurable: true });
  const go = new Go();
  go.restoreGlobals = () => {
    for (const [n, d] of before) {
      if (d) Object.defineProperty(globalThis, n, d);
      else delete globalThis[n];
    }
  };
  return go;
}

// start instantiates endpoint.wasm and runs its main, which sets up the
// Go runtime and then waits; the exports can be called from then on.
async function start(go) {
  const { instance } = await instantiate(new URL("./endpoint.wasm", import.meta.url), go.importObject);
  let running;
  try {
    running = go.run(instance); // returns once main waits
  } finally {
    go.restoreGlobals();
  }
  let failure;
  running.then(
    () => (failure = new Error("endpoint: the Go program exited")),
    (err) => (failure = err),
  );
  await null; // lets a run that failed at once report it
  if (go.exited || failure) throw new Error("endpoint: endpoint.wasm did not start", { cause: failure });
  return instance.exports;
}

// instantiate loads the module from a file (Node, Deno, Bun) or with
// fetch (browsers), streaming when the server sends application/wasm.
async function instantiate(url, imports) {
  if (url.protocol === "file:") {
    const fs = "node:fs/promises"; // a variable, so bundlers for browsers leave it alone
    const { readFile } = await import(/* webpackIgnore: true */ /* @vite-ignore */ fs);
    return WebAssembly.instantiate(await readFile(url), imports);
  }
  const response = await fetch(url);
  if (!response.ok) throw new Error(`endpoint: fetching ${url}: HTTP ${response.status}`);
  if (typeof WebAssembly.instantiateStreaming === "function") {
    try {
      return await WebAssembly.instantiateStreaming(response.clone(), imports);
    } catch {
      // Usually a server that does not send application/wasm.
    }
  }
  return WebAssembly.instantiate(await response.arrayBuffer(), imports);
}
