// The engine: options read into layers, layers merged, merged options
// parsed into request options, by the Go engine's rules (builder/). The
// faces (index.js, octokit.js) call make() with what sets them apart.
import { EndpointError, fail } from "./errors.js";
import { accept, validName } from "./media.js";
import { expand, httpScheme, isPlain, memo, parse as template, query } from "./template.js";
import { checkBaseURL, checkURL } from "./url.js";
import { budget, convert, copy, limit, merge, put, wellFormed } from "./values.js";

export { EndpointError };

export const VERSION = "0.1.0";
export const MAX_PARAMS = 1024;
export const MAX_HEADERS = 256;
export const MAX_PREVIEWS = 64;

const OPTIONS = ["method", "baseUrl", "headers", "mediaType", "url", "data", "request"]; // v6's order
const STRINGS = ["method", "baseUrl", "url"];
const TOKEN = /^[!#$%&'*+.^_`|~\w-]+$/;
const lower = (s) => (/[A-Z]/.test(s) ? s.replace(/[A-Z]+/g, (m) => m.toLowerCase()) : s);
const invalid = (why) => fail("ErrInvalidOptions", "options", "", `invalid options: ${why}`);
const count = (max, what) => (n) => n > max && limit(`more than ${max} ${what}`);
const params = count(MAX_PARAMS, "parameters");
const headerCount = count(MAX_HEADERS, "headers");
const previewCount = count(MAX_PREVIEWS, "previews");
// fold lower-cases as Go's strings.EqualFold compares: "ſ" is "s".
const fold = (s) => s.toLowerCase().replace(/\u017f/g, "s");
const badValue = (name, cause) => fail("headers.ErrInvalidValue", "header", "", `invalid value of header ${JSON.stringify(name)}`, undefined, cause);
const notObject = (x) => typeof x !== "object" || Array.isArray(x);
const notOptions = (x) => {
  throw new TypeError(`endpoint: options must be an object, got ${Array.isArray(x) ? "an array" : typeof x}`);
};

// A layer: one options object (or route) as the engine holds it. "" and
// undefined mean not set. headers maps lower-case names to
// { v: the text sent, or null for removed; raw: the value given }.
const layer = () => ({
  method: "", baseUrl: "", url: "", headers: new Map(), format: "", previews: [],
  data: undefined, request: undefined, params: new Map(), keys: [], urlAt: 0,
});

// read converts an options object into a layer and checks it; keys says
// whether to note the order of its keys, which merged options show.
function read(o, keys = true) {
  const l = layer();
  if (o === undefined || o === null) return l;
  if (notObject(o)) notOptions(o);
  const b = budget();
  b.stack.push(o);
  for (const key of Object.keys(o)) {
    const x = o[key];
    if (!OPTIONS.includes(key)) {
      const v = convert(x, b, 0, key);
      if (v === undefined) continue;
      const name = wellFormed(key);
      if (!l.params.has(name)) {
        params(l.params.size + 1);
        if (keys) l.keys.push(name);
      }
      l.params.set(name, v);
      continue;
    }
    if (x === undefined || typeof x === "symbol") continue;
    if (x === null) continue; // not set
    if (keys) l.keys.push(key);
    if (key === "url" && l.urlAt === 0) l.urlAt = l.params.size + 1;
    if (STRINGS.includes(key)) {
      if (typeof x !== "string") invalid(`${key}: want a string`);
      l[key] = wellFormed(x);
    } else if (key === "data") l.data = { v: convert(x, b, 0, key) };
    else if (notObject(x) || (key === "request" && !isPlain(x))) invalid(`${key}: want an object`);
    else if (key === "headers") headers(l, x);
    else if (key === "mediaType") mediaType(l, x, b);
    else l.request = convert(x, b, 0, key, true);
  }
  check(l);
  return l;
}

// headers reads a headers object by its own keys (a class instance's too,
// as in v6): a value is sent as String(value) and given back as it was;
// null removes the header, undefined leaves it.
function headers(l, h) {
  l.headers = new Map();
  for (const k of Object.keys(h)) {
    const raw = h[k];
    if (raw === undefined) continue;
    let v = null;
    try {
      if (raw !== null) v = wellFormed(String(raw));
    } catch (cause) {
      badValue(k, cause);
    }
    const name = lower(wellFormed(k));
    if (!l.headers.has(name)) headerCount(l.headers.size + 1);
    l.headers.set(name, { v, raw });
  }
}

// mediaType reads {format, previews}, keys in any case, as the Go
// engine's options JSON does; other keys are ignored.
function mediaType(l, m, b) {
  for (const k of Object.keys(m)) {
    const x = m[k];
    if (x === undefined || typeof x === "symbol") continue;
    const key = fold(k);
    if (key === "format" && x !== null) {
      if (typeof x !== "string") invalid("mediaType.format: want a string");
      l.format = wellFormed(x);
    } else if (key === "previews") {
      if (x !== null && (!Array.isArray(x) || x.some((p) => typeof p !== "string"))) invalid("mediaType.previews: want an array of strings");
      l.previews = x === null ? [] : x.map(wellFormed);
    } else if (key !== "format") convert(x, b, 0, k);
  }
}

// check validates what values cannot: header names and values, media
// type names, parameter names and counts.
function check(l) {
  for (const [name, h] of l.headers) {
    if (!TOKEN.test(name)) fail("headers.ErrInvalidName", "header", "", `invalid header name ${JSON.stringify(name)}`);
    if (h.v !== null && /[\x00-\x08\n-\x1f\x7f]/.test(h.v)) badValue(name);
  }
  previewCount(l.previews.length);
  for (const n of [l.format, ...l.previews]) {
    if (!validName(n)) fail("media.ErrInvalidName", "mediaType", n, "invalid media type name");
  }
  if (l.params.has("")) fail("ErrInvalidParam", "param", "", "invalid parameter name");
}

const routes = new Map();

/** splitRoute reads "METHOD /target" (one space), or a target alone. */
export const splitRoute = (route) =>
  memo(routes, 1024, route, () => {
    const r = wellFormed(route);
    const sp = r.indexOf(" ");
    const m = sp < 0 ? "" : r.slice(0, sp);
    const t = r.slice(sp + 1);
    if (r !== "" && ((sp >= 0 && !TOKEN.test(m)) || t === "" || /[ \t-\r]/.test(t) || (sp < 0 && !/^[/{]/.test(t) && httpScheme(t) === 0))) {
      fail("ErrInvalidRoute", "route", r, 'invalid route: want "METHOD /path" or a path');
    }
    // A target that starts with a host and no scheme (GET api.github.com/x,
    // GET localhost:3000/x) would be joined to the base URL.
    const first = t.split(/[/?#{]/, 1)[0];
    if (httpScheme(t) === 0 && (first.includes(".") || /^[^:]+:\d+$/.test(first))) {
      fail("ErrInvalidRoute", "route", r, "invalid route: a host without a scheme");
    }
    return [m, t];
  });

// route puts a call's route into its layer: the route's method unless
// the options set one, and the route's target as the URL, a url option
// beside it being the parameter "url", in its place.
function route(l, method, target) {
  if (target !== "") {
    if (l.url !== "") {
      params(l.params.size + 1);
      if (!l.params.has("url")) {
        const list = [...l.params];
        list.splice(l.urlAt > 0 ? l.urlAt - 1 : list.length, 0, ["url", l.url]);
        l.params = new Map(list);
      }
    }
    l.url = target;
  }
  l.method ||= method;
}

// order returns the keys a layer writes as merged options: those noted
// that are still set, then the options set, then the parameters.
const has = (l, k) =>
  !OPTIONS.includes(k) ? l.params.has(k) : STRINGS.includes(k) ? l[k] !== "" : k === "headers" ? l.headers.size > 0 : k === "mediaType" ? l.format !== "" || l.previews.length > 0 : l[k] !== undefined;

function order(l) {
  const out = new Set();
  for (const k of [...l.keys, ...OPTIONS]) if (has(l, k)) out.add(k);
  for (const k of l.params.keys()) out.add(k);
  return [...out];
}

// withMediaType puts mediaType after headers (or baseUrl, or method), as
// v6's root defaults have it.
function withMediaType(keys) {
  if (keys.includes("mediaType")) return keys;
  let at = 0;
  for (const k of ["method", "baseUrl", "headers"]) if (keys.includes(k)) at = keys.indexOf(k) + 1;
  return [...keys.slice(0, at), "mediaType", ...keys.slice(at)];
}

// over lays l over base: set options replace, headers merge by name,
// previews add up (each stripped of "-preview"), request and object
// parameters merge deep; keys says whether to keep the order merged
// options are written in.
function over(base, l, keys) {
  const m = {
    method: l.method || base.method, baseUrl: l.baseUrl || base.baseUrl, url: l.url || base.url, headers: base.headers,
    format: l.format || base.format, previews: base.previews, data: l.data ?? base.data, request: base.request,
    params: base.params, keys: base.keys, urlAt: 0,
  };
  if (l.headers.size > 0) m.headers = new Map([...base.headers, ...l.headers]);
  if (l.previews.length > 0) m.previews = [...base.previews.filter((p) => !l.previews.includes(p)), ...l.previews.map((p) => p.replace("-preview", ""))];
  if (l.request !== undefined) m.request = merge(base.request, l.request);
  if (l.params.size > 0 && base.params.size === 0) m.params = l.params;
  else if (l.params.size > 0) {
    m.params = new Map(base.params);
    for (const [k, v] of l.params) m.params.set(k, m.params.has(k) ? merge(m.params.get(k), v) : v);
  }
  if (keys && l.keys.length > 0) m.keys = base.keys.length === 0 ? l.keys : [...new Set([...withMediaType(base.keys), ...l.keys])];
  return m;
}

// output writes a layer as merged options, v6's shape: headers by name,
// the removed ones (null) last.
function output(l) {
  for (const k of l.params.keys()) if (OPTIONS.includes(k)) fail("ErrReservedParam", "marshal", k, "a parameter named like an option");
  const o = {};
  for (const k of withMediaType(order(l))) {
    if (STRINGS.includes(k)) o[k] = l[k];
    else if (k === "headers") {
      o.headers = {};
      const all = [...l.headers].sort((a, b) => (a[1].v === null) - (b[1].v === null) || (a[1].v === null ? 0 : a[0] < b[0] ? -1 : 1));
      for (const [name, h] of all) put(o.headers, name, h.v === null ? null : h.raw);
    } else if (k === "mediaType") o.mediaType = { format: l.format, previews: [...l.previews] };
    else put(o, k, copy(k === "data" ? l.data.v : k === "request" ? l.request : l.params.get(k)));
  }
  return o;
}

/** normalizeMethod checks an HTTP method and returns it lower-case. */
export function normalizeMethod(m) {
  const known = fold(m);
  if (/^(?:get|post|put|patch|delete|head|options)$/.test(known)) return known;
  if (!TOKEN.test(m)) fail("ErrInvalidMethod", "method", m, "invalid method");
  return lower(m);
}

const hasBody = (method) => /^(?:post|put|patch|delete)$/.test(method);

// resolve parses merged options into request options. own holds the
// parameters the call gave itself (null: all, as for parse): beside data,
// those are an error (unless the face ignores them, as v6 does), and the
// defaults' are dropped.
function resolve(face, m, own) {
  const method = normalizeMethod(m.method);
  if (m.url === "") fail("ErrMissingURL", "parse", "", "missing url");
  params(m.params.size);
  previewCount(m.previews.length);
  const t = template(m.url);
  // A list or object for {x} or {+x} in the path would be sent as its
  // items joined with commas.
  for (const [k, v] of m.params) {
    if (t.joins.has(k) && v !== null && typeof v === "object" && (Array.isArray(v) || isPlain(v)) && Object.values(v).some((x) => x !== null)) {
      fail("template.ErrValue", "param", k, `a list or object in the path, its items joined with commas: explode it ({${k}*})`);
    }
  }
  const get = (name) => m.params.get(name);
  let url;
  // A URL joined to a base URL checked before needs no check: the
  // template encoded what it added.
  let checked = false;
  if (t.from > 0) url = expand(t, get); // an http(s) template
  else {
    checkBaseURL(m.baseUrl);
    const path = expand(t, get);
    if (t.reserved && httpScheme(path) > 0) url = path; // an absolute {+url}
    else {
      url = m.baseUrl.replace(/\/$/, "") + (path[0] === "/" ? path : "/" + path);
      checked = true;
    }
  }
  const withBody = hasBody(method);
  const left = [...m.params].filter((e) => !t.uses.has(e[0]));
  if (!withBody) {
    url = query(url, left, face.plusQ, t.query);
  }
  if (!checked) checkURL(url);
  const r = { method, url, headers: null };
  let type = ""; // the content-type the body needs ("" for no body)
  if (withBody && m.data !== undefined) {
    const mine = left.filter(([k]) => own === null || own.has(k)).map(([k]) => k);
    if (mine.length > 0 && !face.ignoreBesideData) fail("ErrDataWithParams", "parse", mine.join(","), "data together with body parameters");
    const v = m.data.v;
    const binary = typeof v === "function" || (v !== null && typeof v === "object" && !Array.isArray(v) && !isPlain(v));
    r.body = typeof v === "string" || binary ? v : jsonBody(v);
    type = binary ? "application/octet-stream" : typeof v === "string" ? "text/plain; charset=utf-8" : JSON_TYPE;
  } else if (withBody && left.length > 0) {
    r.body = jsonBody(Object.fromEntries(left));
    type = JSON_TYPE;
  } else if (m.data !== undefined) fail("ErrDataNotAllowed", "parse", method.toUpperCase(), "data for a method without a body");
  r.headers = finalHeaders(m, method, type, r);
  if (m.request !== undefined) r.request = copy(m.request);
  return r;
}

const JSON_TYPE = "application/json; charset=utf-8";

// jsonBody is a JSON body as a result holds it: a fresh copy, a bigint
// as a number when that is exact, else the whole body as JSON text with
// every digit (never rounded).
function jsonBody(v) {
  const big = { unsafe: false };
  const out = copy(v, big);
  return big.unsafe ? JSON.stringify(out, (k, x) => (typeof x === "bigint" ? `\u0000${x}\u0000` : x)).replace(/"\\u0000(-?\d+)\\u0000"/g, "$1") : out;
}

// finalHeaders are the merged headers, removed ones left out, accept
// rewritten by mediaType, and what a body needs: content-type when it has
// none, content-length 0 when there is no body (and the body "" for PUT
// and PATCH), as v6 does.
function finalHeaders(m, method, type, r) {
  const h = {};
  for (const [name, e] of m.headers) if (e.v !== null) put(h, name, e.raw);
  if (m.format !== "" || m.previews.length > 0) {
    const given = m.headers.get("accept")?.v ?? null;
    const a = accept(given ?? "", m.format, m.previews);
    if (a !== (given ?? "")) h.accept = a;
  }
  if (method === "get" || method === "head") return h;
  if (type === "") {
    h["content-length"] = 0;
    if (method === "put" || method === "patch") r.body = "";
  } else if (!m.headers.get("content-type")?.v) h["content-type"] = type;
  return h;
}

// ---------------------------------------------------------------------
// Endpoints. A state is an endpoint's merged defaults; a face says what
// its results look like.

function build(face, state, routeStr, options) {
  const [method, target] = splitRoute(routeStr);
  const l = read(options, false);
  route(l, method, target);
  const m = over(state, l, false);
  headerCount(m.headers.size);
  return face.result(resolve(face, m, l.params));
}

function mergeCall(state, routeStr, options) {
  const [method, target] = splitRoute(routeStr);
  const l = read(options);
  route(l, method, target);
  l.keys = order(l);
  if (routeStr !== "") l.keys = ["method", "url", ...l.keys.filter((k) => k !== "method" && k !== "url")];
  const m = over(state, l, true);
  headerCount(m.headers.size);
  previewCount(m.previews.length);
  // The defaults' parameters that would go to the body beside data are
  // left out, as v6 drops them when it parses.
  if (m.data !== undefined) {
    try {
      const t = hasBody(normalizeMethod(m.method)) && template(m.url);
      if (t) m.params = new Map([...m.params].filter(([k]) => t.uses.has(k) || l.params.has(k)));
    } catch {
      // parse() reports it
    }
  }
  params(m.params.size);
  return output(m);
}

function layerOf(state, x) {
  let l = layer();
  if (typeof x === "string") [l.method, l.url] = splitRoute(x);
  else if (x !== undefined && x !== null && notObject(x)) notOptions(x);
  else l = read(x);
  l.keys = order(l);
  const m = over(state, l, true);
  params(m.params.size);
  headerCount(m.headers.size);
  return m;
}

/** root returns the defaults of GitHub's REST API. */
export const root = (userAgent) => read({ method: "GET", baseUrl: "https://api.github.com", headers: { accept: "application/vnd.github.v3+json", "user-agent": userAgent } });

/** make returns the endpoint function of a face over state. */
export function make(face, state) {
  const two = (f) => (routeOrOptions, options) => (typeof routeOrOptions === "string" ? f(routeOrOptions, options) : f("", routeOrOptions));
  const fn = two((r, o) => build(face, state, r, o));
  Object.defineProperty(fn, "DEFAULTS", { get: () => output(state), enumerable: true });
  fn.defaults = (x) => make(face, layerOf(state, x));
  fn.merge = two((r, o) => mergeCall(state, r, o));
  fn.parse = face.parse ??= (options) => face.result(resolve(face, read(options, false), null));
  return fn;
}
