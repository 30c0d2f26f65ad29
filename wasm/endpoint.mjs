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
// (//go:wasmexport) that take lengths and return lengths. What JSON
// cannot carry is handled here:
//
// * Opaque values (functions, class instances such as a Buffer, Blob or
//   AbortSignal, and anything under `request` that is not plain JSON)
//   travel as token strings "\u0000ek:<n>" and are swapped back in the
//   result. A token is never equal to a string the caller passed: every
//   caller string that starts with the token prefix is noted ("dirty"),
//   tokens are numbered around them, and an endpoint whose defaults hold
//   a token that equals a call's string is replayed with fresh tokens for
//   that call (see the "Tokens" section).
// * Date, URL and other objects with toJSON become what JSON.stringify
//   makes of them; a bigint becomes its exact digits.
// * Header values that are not strings are sent as String(value) and the
//   original value is put back in the result, so a header given as the
//   number 14 comes back as 14, as in @octokit/endpoint.

const PREFIX = "\u0000ek:"; // every token is PREFIX + a decimal number
const BUILD = 0;
const MERGE = 1;
const EMPTY_MAP = new Map();
const NO_STRINGS = [];

const exports = await load();
const encoder = new TextEncoder();
const decoder = new TextDecoder();
let memory = new Uint8Array(exports.mem.buffer);

// nextToken numbers tokens; numbers are never reused.
let nextToken = 1;
let replays = 0;
let reissues = 0;

// Handles of endpoints made by .defaults() are released in Go once their
// JavaScript function has been garbage-collected. Everything else an
// endpoint holds (its opaque values included) is referenced only from
// that function and the endpoints made from it, so it goes with them.
// It holds only the chain's small go record, so that chains waiting for
// their callback hold no memory.
const finalizer = new FinalizationRegistry((go) => {
  go.dead = true;
  if (go.handle > 0) {
    if (live.delete(go)) liveBytes -= go.bytes;
    exports.ek_release(go.handle);
    go.handle = -1;
  }
});

// live holds the go records of chains made by .defaults() that have a Go
// handle, oldest first. A finalizer runs only once the event loop turns,
// so a loop that makes endpoints and drops them would keep every handle
// (several KB of Go heap each) until then: past LIVE, the handle of a
// chain not used since it was last passed over is released, and made
// again from the chain's layers when it is next used. Past LIVE_BYTES of
// defaults text in all, too: a handle holds its chain's merged defaults,
// and large ones would fill Go's memory long before LIVE handles.
const live = new Set();
const LIVE = 4096;
const LIVE_BYTES = 64 << 20;
let liveBytes = 0;
let revived = 0;

// handleOf returns the Go handle of chain, made again if it was released.
function handleOf(chain) {
  const go = chain.go;
  if (go.handle < 0) revive(chain);
  go.hot = true;
  return go.handle;
}

// revive makes chain's handle again: over its parent's when that one
// still has its handle, else from the root through the chain's layers, in
// a loop (a parent released too is not revived in turn: a deep chain would
// recurse as deep). A chain keeps only its parent's go record, so that an
// endpoint does not keep its ancestors (and their lists of layers) alive.
// An endpoint whose function is gone (a merge or defaults kept from it
// still runs) gets a handle for this call only: no finalizer would
// release it.
function revive(chain) {
  revived++;
  const go = chain.go;
  const pg = chain.parentGo;
  go.handle = pg !== null && !pg.dead && pg.handle > 0 ? defaultsCall(pg.handle, chain.layer) : build(layerArray(chain.layers));
  if (!go.dead) {
    keep(go);
    return;
  }
  const h = go.handle;
  queueMicrotask(() => {
    if (go.handle === h) {
      exports.ek_release(h);
      go.handle = -1;
    }
  });
}

// keep adds go to live, releasing other handles when full: the oldest
// not used since it was last passed over (a second chance).
function keep(go) {
  while (live.size > 0 && (live.size >= LIVE || liveBytes + go.bytes > LIVE_BYTES)) {
    const old = live.values().next().value;
    live.delete(old);
    if (old.hot) {
      old.hot = false;
      live.add(old);
    } else {
      liveBytes -= old.bytes;
      exports.ek_release(old.handle);
      old.handle = -1;
    }
  }
  live.add(go);
  liveBytes += go.bytes;
}

// A chain is what JavaScript keeps for one endpoint; Go keeps its merged
// defaults under a handle.
//   go:      { handle (-1 once released), hot: used since passed over
//            (see live), dead: its function is gone, bytes: the text of
//            its own layer, for LIVE_BYTES }
//   tokens:  token → opaque value, for tokens inside the Go defaults: a
//            Map, or its parts until first used (see tokensOf)
//   dirty:   strings of the defaults that start with PREFIX
//   headers: header name → value, for default headers whose value is not
//            a string (restored in results), and content-length
//   layers:  every defaults() layer from the root, { route } or { json },
//            to replay the chain with renamed tokens: a list from the last
//            ({ layer, prev }, null for none), which a new layer extends
//            without copying (see layerArray)
//   text:    DEFAULTS JSON, once read
//   data:    whether a layer gave data
//   parentGo, layer: the go record of the chain it was made from (null
//            when it was made over a replay, or on the root) and its own
//            layer, to make its handle again
const ROOT = {
  go: { handle: 0, hot: false, dead: false, bytes: 0 },
  tokens: EMPTY_MAP,
  dirty: NO_STRINGS,
  headers: EMPTY_MAP,
  layers: null,
  text: undefined,
  data: false,
  parentGo: null,
  layer: null,
};

