// Caller values, converted once where they enter: what JSON.stringify
// would make of them (toJSON called, undefined and symbols left out,
// NaN and ±Infinity null, -0 0, lone surrogates U+FFFD), in fresh arrays
// and plain objects, so that nothing the caller holds is kept or
// changed. What JSON has no form for passes through by reference, as in
// @octokit/endpoint: functions and class instances (a Buffer, Blob, Map,
// AbortSignal…), and a bigint, kept exact. Within the Go engine's limits:
// 32 levels of nesting, 100,000 values in one call.
import { fail } from "./errors.js";
import { isPlain } from "./template.js";

export const MAX_DEPTH = 32;
export const MAX_NODES = 100_000;

/** wellFormed replaces lone surrogates, which UTF-8 cannot hold, with U+FFFD. */
export const wellFormed = String.prototype.isWellFormed
  ? (s) => (s.isWellFormed() ? s : s.toWellFormed())
  : (s) => s.replace(/\p{Cs}/gu, "\ufffd"); // Node 18

export function limit(why) {
  fail("ErrLimit", "options", "", `limit exceeded: ${why}`);
}

// A budget counts the arrays, objects and members of one call's (or
// layer's) values, as the Go engine counts them; the options object,
// headers and mediaType around them are bounded on their own.
export const budget = () => ({ nodes: 0, stack: [] });

export function spend(b, n, depth) {
  if (depth >= MAX_DEPTH) limit(`nested deeper than ${MAX_DEPTH}`);
  if ((b.nodes += n) > MAX_NODES) limit(`more than ${MAX_NODES} values`);
}

/** put sets o[k], an own "__proto__" key included. */
export function put(o, k, v) {
  if (k === "__proto__") Object.defineProperty(o, k, { value: v, writable: true, enumerable: true, configurable: true });
  else o[k] = v;
}

// Ref holds, under request, an array or plain object that a cycle comes
// back to: it passes as it is, where copy would follow the cycle.
class Ref {
  constructor(v) {
    this.v = v;
  }
}

// convert returns x as the engine holds it, or undefined for a value JSON
// leaves out. Under request (passthrough) only arrays and plain objects
// are copied: everything else, a Date included, passes by reference, and
// a cycle passes as the object it comes back to.
export function convert(x, b, depth, key, passthrough = false, toJSON = true) {
  switch (typeof x) {
    case "string":
      return wellFormed(x);
    case "number":
      return Number.isFinite(x) ? x + 0 : null; // + 0: -0 is 0
    case "boolean":
    case "bigint":
    case "function":
      return x;
    case "object":
      break;
    default:
      return undefined; // undefined, symbol
  }
  if (x === null) return null;
  if (!passthrough && toJSON && typeof x.toJSON === "function" && !ArrayBuffer.isView(x)) {
    return convert(x.toJSON(key), b, depth, key, false, false);
  }
  const list = Array.isArray(x);
  if (!list && !isPlain(x)) return x;
  if (b.stack.includes(x)) {
    if (passthrough) return new Ref(x);
    throw new TypeError("endpoint: options contain a cycle");
  }
  b.stack.push(x);
  spend(b, 1, depth);
  let out;
  if (list) {
    out = new Array(x.length);
    spend(b, x.length, 0);
    for (let i = 0; i < x.length; i++) out[i] = convert(x[i], b, depth + 1, String(i), passthrough) ?? null;
  } else {
    out = {};
    for (const k of Object.keys(x)) {
      const v = convert(x[k], b, depth + 1, k, passthrough);
      if (v === undefined) continue;
      spend(b, 1, 0);
      put(out, wellFormed(k), v);
    }
  }
  b.stack.pop();
  return out;
}

const SAFE = 2n ** 53n;

// copy returns a fresh copy of a converted value (opaque values shared),
// for a result or merged options, which the caller may change. With big,
// a bigint becomes a number when that is exact, and big.unsafe notes one
// that does not.
export function copy(v, big) {
  if (v instanceof Ref) return v.v;
  if (typeof v === "bigint" && big) {
    if (v > -SAFE && v < SAFE) return Number(v);
    big.unsafe = true;
  }
  if (v === null || typeof v !== "object" || !(Array.isArray(v) || isPlain(v))) return v;
  if (Array.isArray(v)) return v.map((x) => copy(x, big));
  const o = {};
  for (const k of Object.keys(v)) put(o, k, copy(v[k], big));
  return o;
}

const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v) && isPlain(v);

// merge lays v over base as @octokit/endpoint's mergeDeep does: objects
// member by member, base's keys first; anything else replaces.
export function merge(base, v) {
  if (!isObject(base) || !isObject(v)) return v;
  const bk = Object.keys(base);
  if (bk.length === 0) return v;
  if (Object.keys(v).length === 0) return base;
  const o = {};
  for (const k of bk) put(o, k, base[k]);
  for (const k of Object.keys(v)) put(o, k, Object.hasOwn(base, k) ? merge(base[k], v[k]) : v[k]);
  return o;
}
