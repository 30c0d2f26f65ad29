// The engine: options read into layers, layers merged, merged options
// parsed into request options, by the Go engine's rules (builder/). The
// faces (index.js, octokit.js) call make() with what sets them apart.
import { CODES, EndpointError, fail } from "./errors.js";
import { accept, stripPreview, validName } from "./media.js";
import { expand, httpScheme, parse as template, query } from "./template.js";
import { checkBaseURL, checkURL } from "./url.js";
import { budget, convert, copy, limit, merge, put, spend, wellFormed } from "./values.js";

export { CODES, EndpointError };

export const VERSION = "0.1.0";
export const MAX_PARAMS = 1024;
export const MAX_HEADERS = 256;
export const MAX_PREVIEWS = 64;

const RESERVED = new Set(["method", "baseUrl", "url", "headers", "mediaType", "data", "request"]);
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const lower = (s) => (/[A-Z]/.test(s) ? s.replace(/[A-Z]+/g, (m) => m.toLowerCase()) : s);
const invalid = (why) => fail("ErrInvalidOptions", "options", "", `invalid options: ${why}`);

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
  if (typeof o !== "object" || Array.isArray(o)) {
    throw new TypeError(`endpoint: options must be an object, got ${Array.isArray(o) ? "an array" : typeof o}`);
  }
  const b = budget();
  b.stack.push(o);
  for (const key of Object.keys(o)) {
    const x = o[key];
    if (RESERVED.has(key)) {
      if (x === undefined || typeof x === "symbol") continue;
      spend(b, 1, 0);
      if (x === null) continue; // not set
      if (keys && !l.keys.includes(key)) l.keys.push(key);
      if (key === "url" && l.urlAt === 0) l.urlAt = l.params.size + 1;
      option(l, key, x, b);
      continue;
    }
    const v = convert(x, b, 0, key);
    if (v === undefined) continue;
    spend(b, 1, 0);
    const name = wellFormed(key);
    if (!l.params.has(name)) {
      if (l.params.size === MAX_PARAMS) limit(`more than ${MAX_PARAMS} parameters`);
      if (keys) l.keys.push(name);
    }
    l.params.set(name, v);
  }
  check(l);
  return l;
}

function option(l, key, x, b) {
  switch (key) {
    case "method":
    case "baseUrl":
    case "url":
      if (typeof x !== "string") invalid(`${key}: want a string`);
      l[key] = wellFormed(x);
      return;
    case "headers":
      return headers(l, x, b);
    case "mediaType":
      return mediaType(l, x, b);
    case "data":
      l.data = { v: convert(x, b, 0, key) };
      return;
    case "request":
      if (typeof x !== "object" || Array.isArray(x) || (Object.getPrototypeOf(x) !== Object.prototype && Object.getPrototypeOf(x) !== null)) {
        invalid("request: want an object");
      }
      l.request = convert(x, b, 0, key, true);
  }
}

// headers reads a headers object by its own keys (a class instance's too,
// as in v6): a value is sent as String(value) and given back as it was;
// null removes the header, undefined leaves it.
function headers(l, h, b) {
  if (typeof h !== "object" || Array.isArray(h)) invalid("headers: want an object");
  spend(b, 1, 0);
  l.headers = new Map();
  for (const k of Object.keys(h)) {
    const raw = h[k];
    if (raw === undefined) continue;
    spend(b, 1, 0);
    let v = null;
    if (raw !== null) {
      try {
        v = wellFormed(typeof raw === "string" ? raw : String(raw));
      } catch (cause) {
        throw new EndpointError(`endpoint: header ${JSON.stringify(k)}: invalid header value: not convertible to a string`, "headers.ErrInvalidValue", { op: "header", cause });
      }
    }
    const name = lower(wellFormed(k));
    if (!l.headers.has(name) && l.headers.size === MAX_HEADERS) limit(`more than ${MAX_HEADERS} headers`);
    l.headers.set(name, { v, raw });
  }
}