/**
 * The default endpoint: GitHub's REST API v3.
 * endpoint(route, options) returns request options
 * { method, url, headers, body?, request? }.
 */
export const endpoint = endpointFor(ROOT);
export default endpoint;

/**
 * Counters for tests and leak hunting; not part of the API and may change.
 * handles: live endpoints in Go, the root included. goHeapBytes: bytes of
 * Go heap in use after a Go garbage collection (costly: debugging only).
 * cachedResults: entries of the result cache. headerLayers: endpoints
 * kept for the headers of calls (each holds a handle); sightedHeaders:
 * headers seen once, not yet a layer; layersMade: header layers made so
 * far; liveEndpoints: endpoints from defaults() holding a handle; revived:
 * handles made again for them. replays, reissues:
 * how often a caller's string equal to a token made the defaults be
 * replayed, or a call's tokens be issued again.
 */
export function __debug() {
  return {
    handles: exports.ek_handles(),
    goHeapBytes: exports.ek_heap() * 1024,
    cachedResults: cache.size,
    headerLayers: layers.size,
    liveEndpoints: live.size,
    revived,
    sightedHeaders: sighted.size,
    layersMade,
    replays,
    reissues,
  };
}

function endpointFor(chain) {
  const fn = function endpoint(route, options) {
    return call(BUILD, chain, route, options);
  };
  Object.defineProperty(fn, "DEFAULTS", {
    // A fresh copy on every read, so that changing it changes nothing.
    get: () => decode(MERGE, (chain.text ??= whole(output(exports.ek_DEFAULTS(handleOf(chain)), tokensOf(chain), tokensOf(chain)))), chain, NONE),
    enumerable: true,
    configurable: true,
  });
  // Plain properties, as in @octokit/endpoint.
  fn.defaults = (newDefaults) => defaults(chain, newDefaults);
  fn.merge = (route, options) => call(MERGE, chain, route, options);
  fn.parse = parse;
  return fn;
}

// call runs endpoint() (BUILD) or merge() (MERGE): route is a route
// string, else an options object (and then, as in @octokit/endpoint,
// options are ignored).
function call(op, chain, route, options) {
  if (typeof route !== "string") {
    options = route;
    route = "";
  }
  const enc = encode(options, chain, false, true);
  const target = enc.dirty !== null && collides(enc.dirty, tokensOf(chain)) ? replay(chain, enc.dirty) : chain;
  try {
    let handle = target === chain ? handleOf(chain) : target.go.handle;
    let json = enc.json;
    if (enc.layer !== null) {
      const h = headerLayer(handle, enc.layer, enc.layerKeys);
      if (h >= 0) {
        handle = h;
      } else {
        // Headers seen once, or a layer that failed (a bad header): the
        // call sends them itself, and a bad one fails as the call.
        json = JSON.stringify(enc.given);
      }
    }
    // handle stands for the defaults and the call's headers: handles are
    // never reused, and a layer's headers never change.
    const key =
      enc.made === null && target === chain && caching() ? `${op}:${handle}:${route.length}:${route}${json}` : undefined;
    let res = key === undefined ? undefined : lookup(key);
    if (res === undefined) {
      const lengths = write(route, json);
      const n = op === BUILD ? exports.ek_build(handle, lengths[0], lengths[1]) : exports.ek_merge(handle, lengths[0], lengths[1]);
      const text = output(n, enc.made ?? tokensOf(target), tokensOf(target));
      res = { text, spans: op === BUILD ? spansOf(n, text) : null };
      if (key !== undefined) remember(key, res);
    }
    return decode(op, res, target, enc);
  } finally {
    if (target !== chain) exports.ek_release(target.go.handle);
  }
}

// Header layers. Go handles headers in a call's options more slowly
// than headers in defaults, and calls tend to repeat the same headers
// (an authorization header), so a call's headers become a defaults layer
// over the endpoint, kept for the next call with the same headers, and
// the call sends its other options. endpoint(route, {...o, headers}) and
// endpoint.defaults({headers})(route, o) are the same request: the call's
// headers are merged over the defaults' either way. Bounded; the least
// recently used layer is released first.
const layers = new Map(); // `${parent}:${layer JSON}` → { h, used, released }
const LAYERS = 64;
let clock = 0;

// sighted holds the keys of headers seen once and not made a layer,
// oldest first. Making a layer costs several calls' time, so headers
// that differ on every call (a request id) must not pay for one: only
// headers seen again while still here become a layer.
const sighted = new Set();
const SIGHTED = 256;
const NOT_YET = -2;
// LAYER_TEXT bounds the text of headers kept in sighted or as a layer.
const LAYER_TEXT = 4096;
let layersMade = 0;

// recent remembers, for a call's headers object, the layer it last
// became, with the names and values it had then: a call that passes the
// same object again, unchanged, skips the JSON and the lookup by text.
const recent = new WeakMap();

// headerLayer returns the handle of the layer of headers h (whose own
// keys are names) over parent, NOT_YET for headers not seen before, or
// -1 when Go rejects the layer.
function headerLayer(parent, h, names) {
  const seen = recent.get(h);
  if (seen !== undefined && seen.parent === parent && !seen.layer.released && unchanged(seen, h, names)) {
    seen.layer.used = ++clock;
    return seen.layer.h;
  }
  const text = `{"headers":${JSON.stringify(h)}}`;
  if (text.length > LAYER_TEXT) return NOT_YET; // large headers are sent by each call: kept, they would hold memory
  const key = `${parent}:${text}`;
  let layer = layers.get(key);
  if (layer === undefined) {
    if (!sighted.delete(key)) {
      if (sighted.size >= SIGHTED) sighted.delete(sighted.values().next().value);
      sighted.add(key);
      return NOT_YET;
    }
    const lengths = write(text, "");
    const handle = exports.ek_defaults(parent, 0, lengths[0]);
    if (handle < 0) return -1;
    layersMade++;
    if (layers.size >= LAYERS) releaseOldestLayer();
    layer = { h: handle, used: 0, released: false };
    layers.set(key, layer);
  }
  layer.used = ++clock;
  recent.set(h, { parent, layer, names: names.slice(), values: names.map((n) => h[n]) });
  return layer.h;
}

// unchanged reports whether h still has the names and values seen had.
function unchanged(seen, h, names) {
  if (names.length !== seen.names.length) return false;
  for (let i = 0; i < names.length; i++) {
    if (names[i] !== seen.names[i] || h[names[i]] !== seen.values[i]) return false;
  }
  return true;
}

// releaseOldestLayer drops the least recently used layer. A scan, but
// only when a new layer would pass LAYERS; a use costs one store.
function releaseOldestLayer() {
  let oldestKey;
  let oldest;
  for (const [key, layer] of layers) {
    if (oldest === undefined || layer.used < oldest.used) {
      oldestKey = key;
      oldest = layer;
    }
  }
  layers.delete(oldestKey);
  oldest.released = true;
  exports.ek_release(oldest.h);
}

/** parse turns merged options into request options; it uses no defaults. */
function parse(options) {
  const enc = encode(options, ROOT);
  const key = enc.made === null && caching() ? `p:${enc.json}` : undefined;
  let res = key === undefined ? undefined : lookup(key);
  if (res === undefined) {
    const lengths = write(enc.json, "");
    res = whole(output(exports.ek_parse(lengths[0]), enc.made ?? EMPTY_MAP, EMPTY_MAP));
    if (key !== undefined) remember(key, res);
  }
  return decode(BUILD, res, ROOT, enc);
}

// defaults makes a new endpoint with newDefaults (options, or a route
// string) layered over chain.
function defaults(chain, newDefaults) {
  let enc = NONE;
  let layer;
  if (typeof newDefaults === "string") {
    layer = { route: newDefaults };
  } else {
    enc = encode(newDefaults, chain, true);
    layer = { json: enc.json };
  }
  // A string of the new layer that equals a token of the chain: the
  // chain is replayed with tokens that differ from it.
  const base = enc.dirty !== null && collides(enc.dirty, tokensOf(chain)) ? replay(chain, enc.dirty) : chain;
  let handle;
  try {
    handle = defaultsCall(handleOf(base), layer, enc.made ?? EMPTY_MAP, tokensOf(base));
  } finally {
    if (base !== chain) exports.ek_release(base.go.handle);
  }
  // What the handle adds to Go's memory: its own layer's text (the
  // merged defaults share the values of the layers below).
  const bytes = (layer.route ?? layer.json).length;
  const next = {
    go: { handle, hot: false, dead: false, bytes },
    tokens: enc.made === null ? base.tokens : { parent: base.tokens, own: enc.made },
    dirty: enc.dirty === null ? chain.dirty : chain.dirty.concat(enc.dirty),
    headers: layerHeaders(chain.headers, enc.headers),
    layers: { layer, prev: base.layers },
    text: undefined,
    data: chain.data || enc.data,
    parentGo: base === chain && chain !== ROOT ? chain.go : null,
    layer,
  };
  keep(next.go);
  const fn = endpointFor(next);
  finalizer.register(fn, next.go);
  return fn;
}

// defaultsCall asks Go for an endpoint with layer over the one of handle;
// an error names the opaque values of made and tokens by their type.
function defaultsCall(handle, layer, made = EMPTY_MAP, tokens = EMPTY_MAP) {
  const isRoute = layer.route !== undefined;
  const lengths = write(isRoute ? layer.route : layer.json, "");
  const next = exports.ek_defaults(handle, isRoute ? 1 : 0, lengths[0]);
  if (next < 0) output(next, made, tokens); // throws
  return next;
}

// ---------------------------------------------------------------------
// Tokens

// tokensOf returns chain's tokens as one map. A defaults() layer with
// opaque values notes its own over its base's ({ parent, own }), so that a
// chain of such layers is made in linear time; the map is put together
// when the chain is first used, and kept.
function tokensOf(chain) {
  let t = chain.tokens;
  if (t instanceof Map) return t;
  const own = [];
  for (; !(t instanceof Map); t = t.parent) own.push(t.own);
  const m = new Map(t);
  for (let i = own.length - 1; i >= 0; i--) for (const [k, v] of own[i]) m.set(k, v);
  chain.tokens = m;
  return m;
}