// mediaType reads {format, previews} with keys in any case, as the Go
// engine's options JSON does; other keys are ignored.
function mediaType(l, m, b) {
  if (typeof m !== "object" || Array.isArray(m)) invalid("mediaType: want an object");
  spend(b, 1, 0);
  for (const k of Object.keys(m)) {
    const x = m[k];
    if (x === undefined || typeof x === "symbol") continue;
    spend(b, 1, 0);
    const key = k.toLowerCase().replace(/\u017f/g, "s");
    if (key === "format") {
      if (x === null) continue;
      if (typeof x !== "string") invalid("mediaType.format: want a string");
      l.format = wellFormed(x);
    } else if (key === "previews") {
      if (x === null) l.previews = [];
      else if (!Array.isArray(x) || x.some((p) => typeof p !== "string")) invalid("mediaType.previews: want an array of strings");
      else {
        spend(b, 1 + x.length, 1);
        l.previews = x.map(wellFormed);
      }
    } else convert(x, b, 0, k);
  }
}

// check validates what values cannot: header names and values, media
// type names, parameter names and counts.
function check(l) {
  for (const [name, h] of l.headers) {
    if (!TOKEN.test(name)) fail("headers.ErrInvalidName", "header", "", `headers: invalid header name ${JSON.stringify(name)}`);
    if (h.v !== null && /[\x00-\x08\x0a-\x1f\x7f]/.test(h.v)) {
      fail("headers.ErrInvalidValue", "header", "", `headers: invalid value of header ${JSON.stringify(name)}`);
    }
  }
  if (l.previews.length > MAX_PREVIEWS) limit(`more than ${MAX_PREVIEWS} previews`);
  for (const [what, n] of [["format", l.format], ...l.previews.map((p) => ["preview", p])]) {
    if (!validName(n)) fail("media.ErrInvalidName", what, n, "invalid media type name: want letters, digits and ._+- (at most 64)");
  }
  if (l.params.has("")) fail("ErrInvalidParam", "param", "", "invalid parameter name");
}

const routes = new Map();

/** splitRoute reads "METHOD /target" (one space), or a target alone. */
export function splitRoute(route) {
  let split = routes.get(route);
  if (split === undefined) {
    split = readRoute(route);
    if (routes.size >= 1024) routes.clear();
    routes.set(route, split);
  }
  return split;
}

function readRoute(route) {
  if (route === "") return ["", ""];
  route = wellFormed(route);
  const sp = route.indexOf(" ");
  const m = sp < 0 ? "" : route.slice(0, sp);
  const t = sp < 0 ? route : route.slice(sp + 1);
  if (
    (sp >= 0 && !TOKEN.test(m)) ||
    t === "" ||
    /[ \t-\r]/.test(t) ||
    (sp < 0 && t[0] !== "/" && t[0] !== "{" && httpScheme(t) === 0)
  ) {
    fail("ErrInvalidRoute", "route", route, 'invalid route: want "METHOD /path" or a path');
  }
  if (sp >= 0 && hostFirst(t)) fail("ErrInvalidRoute", "route", route, "invalid route: a host name without a scheme: write https://");
  return [m, t];
}