// collides reports whether a caller string equals a token of the chain.
function collides(dirty, tokens) {
  if (dirty === null || tokens.size === 0) return false;
  for (const s of dirty) if (tokens.has(s)) return true;
  return false;
}

// replay builds, for one call, the chain again from the root with every
// token renamed to one that equals none of the caller's strings (dirty,
// and the chain's own). The caller releases the returned handle.
function replay(chain, dirty) {
  replays++;
  const avoid = new Set([...chain.dirty, ...dirty]);
  const rename = new Map();
  const tokens = new Map();
  for (const [old, value] of tokensOf(chain)) {
    const t = issue(avoid);
    rename.set(old, t);
    tokens.set(t, value);
  }
  const layers = layerArray(chain.layers).map((l) => (l.route !== undefined ? l : { json: renameTokens(l.json, rename) }));
  let list = null;
  for (const layer of layers) list = { layer, prev: list };
  return { ...chain, go: { handle: build(layers), hot: false, dead: false, bytes: chain.go.bytes }, tokens, layers: list, text: undefined };
}

// layerArray returns a chain's list of layers as an array, from the root.
function layerArray(list) {
  const out = [];
  for (let l = list; l !== null; l = l.prev) out.push(l.layer);
  return out.reverse();
}

// build returns a new handle for layers over the root.
function build(layers) {
  let handle = 0;
  try {
    for (const layer of layers) {
      const next = defaultsCall(handle, layer);
      if (handle !== 0) exports.ek_release(handle);
      handle = next;
    }
  } catch (err) {
    if (handle !== 0) exports.ek_release(handle);
    throw err;
  }
  return handle;
}

// issue returns a fresh token that is not in avoid.
function issue(avoid) {
  let t;
  do t = PREFIX + nextToken++;
  while (avoid !== null && avoid.has(t));
  return t;
}

// renameTokens rewrites the token strings of a layer's JSON text. It
// reads the text string literal by string literal, so that text inside
// a caller's string is never taken for a token, and leaves object keys.
function renameTokens(json, rename) {
  let out = "";
  let last = 0;
  for (let i = 0; i < json.length; i++) {
    if (json.charCodeAt(i) !== 34 /* " */) continue;
    let end = i + 1;
    while (json.charCodeAt(end) !== 34) end += json.charCodeAt(end) === 92 /* \ */ ? 2 : 1;
    const literal = json.slice(i, end + 1);
    if (json.charCodeAt(end + 1) !== 58 /* : */ && literal.startsWith('"\\u0000ek:')) {
      const renamed = rename.get(JSON.parse(literal));
      if (renamed !== undefined) {
        out += json.slice(last, i) + JSON.stringify(renamed);
        last = end + 1;
      }
    }
    i = end;
  }
  return out + json.slice(last);
}

// ---------------------------------------------------------------------
// Encoding options

// An encoding: json for Go ("" for no options); made, the tokens it
// issued (token → value) or null; dirty, caller strings that start with
// PREFIX, or null; headers, header name → value for what the headers
// restore needs, or null; data, whether the options give data.
// With split (calls of endpoint() and merge()), a plain call's headers
// are taken out of json into layer (the headers object, whose names are
// layerKeys), for headerLayer; given is then what json would hold with
// them.
const NONE = { json: "", made: null, dirty: null, headers: null, layer: null, layerKeys: null, given: null, data: false };

// encode turns options into JSON for Go. Plain JSON goes through
// JSON.stringify; anything else through serialize. allHeaders records
// every header (for a defaults layer), else only those a restore needs.
function encode(options, chain, allHeaders = false, split = false) {
  if (options === undefined || options === null) return NONE;
  if (typeof options !== "object" || Array.isArray(options)) {
    throw new TypeError(`endpoint: options must be an object, got ${describe(options)}`);
  }
  let headers = null;
  let given = options;
  let keys = null;
  const h = options.headers;
  if (h !== null && typeof h === "object" && !Array.isArray(h)) {
    keys = Object.keys(h);
    // Header names are the object's own keys, as in v6: a class instance
    // (whose toJSON JSON.stringify would call) is read like the others.
    let typed = !isPlainObject(h);
    let record = allHeaders || chain.headers.size > 0;
    for (let i = 0; i < keys.length; i++) {
      const v = h[keys[i]];
      if (v === null) split = false; // a call's null header stays the call's
      else if (v !== undefined && typeof v !== "string") typed = true;
      if (keys[i].length === 14 && keys[i].toLowerCase() === "content-length") record = true;
    }
    if (typed || record) {
      headers = new Map();
      for (let i = 0; i < keys.length; i++) {
        const v = h[keys[i]];
        if (v !== undefined) headers.set(keys[i].toLowerCase(), v);
      }
    }
    if (typed) {
      // Go reads header values as strings: send String(value), which is
      // also what fetch would send, and restore value in the result.
      const converted = Object.fromEntries(keys.map((k) => [k, headerValue(k, h[k])]));
      given = { ...options, headers: converted };
    }
  }
  // data: null is not set, as Go reads every null option.
  const data = options.data !== undefined && options.data !== null;
  const enc = { json: "", made: null, dirty: null, headers, layer: null, layerKeys: null, given: null, data };
  // Options that are not a plain object are read by their own keys, as by
  // v6 (JSON.stringify would call a toJSON of their class).
  if (isPlainObject(options) && !needsSerialize(options)) {
    if (split && keys !== null) {
      const { headers: layerHeaders, ...rest } = given;
      enc.layer = layerHeaders;
      enc.layerKeys = keys;
      enc.json = JSON.stringify(rest);
      enc.given = given;
    } else if (keys === null && h !== undefined && h !== null) {
      // headers that are not a plain object, which Go refuses; JSON
      // cannot carry some of them (a bigint).
      try {
        enc.json = JSON.stringify(given);
      } catch (cause) {
        throw moduleError("endpoint: options: invalid options: headers: want an object", "ErrInvalidOptions", "options", cause);
      }
    } else {
      enc.json = JSON.stringify(given);
    }
    // JSON.stringify read every value again: a getter or a proxy may have
    // given a string that looks like a token only then, which serialize
    // must note.
    if (!enc.json.includes("\\u0000ek:")) return enc;
    enc.layer = enc.layerKeys = enc.given = null;
  }
  enc.json = serialize(given, enc, null);
  if (enc.made !== null && (enc.dirty !== null || chain.dirty.length > 0)) {
    // A token issued before a caller string equal to it was seen: issue
    // them all again around the caller's strings.
    const avoid = new Set([...chain.dirty, ...(enc.dirty ?? NO_STRINGS)]);
    for (const t of enc.made.keys()) {
      if (avoid.has(t)) {
        reissues++;
        enc.made = null;
        enc.dirty = null;
        enc.json = serialize(given, enc, avoid);
        break;
      }
    }
  }
  return enc;
}

function headerValue(name, v) {
  if (v === undefined || v === null || typeof v === "string") return v;
  try {
    return String(v);
  } catch (cause) {
    // A Symbol object, an array holding a Symbol: fetch could not send it.
    throw moduleError(`endpoint: header ${JSON.stringify(name)}: invalid header value: not convertible to a string`, "headers.ErrInvalidValue", "header", cause);
  }
}

// moduleError is an error shaped like those of Go (see output).
function moduleError(message, code, op, cause) {
  const err = new Error(message, { cause });
  err.codes = [code];
  err.code = code;
  err.op = op;
  Error.captureStackTrace?.(err, moduleError);
  return err;
}

// needsSerialize reports whether options hold anything JSON.stringify
// would not carry the way Go needs: opaque values, bigints, objects with
// toJSON, strings that look like tokens. headers are checked by encode.
function needsSerialize(options) {
  for (const key of Object.keys(options)) {
    if (key === "headers") continue;
    if (needs(options[key], key === "request", 0)) return true;
  }
  return false;
}

function needs(v, inRequest, depth) {
  switch (typeof v) {
    case "string":
      return v.startsWith(PREFIX);
    case "bigint":
    case "function":
      return true;
    case "object": {
      if (v === null) return false;
      if (depth > MAX_DEPTH) return true; // serialize reports cycles
      if (Array.isArray(v)) {
        for (let i = 0; i < v.length; i++) if (needs(v[i], inRequest, depth + 1)) return true;
        return false;
      }
      if (!isPlainObject(v) || typeof v.toJSON === "function") return true;
      for (const key in v) {
        if (Object.hasOwn(v, key) && needs(v[key], inRequest, depth + 1)) return true;
      }
      return false;
    }
  }
  return false;
}

// serialize writes options as JSON the way JSON.stringify would, except:
// functions and class instances become tokens (under `request`, so do
// Dates, URLs and bigints, which pass through untouched there); objects
// with toJSON (Date, URL…) become what toJSON returns; bigints become
// their digits; caller strings that start with PREFIX are noted in
// enc.dirty. avoid: strings no token may equal, or null.
function serialize(options, enc, avoid) {
  const stack = new Set();
  const opaque = (v) => {
    const t = issue(avoid);
    (enc.made ??= new Map()).set(t, v);
    return JSON.stringify(t);
  };
  const value = (v, key, inRequest, toJSON, depth) => {
    switch (typeof v) {
      case "string":
        if (v.startsWith(PREFIX)) (enc.dirty ??= []).push(v);
        return JSON.stringify(v);
      case "number":
        return Number.isFinite(v) ? JSON.stringify(v) : "null";
      case "boolean":
        return v ? "true" : "false";
      case "bigint":
        return inRequest ? opaque(v) : v.toString();
      case "function":
        return opaque(v);
      case "object":
        break;
      default:
        return undefined; // undefined, symbol: left out, as by JSON.stringify
    }
    if (v === null) return "null";
    if (!inRequest && toJSON && typeof v.toJSON === "function" && !ArrayBuffer.isView(v)) {
      return value(v.toJSON(key), key, inRequest, false, depth);
    }
    const isArray = Array.isArray(v);
    if (!isArray && !isPlainObject(v)) return opaque(v);
    if (stack.has(v)) {
      // Under request, a cycle goes through untouched, as in v6.
      if (inRequest) return opaque(v);
      throw new TypeError("endpoint: options contain a cycle");
    }
    // Far past Go's limit (which says so for anything deeper than 32),
    // before the recursion here overflows the stack.
    if (depth > MAX_DEPTH) throw moduleError("endpoint: options: limit exceeded: nested deeper than 32", "ErrLimit", "options");
    stack.add(v);
    let out;
    if (isArray) {
      out = "[";
      for (let i = 0; i < v.length; i++) {
        out += (i > 0 ? "," : "") + (value(v[i], String(i), inRequest, true, depth + 1) ?? "null");
      }
      out += "]";
    } else {
      out = object(v, inRequest, false, depth + 1);
    }
    stack.delete(v);
    return out;
  };
  const object = (o, inRequest, top, depth) => {
    let out = "{";
    for (const key of Object.keys(o)) {
      const s = value(o[key], key, inRequest || (top && key === "request"), true, depth);
      if (s === undefined) continue;
      out += (out.length > 1 ? "," : "") + JSON.stringify(key) + ":" + s;
    }
    return out + "}";
  };
  stack.add(options);
  return object(options, false, true, 0);
}