// hostFirst reports whether a target starts with a host name without a
// scheme (coming rule, issue 34: "GET api.github.com/repos/o/r").
const hostFirst = (t) => /^(?:localhost|(?:[a-z0-9-]+\.)+[a-z][a-z0-9-]*|\d+\.\d+\.\d+\.\d+)(?::\d*)?(?:[/?#]|$)/i.test(t);

// route puts a call's route into its layer: the route's method unless
// the options set one, and the route's target as the URL, a url option
// beside it being the parameter "url", in its place.
function route(l, method, target) {
  if (target !== "") {
    if (l.url !== "") {
      if (l.params.size >= MAX_PARAMS) limit(`more than ${MAX_PARAMS} parameters`);
      if (!l.params.has("url")) {
        const list = [...l.params];
        const at = l.urlAt > 0 && l.urlAt - 1 < list.length ? l.urlAt - 1 : list.length;
        list.splice(at, 0, ["url", l.url]);
        l.params = new Map(list);
      }
    }
    l.url = target;
  }
  if (l.method === "") l.method = method;
}

// order returns the keys a layer writes as merged options: those recorded
// that are still set, then the options set, then the parameters.
function has(l, k) {
  switch (k) {
    case "method":
    case "baseUrl":
    case "url":
      return l[k] !== "";
    case "headers":
      return l.headers.size > 0;
    case "mediaType":
      return l.format !== "" || l.previews.length > 0;
    case "data":
    case "request":
      return l[k] !== undefined;
  }
  return l.params.has(k);
}

function order(l) {
  const out = [];
  const add = (k) => !out.includes(k) && has(l, k) && out.push(k);
  l.keys.forEach(add);
  ["method", "baseUrl", "headers", "mediaType", "url", "data", "request"].forEach(add);
  for (const k of l.params.keys()) add(k);
  return out;
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
// previews add up, request and object parameters merge deep; keys says
// whether to keep the order merged options are written in.
function over(base, l, keys) {
  const m = {
    method: l.method || base.method, baseUrl: l.baseUrl || base.baseUrl, url: l.url || base.url, headers: base.headers,
    format: l.format || base.format, previews: base.previews, data: base.data, request: base.request,
    params: base.params, keys: base.keys, urlAt: 0,
  };
  if (l.headers.size > 0) {
    m.headers = new Map(base.headers);
    for (const [k, h] of l.headers) m.headers.set(k, h);
  }
  if (l.previews.length > 0) {
    const own = new Set(l.previews);
    m.previews = [...base.previews.filter((p) => !own.has(p)), ...l.previews.map(stripPreview)];
  }
  if (l.data !== undefined) m.data = l.data;
  if (l.request !== undefined) m.request = merge(base.request, l.request);
  if (l.params.size > 0 && base.params.size === 0) m.params = l.params;
  else if (l.params.size > 0) {
    m.params = new Map(base.params);
    for (const [k, v] of l.params) m.params.set(k, m.params.has(k) ? merge(m.params.get(k), v) : v);
  }
  if (keys) {
    if (base.keys.length === 0) m.keys = l.keys;
    else if (l.keys.length > 0) m.keys = [...new Set([...withMediaType(base.keys), ...l.keys])];
  }
  return m;
}

// output writes a layer as merged options, v6's shape.
function output(l) {
  for (const k of l.params.keys()) {
    if (RESERVED.has(k)) fail("ErrReservedParam", "marshal", k, "parameter name is a reserved option key");
  }
  const o = {};
  for (const k of withMediaType(order(l))) {
    switch (k) {
      case "method":
      case "baseUrl":
      case "url":
        o[k] = l[k];
        break;
      case "headers": {
        const h = {};
        const all = [...l.headers];
        for (const [name, { v, raw }] of all.filter((e) => e[1].v !== null).sort((a, b) => (a[0] < b[0] ? -1 : 1))) put(h, name, raw === null ? v : raw);
        for (const [name, e] of all) if (e.v === null) put(h, name, null);
        o.headers = h;
        break;
      }
      case "mediaType":
        o.mediaType = { format: l.format, previews: [...l.previews] };
        break;
      case "data":
        o.data = copy(l.data.v);
        break;
      case "request":
        o.request = copy(l.request);
        break;
      default:
        put(o, k, copy(l.params.get(k)));
    }
  }
  return o;
}

/** normalizeMethod checks an HTTP method and returns it lower-case. */
export function normalizeMethod(m) {
  if (m === "GET" || m === "get") return "get";
  if (m === "POST" || m === "post") return "post";
  const known = m.toLowerCase().replace(/\u017f/g, "s");
  if (/^(?:get|post|put|patch|delete|head|options)$/.test(known)) return known;
  if (!TOKEN.test(m)) fail("ErrInvalidMethod", "method", m, "invalid method");
  return lower(m);
}

const hasBody = (method) => method === "post" || method === "put" || method === "patch" || method === "delete";

// Coming rule (issue 34): a parameter named like a name of the route's
// literal query (GET /x?state=open with state) would be sent twice.
function queryTwice(t, params) {
  for (const name of t.query) {
    if (params.has(name)) fail("ErrInvalidParam", "parse", t.raw, `parameter ${JSON.stringify(name)} is also in the route's query: it would be sent twice`);
  }
}

// resolve parses merged options into request options. own says which
// parameters the call gave itself (null: all, as for parse): beside data,
// those are an error (unless the face ignores them, as v6 does) and the
// defaults' are dropped.
function resolve(face, m, own) {
  const method = normalizeMethod(m.method);
  if (m.url === "") fail("ErrMissingURL", "parse", "", "missing url");
  if (m.params.size > MAX_PARAMS) limit(`more than ${MAX_PARAMS} parameters`);
  if (m.previews.length > MAX_PREVIEWS) limit(`more than ${MAX_PREVIEWS} previews`);
  const t = template(m.url);
  const get = (name) => m.params.get(name);
  let url;
  // A URL joined to a base URL checked before needs no check: the
  // template encoded what it added.
  let checked = false;
  if (httpScheme(t.raw) > 0) {
    url = expand(t, get);
  } else {
    checkBaseURL(m.baseUrl);
    const path = expand(t, get);
    if (t.reservedStart && httpScheme(path) > 0) url = path; // an absolute {+url}
    else {
      url = (m.baseUrl.endsWith("/") ? m.baseUrl.slice(0, -1) : m.baseUrl) + (path[0] === "/" ? path : "/" + path);
      checked = true;
    }
  }
  const withBody = hasBody(method);
  const left = [];
  for (const e of m.params) if (!t.uses.has(e[0])) left.push(e);
  if (!withBody) {
    queryTwice(t, m.params);
    url = query(url, left, face.plusQ);
  }
  if (!checked) checkURL(url);
  const r = { method, url, headers: null };
  let kind = ""; // "json", "text" (a string body) or "binary"; "" for none
  if (withBody) {
    if (m.data !== undefined) {
      const mine = left.filter(([k]) => own === null || own.has(k)).map(([k]) => k);
      if (mine.length > 0 && !face.ignoreBesideData) fail("ErrDataWithParams", "parse", mine.join(","), "data together with body parameters");
      const v = m.data.v;
      kind = typeof v === "string" ? "text" : v !== null && (typeof v === "function" || (typeof v === "object" && !Array.isArray(v) && !isPlain(v))) ? "binary" : "json";
      r.body = kind === "json" ? jsonBody(v) : v;
      if (typeof r.body === "string" && kind === "json") kind = "text";
    } else if (left.length > 0) {
      const o = {};
      for (const [k, v] of left) put(o, k, v);
      r.body = jsonBody(o);
      kind = "json";
    }
  } else if (m.data !== undefined) {
    fail("ErrDataNotAllowed", "parse", method.toUpperCase(), "data for a method without a body");
  }
  r.headers = finalHeaders(m, method, kind, r);
  if (m.request !== undefined) r.request = copy(m.request);
  return r;
}

const isPlain = (v) => {
  const p = Object.getPrototypeOf(v);
  return p === Object.prototype || p === null;
};

const SAFE = 2n ** 53n;

// jsonBody is a JSON body as a result holds it: a fresh copy, a bigint
// as a number when that is exact, else the whole body as JSON text with
// every digit (never rounded).
function jsonBody(v) {
  let unsafe = false;
  const walk = (x) => {
    if (typeof x === "bigint") {
      if (x > -SAFE && x < SAFE) return Number(x);
      unsafe = true;
      return x;
    }
    if (x === null || typeof x !== "object" || !(Array.isArray(x) || isPlain(x))) return x;
    if (Array.isArray(x)) return x.map(walk);
    const o = {};
    for (const k of Object.keys(x)) put(o, k, walk(x[k]));
    return o;
  };
  const out = walk(v);
  if (!unsafe) return out;
  return JSON.stringify(out, (k, x) => (typeof x === "bigint" ? `\u0000${x}\u0000` : x)).replace(/"\\u0000(-?\d+)\\u0000"/g, "$1");
}

const JSON_TYPE = "application/json; charset=utf-8";

// finalHeaders are the merged headers, removed ones left out, accept
// rewritten by mediaType, and what a body needs: content-type when it has
// none (JSON's, or octet-stream for binary data), content-length 0 when
// there is no body (and the body "" for PUT and PATCH), as v6 does.
function finalHeaders(m, method, kind, r) {
  const h = {};
  for (const [name, e] of m.headers) if (e.v !== null) put(h, name, e.raw);
  if (m.format !== "" || m.previews.length > 0) {
    const given = m.headers.get("accept");
    const a = accept(given === undefined || given.v === null ? "" : given.v, m.format, m.previews);
    if (given !== undefined && given.v !== null) {
      if (a !== given.v) h.accept = a;
    } else if (a !== "") h.accept = a;
  }
  if (method === "get" || method === "head") return h;
  if (kind === "") {
    h["content-length"] = 0;
    if (method === "put" || method === "patch") r.body = "";
  } else {
    const ct = m.headers.get("content-type");
    if (ct === undefined || ct.v === null || ct.v === "") h["content-type"] = kind === "binary" ? "application/octet-stream" : JSON_TYPE;
  }
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
  if (m.headers.size > MAX_HEADERS) limit(`more than ${MAX_HEADERS} headers`);
  return face.result(resolve(face, m, l.params));
}

function mergeCall(state, routeStr, options) {
  const [method, target] = splitRoute(routeStr);
  const l = read(options);
  route(l, method, target);
  const keys = order(l);
  l.keys = routeStr === "" ? keys : ["method", "url", ...keys.filter((k) => k !== "method" && k !== "url")];
  const m = over(state, l, true);
  if (m.headers.size > MAX_HEADERS) limit(`more than ${MAX_HEADERS} headers`);
  if (m.previews.length > MAX_PREVIEWS) limit(`more than ${MAX_PREVIEWS} previews`);
  dropInherited(m, l);
  return output(m);
}

// dropInherited leaves out of merged options the defaults' parameters
// that would go to the body beside data: v6 drops them when it parses.
function dropInherited(m, l) {
  if (m.data === undefined) return;
  let t;
  try {
    if (!hasBody(normalizeMethod(m.method))) return;
    t = template(m.url);
  } catch {
    return;
  }
  m.params = new Map([...m.params].filter(([k]) => t.uses.has(k) || l.params.has(k)));
}

function layerOf(state, x) {
  let l;
  if (typeof x === "string") {
    l = layer();
    [l.method, l.url] = splitRoute(x);
  } else {
    if (x !== undefined && x !== null && (typeof x !== "object" || Array.isArray(x))) {
      throw new TypeError(`endpoint: defaults must be an object or a route, got ${Array.isArray(x) ? "an array" : typeof x}`);
    }
    l = read(x);
  }
  l.keys = order(l);
  const m = over(state, l, true);
  if (m.params.size > MAX_PARAMS) limit(`more than ${MAX_PARAMS} parameters`);
  if (m.headers.size > MAX_HEADERS) limit(`more than ${MAX_HEADERS} headers`);
  return m;
}

/** root returns the defaults of GitHub's REST API. */
export function root(userAgent) {
  const l = layer();
  l.method = "GET";
  l.baseUrl = "https://api.github.com";
  l.headers.set("accept", { v: "application/vnd.github.v3+json", raw: "application/vnd.github.v3+json" });
  l.headers.set("user-agent", { v: userAgent, raw: userAgent });
  l.keys = ["method", "baseUrl", "headers"];
  return l;
}

/** make returns the endpoint function of a face over state. */
export function make(face, state) {
  const fn = (routeOrOptions, options) =>
    typeof routeOrOptions === "string" ? build(face, state, routeOrOptions, options) : build(face, state, "", routeOrOptions);
  Object.defineProperty(fn, "name", { value: "endpoint" });
  Object.defineProperty(fn, "DEFAULTS", { get: () => output(state), enumerable: true });
  fn.defaults = (x) => make(face, layerOf(state, x));
  fn.merge = (routeOrOptions, options) =>
    typeof routeOrOptions === "string" ? mergeCall(state, routeOrOptions, options) : mergeCall(state, "", routeOrOptions);
  fn.parse = face.parse ??= (options) => face.result(resolve(face, read(options, false), null));
  return fn;
}