// MAX_DEPTH is how deep serialize goes before it fails as Go would.
const MAX_DEPTH = 64;

function isPlainObject(value) {
  const proto = Object.getPrototypeOf(value);
  return proto === null || proto === Object.prototype;
}

function describe(value) {
  return Array.isArray(value) ? "array" : typeof value;
}

// ---------------------------------------------------------------------
// Decoding results

// A result from Go: its JSON text, and where its members are (spans, for
// results of ek_build; null to parse it whole).
const whole = (text) => ({ text, spans: null });

// decode parses Go's result res and puts back what encoding took out:
// opaque values (in the body and request of a result, in everything
// but the headers of merged options) and header values
// that were not strings.
function decode(op, res, chain, enc) {
  const own = tokensOf(chain);
  if (res.spans !== null && enc.made === null && own.size === 0 && chain.headers.size === 0 && enc.headers === null) {
    return fromSpans(res.text, res.spans);
  }
  const r = JSON.parse(res.text);
  const made = enc.made;
  if (made !== null || own.size > 0) {
    const tokens = made === null ? own : own.size === 0 ? made : new Map([...own, ...made]);
    if (op === BUILD) {
      if (Object.hasOwn(r, "body")) r.body = restore(r.body, tokens);
      if (r.request !== undefined) restore(r.request, tokens);
    } else {
      // headers hold no tokens (their values are sent as strings);
      // method, baseUrl and url do when given as opaque values.
      for (const key of Object.keys(r)) {
        if (key !== "headers") set(r, key, restore(r[key], tokens));
      }
    }
  }
  const h = r.headers;
  if (h !== undefined) {
    if (chain.headers.size > 0 || enc.headers !== null) restoreHeaders(h, chain.headers, enc.headers);
    // Go sends a bodiless request's content-length as "0"; v6 has the
    // number 0, whatever was given.
    if (op === BUILD && h["content-length"] === "0") {
      const given = source("content-length", chain.headers, enc.headers);
      if (typeof given !== "string" || zeroByRule(r, chain.data || enc.data)) h["content-length"] = 0;
    }
  }
  return r;
}

// Spans. A result with nothing to put back (no tokens, no header given
// as another type than a string) is read from where Go says its members
// are (ek_spans; builder.JSONSpans): the method and URL sliced out of the
// text, the headers a copy of those parsed before under the same ID, and
// only the body parsed. The object has the members, in the order, that
// JSON.parse of the whole would give it.

const SPAN_WORDS = 12;
let spanWords = null;

// spansOf returns the spans of the result text of n bytes that ek_build
// just wrote, or null when the text must be parsed whole: one with a
// request member, or with characters outside ASCII (the spans count
// bytes, the text UTF-16 units).
function spansOf(n, text) {
  if (text.length !== n) return null;
  if (spanWords === null || spanWords.buffer !== exports.mem.buffer) {
    spanWords = new Int32Array(exports.mem.buffer, exports.ek_spans() >>> 0, SPAN_WORDS);
  }
  const w = spanWords;
  if (w[9] !== 0) return null; // a request member
  return [w[0], w[1], w[2], w[3], w[4], w[5], w[6], w[7], (w[10] >>> 0) + (w[11] >>> 0) * 2 ** 32];
}

// parsedHeaders holds the headers objects parsed for a headers ID (IDs
// are never reused, so an entry never goes stale); emptied when full.
// Only headers of at most PARSED_HEADER_CHARS of JSON are kept: the
// headers of endpoints long dropped stay here until it is emptied, and
// large ones (a 1 MiB value each) would hold a gigabyte.
const parsedHeaders = new Map();
const PARSED_HEADERS = 1024;
const PARSED_HEADER_CHARS = 4096;

function fromSpans(text, s) {
  const r = { method: jsonString(text, s[0], s[1]), url: jsonString(text, s[2], s[3]), headers: null };
  const id = s[8];
  let h = id === 0 ? undefined : parsedHeaders.get(id);
  if (h === undefined) {
    h = JSON.parse(text.slice(s[4], s[5]));
    if (id !== 0 && s[5] - s[4] <= PARSED_HEADER_CHARS) {
      if (parsedHeaders.size >= PARSED_HEADERS) parsedHeaders.clear();
      parsedHeaders.set(id, h);
    }
  }
  r.headers = { ...h };
  if (s[7] !== 0) r.body = JSON.parse(text.slice(s[6], s[7]));
  // Go sends a bodiless request's content-length as "0"; v6 has the
  // number 0 (no header was given as a string here: see decode).
  if (r.headers["content-length"] === "0") r.headers["content-length"] = 0;
  return r;
}

// jsonString is the JSON string whose contents are text[a, b).
function jsonString(text, a, b) {
  const s = text.slice(a, b);
  return s.includes("\\") ? JSON.parse(text.slice(a - 1, b + 1)) : s;
}

// zeroByRule reports whether result r is a request that v6 gives the
// content-length 0 for (not GET or HEAD, and no body; the empty body of
// a PUT or PATCH without data is the engine's), so that a "0" there is
// not the string a caller gave.
function zeroByRule(r, data) {
  const m = r.method;
  if (m === "get" || m === "head") return false;
  if (!Object.hasOwn(r, "body")) return true;
  return r.body === "" && !data && (m === "put" || m === "patch");
}

// restore swaps tokens in v for their values.
function restore(v, tokens) {
  if (typeof v === "string") {
    const value = tokens.get(v);
    return value === undefined ? v : value;
  }
  if (v === null || typeof v !== "object") return v;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) v[i] = restore(v[i], tokens);
  } else {
    for (const key of Object.keys(v)) set(v, key, restore(v[key], tokens));
  }
  return v;
}

// set assigns o[key] without calling the __proto__ setter.
function set(o, key, value) {
  if (o[key] === value) return;
  if (key === "__proto__") Object.defineProperty(o, key, { value, writable: true, enumerable: true, configurable: true });
  else o[key] = value;
}

function source(name, chainHeaders, callHeaders) {
  return callHeaders !== null && callHeaders.has(name) ? callHeaders.get(name) : chainHeaders.get(name);
}

// restoreHeaders gives back a header its original value when it was not
// a string and the result holds what was sent for it (a header the
// engine rewrote, such as accept for previews, stays as it is).
function restoreHeaders(h, chainHeaders, callHeaders) {
  const one = (name) => {
    const v = source(name, chainHeaders, callHeaders);
    if (v !== undefined && v !== null && typeof v !== "string" && Object.hasOwn(h, name) && h[name] === String(v)) {
      h[name] = v;
    }
  };
  for (const name of chainHeaders.keys()) one(name);
  if (callHeaders !== null) for (const name of callHeaders.keys()) one(name);
}

// layerHeaders is the chain's header record after a defaults layer.
function layerHeaders(chainHeaders, layer) {
  if (layer === null || layer.size === 0) return chainHeaders;
  const out = new Map(chainHeaders);
  for (const [name, v] of layer) {
    if (typeof v === "string" && name !== "content-length") out.delete(name);
    else out.set(name, v);
  }
  return out;
}

// ---------------------------------------------------------------------
// Result cache. Go's answer depends only on the endpoint's defaults, the
// route and the options JSON, so a repeated call (the same route and
// options on the same endpoint, no opaque values) reuses the JSON of the
// first; every call still parses its own copy. Bounded: when full it is
// emptied, which costs less per call than keeping it in order. When
// calls stop repeating (a score of hits against misses runs low), it
// stands aside for a while, as it would only cost time.

const cache = new Map();
const CACHE_ENTRIES = 256;
const CACHE_ENTRY_CHARS = 4096;
const CACHE_REST = 8192; // calls the cache sits out after too many misses
let cacheScore = 0;
let cacheResting = 0;

function caching() {
  if (cacheResting === 0) return true;
  cacheResting--;
  return false;
}

function lookup(key) {
  const res = cache.get(key);
  if (res !== undefined) {
    cacheScore = Math.min(cacheScore + 16, 1024);
  } else if (--cacheScore < -512) {
    cacheScore = 0;
    cacheResting = CACHE_REST;
    cache.clear();
  }
  return res;
}

function remember(key, res) {
  if (cacheResting > 0 || key.length + res.text.length > CACHE_ENTRY_CHARS) return;
  if (cache.size >= CACHE_ENTRIES) cache.clear();
  cache.set(key, res);
}

// ---------------------------------------------------------------------
// Memory

const lengths = [0, 0];

// write puts two strings one after the other into Go's input buffer as
// UTF-8 and returns their lengths in bytes (a shared array).
function write(a, b) {
  const max = (a.length + b.length) * 3; // UTF-8 bytes per UTF-16 unit, at most
  // Go takes the size as an int32; only a route far past the template's
  // limit (8,192 bytes) comes near, so such a call could never succeed.
  if (max > 0x7fffffff) throw moduleError(`endpoint: input too large: ${a.length + b.length} UTF-16 units`, "ErrLimit", "input");
  const base = exports.ek_in(max) >>> 0; // an address past 2 GiB reads as negative
  if (memory.buffer !== exports.mem.buffer) memory = new Uint8Array(exports.mem.buffer);
  lengths[0] = a.length === 0 ? 0 : encoder.encodeInto(a, memory.subarray(base, base + max)).written;
  lengths[1] = b.length === 0 ? 0 : encoder.encodeInto(b, memory.subarray(base + lengths[0], base + max)).written;
  return lengths;
}

// output returns the JSON text a call left in Go's output buffer, or
// throws the error it describes (n < 0). Tokens in an error's text are
// replaced by a description of their value.
function output(n, made, tokens) {
  const len = n < 0 ? -n : n;
  const at = exports.ek_out() >>> 0;
  if (memory.buffer !== exports.mem.buffer) memory = new Uint8Array(exports.mem.buffer);
  const text = decoder.decode(memory.subarray(at, at + len));
  if (n >= 0) return text;
  const { message, ...fields } = JSON.parse(text);
  const scrub = (s) =>
    typeof s !== "string"
      ? s
      : s.replace(/(?:\u0000|\\x00|\\u0000|%00)ek(?::|%3A)(\d+)/gi, (match, d) => {
          const v = made.get(PREFIX + d) ?? tokens.get(PREFIX + d);
          return v === undefined ? match : `[${typeof v === "function" ? "function" : v?.constructor?.name ?? typeof v}]`;
        });
  const err = new Error(scrub(message));
  for (const [k, v] of Object.entries(fields)) err[k] = scrub(v); // code, codes, op, input
  Error.captureStackTrace?.(err, output);
  throw err;
}

// ---------------------------------------------------------------------
// Loading

// load starts this copy's Go runtime. Copies of the module (two versions
// in one bundle, or one module loaded from two URLs) take turns: each
// lends wasm_exec.js globals while it loads, which must not overlap.
async function load() {
  const queue = Symbol.for("@endpointkit/endpoint:loading");
  const previous = globalThis[queue] ?? Promise.resolve();
  const mine = previous.catch(() => {}).then(async () => start(await loadGo()));
  Object.defineProperty(globalThis, queue, { value: mine, configurable: true, writable: true });
  try {
    return await mine;
  } finally {
    if (globalThis[queue] === mine) delete globalThis[queue];
  }
}

// loadGo evaluates the Go toolchain's wasm_exec.js and returns a Go
// runtime instance. wasm_exec.js defines globalThis.Go and stubs fs,
// process and path where they are missing; start removes what it added.
// It also needs globalThis.crypto, which some environments lack (jest's
// node environment): there it is lent Node's webcrypto while it runs.
async function loadGo() {
  const names = ["Go", "fs", "process", "path", "crypto"];
  const before = new Map(names.map((n) => [n, Object.getOwnPropertyDescriptor(globalThis, n)]));
  const shared = Symbol.for("@endpointkit/endpoint:Go");
  let lent;
  if (typeof globalThis.crypto?.getRandomValues !== "function") {
    const nodeCrypto = "node:crypto"; // a variable, so bundlers for browsers leave it alone
    lent = (await import(/* webpackIgnore: true */ /* @vite-ignore */ nodeCrypto)).webcrypto;
    Object.defineProperty(globalThis, "crypto", { value: lent, configurable: true, writable: true });
  }
  await import("./wasm_exec.js");
  // A second copy of this module reuses the evaluated wasm_exec.js, which
  // defines neither Go nor its stubs of fs, process and path again; the
  // first copy kept them, and Go's runtime reads the stubs as it starts.
  let kept = globalThis[shared];
  if (globalThis.Go !== before.get("Go")?.value) {
    const stubs = {};
    for (const n of ["fs", "process", "path"]) if (!before.get(n) && n in globalThis) stubs[n] = globalThis[n];
    kept = { Go: globalThis.Go, stubs };
    Object.defineProperty(globalThis, shared, { value: kept, configurable: true });
  } else if (kept !== undefined) {
    for (const [n, stub] of Object.entries(kept.stubs)) {
      if (!(n in globalThis)) Object.defineProperty(globalThis, n, { value: stub, configurable: true, writable: true });
    }
  }
  const Go = kept?.Go;
  if (typeof Go !== "function") throw new Error("endpoint: wasm_exec.js did not define Go");
  const go = new Go();
  const restoreGlobals = () => {
    for (const [n, d] of before) {
      if (d) Object.defineProperty(globalThis, n, d);
      else delete globalThis[n];
    }
  };
  go.restoreGlobals = restoreGlobals;
  // wasm_exec.js reads the globals crypto (random bytes) and fs (Go
  // writing to stdout or stderr, as a fatal error does) when Go calls for
  // them, after restoreGlobals has taken away what it added: lend them
  // back for the call.
  const lendFor = (fn, name, value) => {
    const call = go.importObject.gojs[fn];
    go.importObject.gojs[fn] = (sp) => {
      const had = Object.getOwnPropertyDescriptor(globalThis, name);
      Object.defineProperty(globalThis, name, { value, configurable: true, writable: true });
      try {
        call(sp);
      } finally {
        if (had) Object.defineProperty(globalThis, name, had);
        else delete globalThis[name];
      }
    };
  };
  if (lent !== undefined) lendFor("runtime.getRandomData", "crypto", lent);
  if (!before.get("fs") && globalThis.fs) lendFor("runtime.wasmWrite", "fs", globalThis.fs);
  return go;
}

// start instantiates endpoint.wasm and runs its main, which sets up the
// Go runtime and then waits; the exports can be called from then on.
async function start(go) {
  let instance;
  try {
    ({ instance } = await instantiate(new URL("./endpoint.wasm", import.meta.url), go.importObject));
  } catch (err) {
    go.restoreGlobals();
    throw err;
  }
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
