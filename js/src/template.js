// RFC 6570 URI templates, level 4, with @octokit/endpoint's ":name"
// placeholders and hyphenated names ({enterprise-team}), and the path
// rules of the Go engine (template/): a variable that is a whole path
// segment must have a value, no "." or ".." segment, no leading "//".
import { fail } from "./errors.js";

export const MAX_LENGTH = 8192; // bytes of UTF-8
export const MAX_EXPRESSIONS = 256;

// What each kind of expansion encodes (as UTF-8 %XX): everything but
// the unreserved characters (U); but reserved ones too, and valid %XX
// (UR: {+x}, {#x}, literals); but what encodeURIComponent keeps
// (COMPONENT: query names and values); that and "+" (PLUS: GitHub's q).
const U = /[^\w.~-]/gu;
const UR = /%(?![\dA-Fa-f]{2})|[^\w.~:/?#[\]@!$&'()*+,;=%-]/gu;
export const COMPONENT = /[^\w.~!'()*-]/gu;
export const PLUS = /[^\w.~!'()*+-]/gu;

const hex = (c) => (c > "\x7f" ? encodeURIComponent(c) : `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`);
/** escape percent-encodes what the expression's set says. */
export const escape = (s, set) => s.replace(set, hex);

// The operators of RFC 6570 appendix A: [first, separator, named, if
// empty, what to encode].
const OPS = {
  "": ["", ",", false, "", U],
  "+": ["", ",", false, "", UR],
  "#": ["#", ",", false, "", UR],
  ".": [".", ".", false, "", U],
  "/": ["/", "/", false, "", U],
  ";": [";", ";", true, "", U],
  "?": ["?", "&", true, "=", U],
  "&": ["&", "&", true, "=", U],
};

/** httpScheme is the length of an http:// or https:// prefix (any case), or 0. */
export function httpScheme(s) {
  if ((s.charCodeAt(0) | 32) !== 104 || (s.charCodeAt(1) | 32) !== 116 || (s.charCodeAt(2) | 32) !== 116 || (s.charCodeAt(3) | 32) !== 112) return 0;
  const n = (s.charCodeAt(4) | 32) === 115 ? 5 : 4;
  return s.startsWith("://", n) ? n + 3 : 0;
}

// pathBounds returns where the path part of a template begins (after
// "scheme://authority") and ends (at "?" or "#" outside an expression, a
// {?…}, {&…} or {#…} expression, or an unclosed "{").
export function pathBounds(s) {
  const start = /^[a-z][a-z\d+.-]*:\/\/[^/?#]*/i.exec(s)?.[0].length ?? 0;
  const path = /(?:[^?#{]|\{(?![?&#])[^}]*\})*/y;
  path.lastIndex = start;
  return [start, start + path.exec(s)[0].length];
}

/** utf8Length is the UTF-8 length of s. */
export const utf8Length = (s) => (s.length * 3 <= MAX_LENGTH ? s.length : new TextEncoder().encode(s).length);

// ucschar and iprivate: the non-ASCII code points a literal may hold.
const isUCS = (cp) =>
  cp <= 0xd7ff || (cp >= 0xe000 && cp <= 0xfdcf) || (cp >= 0xfdf0 && cp <= 0xffef) || (cp >= 0x10000 && (cp & 0xffff) <= 0xfffd && (cp < 0xe0000 || cp >= 0xe1000));

const cache = new Map();

/** parse returns the compiled template of s, from a cache when seen before. */
export function parse(s) {
  let t = cache.get(s);
  if (t === undefined) {
    t = compile(s);
    if (cache.size >= 2048) cache.clear();
    cache.set(s, t);
  }
  return t;
}

const notLiteral = (s, at) => syntax(s, at, `${JSON.stringify(s[at])} in a literal: write %XX`);
const syntax = (s, at, why) => fail("template.ErrSyntax", "parse", s, `at offset ${at}: ${why}`);
const tooMany = (s) => fail("template.ErrTooManyExpressions", "parse", s, `more than ${MAX_EXPRESSIONS} expressions`);

// A literal's characters: reserved and unreserved ASCII (and "'",
// erratum 6937), %XX, and the non-ASCII ones ucschar and iprivate allow.
const LITERAL = /(?:[!#$&-;=?-[\]\w~]|%[\da-f]{2}|[^\x00-\x9f])*/iy;
// An expression: an operator, then variables, each a name of word
// characters and %XX joined by "." or "-" (an extension: GitHub's
// {enterprise-team}), with a prefix (1 to 9999) or an explode.
const VAR = "(?:\\w|%[\\da-f]{2})+(?:[.-](?:\\w|%[\\da-f]{2})+)*(?:\\*|:[1-9]\\d{0,3}(?!\\d))?";
const EXPRESSION = new RegExp(`\\{([+#./;?&]?)(${VAR}(?:,${VAR})*)\\}`, "iy");

function compile(s) {
  const tooLong = () => utf8Length(s) > MAX_LENGTH && fail("template.ErrTooLong", "parse", s.slice(0, 64), `longer than ${MAX_LENGTH} bytes`);
  tooLong();
  let [start, end] = pathBounds(s);
  // :name in the path part becomes {name}: a lower-case letter, then word
  // characters, a hyphen joining two of them.
  const path = s.slice(start, end).replace(/\{[^}]*\}|:([a-z]\w+(?:-\w+)*)/g, (m, name) => (name ? `{${name}}` : m));
  if (path.length !== end - start) {
    s = s.slice(0, start) + path + s.slice(end);
    tooLong();
    [start, end] = pathBounds(s);
  }
  // segs lists the segments of the path part made only of {x}, {+x} and
  // {x,y} expressions after a literal "/": their parts, and whether more
  // path follows. Coming rule (issues 33, 34): such a segment left empty
  // by its values is a missing value, but at the end of the path, where
  // an empty value keeps v6's trailing slash (contents/{path} with "").
  const t = { raw: s, parts: [], uses: new Set(), authority: false, simple: false, reserved: s.startsWith("{+"), scheme: s.includes("://"), segs: [], query: [] };
  let count = 0;
  let hyphen = 0; // the first expression only a hyphen spoils (1-based), or 0
  let hyphenAt = 0;
  let seg = null; // the path segment being read, after a "/": { parts, literal }
  const close = (more) => seg !== null && !seg.literal && seg.parts.length > 0 && t.segs.push({ parts: seg.parts, more });
  for (let i = 0; i < s.length; ) {
    LITERAL.lastIndex = i;
    const lit = LITERAL.exec(s)[0];
    if (lit !== "") {
      for (const c of lit) if (c > "\x9f" && !isUCS(c.codePointAt(0))) notLiteral(s, s.indexOf(c, i));
      t.parts.push(escape(lit, UR));
      for (let k = Math.max(i, start); k < Math.min(i + lit.length, end); k++) {
        if (s[k] === "/") {
          close(true);
          seg = { parts: [], literal: false };
        } else if (seg !== null) seg.literal = true;
      }
      i += lit.length;
      continue;
    }
    if (s[i] !== "{") notLiteral(s, i);
    count++;
    EXPRESSION.lastIndex = i;
    const m = EXPRESSION.exec(s);
    const brace = s.indexOf("}", i);
    if (m === null) {
      // The Go engine's parser of record checks the grammar first (with
      // hyphens as "_"), then its compiler counts expressions and checks
      // the hyphens: a misplaced hyphen past the limit is the limit.
      EXPRESSION.lastIndex = 0;
      if (brace < 0 || !EXPRESSION.test(`{${s.slice(i + 1, brace).replace(/-/g, "_")}}`)) {
        syntax(s, i, brace < 0 ? "unclosed expression" : `invalid expression ${s.slice(i, brace + 1)}`);
      }
      if (hyphen === 0) [hyphen, hyphenAt] = [count, i];
      i = brace + 1;
      continue;
    }
    const e = { op: OPS[m[1]], specs: m[2].split(",").map((v) => ({ name: v.replace(/[*:].*/, ""), prefix: Number(v.split(":")[1] ?? 0), explode: v.endsWith("*") })), offset: i, segment: false };
    const after = i + m[0].length;
    // A whole path segment: {x} or {+x} after "/" (or first), before "/",
    // "?", "#", the end, or a {?…}, {&…}, {#…}, {/…} or {.…} expression.
    e.segment = (m[1] === "" || m[1] === "+") && !/[,*:]/.test(m[2]) && i >= start && after <= end && (i === 0 || (s[i - 1] === "/" && i > start)) && /^(?:$|[/?#]|\{[?&#/.])/.test(s.slice(after, after + 2));
    if (i < start) t.authority = true;
    if (i === 0) t.simple = m[1] === "";
    for (const v of e.specs) t.uses.add(v.name);
    if (i >= start && i < end && seg !== null) {
      if (m[1] === "" || m[1] === "+") seg.parts.push(t.parts.length);
      else seg.literal = true;
    }
    t.parts.push(e);
    i = after;
  }
  if (hyphen > 0) hyphen <= MAX_EXPRESSIONS ? syntax(s, hyphenAt, "misplaced hyphen") : tooMany(s);
  if (count > MAX_EXPRESSIONS) tooMany(s);
  close(false);
  // Coming rule (issue 34): "${" in a path is shell or JavaScript
  // template syntax taken literally.
  const dollar = s.slice(start, end).indexOf("${");
  if (dollar >= 0) syntax(s, start + dollar, '"${" in a path: write {name}');
  // The names of a literal query (GET /x?state=open), which a parameter
  // must not give again (see resolve in engine.js).
  const q = s.slice(end).split("#", 1)[0];
  if (q[0] === "?") t.query = q.slice(1).split("&").map((pair) => pair.split("=", 1)[0]).filter((n) => n !== "" && !t.uses.has(n));
  return t;
}

// ---------------------------------------------------------------------
// Values, as the URL reads them: a scalar's text; a list of texts; an
// associative array of texts, keys and values alternating; undefined
// (null, or a list or object of nothing but nulls). Anything else is
// { err } with the reason.

export const isPlain = (v) => {
  const p = Object.getPrototypeOf(v);
  return p === Object.prototype || p === null;
};

const opaque = (v) => `a ${typeof v === "function" ? "function" : v.constructor?.name} has no place in a URL`;

export function value(v) {
  switch (typeof v) {
    case "string":
      return v;
    case "number":
    case "bigint":
      return String(v);
    case "boolean":
      return v ? "true" : "false";
    case "undefined":
      return undefined;
  }
  if (v === null) return undefined;
  const list = Array.isArray(v);
  if (!list && !isPlain(v)) return { err: opaque(v) };
  const items = [];
  for (const k of list ? v.keys() : Object.keys(v)) {
    const m = v[k];
    if (m === null) continue;
    if (typeof m === "object" || typeof m === "function") {
      return { err: Array.isArray(m) || isPlain(m) ? "a nested list or object has no place in a URL" : opaque(m) };
    }
    if (!list) items.push(k);
    items.push(value(m));
  }
  if (items.length === 0) return undefined;
  return list ? { list: items } : { map: items };
}

const varError = (t, p, name, code, why) => fail(code, "parse", t.raw, `at offset ${p.offset}, variable ${JSON.stringify(name)}: ${why}`);

// expand expands t with the values get(name) returns (undefined for
// none), by RFC 6570 and the path rules.
export function expand(t, get) {
  if (t.authority) fail("template.ErrAuthority", "parse", t.raw, "an expression in the host");
  let out = "";
  const seen = t.segs.length > 0 ? [] : null;
  for (let n = 0; n < t.parts.length; n++) {
    const p = t.parts[n];
    if (typeof p === "string") {
      out += p;
      continue;
    }
    const [first, sep, named, ifemp, set] = p.op;
    const e = (s) => escape(s, set);
    let x = "";
    let defined = false;
    for (const sp of p.specs) {
      const raw = get(sp.name);
      const v = raw === undefined ? undefined : value(raw);
      if (v === undefined) continue;
      if (v.err !== undefined) varError(t, p, sp.name, "template.ErrValue", v.err);
      if (typeof v !== "string" && sp.prefix > 0) varError(t, p, sp.name, "template.ErrPrefix", "prefix of a list or object");
      x += defined ? sep : first;
      defined = true;
      if (typeof v === "string") {
        // A prefix counts characters (code points), before encoding.
        const s = sp.prefix > 0 ? [...v].slice(0, sp.prefix).join("") : v;
        if (named) x += sp.name + (s === "" ? ifemp : "=");
        x += e(s);
        continue;
      }
      const pairs = v.map !== undefined;
      const list = v.map ?? v.list;
      if (!sp.explode) {
        x += (named ? sp.name + "=" : "") + list.map(e).join(",");
        continue;
      }
      for (let i = 0; i < list.length; i += pairs ? 2 : 1) {
        const val = list[pairs ? i + 1 : i];
        x += (i > 0 ? sep : "") + (pairs ? e(list[i]) : named ? sp.name : "");
        if (named && val === "") x += ifemp;
        else x += (pairs || named ? "=" : "") + e(val);
      }
    }
    if (p.segment) {
      if (!defined) varError(t, p, p.specs[0].name, "ErrMissingParam", "missing value");
      if (x === "." || x === "..") varError(t, p, p.specs[0].name, "template.ErrDotSegment", "dot segment");
    }
    if (seen !== null) seen[n] = { x, defined, p };
    out += x;
  }
  for (const seg of t.segs) {
    const es = seg.parts.map((n) => seen[n]);
    if (es.every((e) => !e.defined) || (seg.more && es.every((e) => e.x === ""))) {
      varError(t, es[0].p, es[0].p.specs[0].name, "ErrMissingParam", "missing value: an empty path segment");
    }
  }
  if (hasDotSegment(out)) fail("template.ErrDotSegment", "parse", t.raw, "dot segment");
  if ((out.startsWith("//") && !t.scheme) || (out[0] === "/" && t.simple)) fail("template.ErrEmptySegment", "parse", t.raw, "path starts with an empty segment");
  return out;
}

/** hasDotSegment reports whether the path of url (after an http(s) authority) has a "." or ".." segment, a dot perhaps written %2e. */
export function hasDotSegment(url) {
  const i = httpScheme(url);
  const path = (i > 0 ? url.slice(i).replace(/^[^/?#]*/, "") : url).split(/[?#]/, 1)[0];
  return /(?:^|\/)(?:\.|%2e){1,2}(?:\/|$)/i.test(path);
}

// query appends the parameters params ([name, value] pairs) to url as
// @octokit/endpoint does: "?" or "&" as needed, names and values
// encoded as by encodeURIComponent, a list joined by "," (%2C); with
// plusQ a string q keeps "+" (GitHub's search syntax).
export function query(url, params, plusQ) {
  let q = url.includes("?");
  for (const [name, raw] of params) {
    const v = value(raw);
    if (v === undefined) continue;
    if (v.err !== undefined || v.map !== undefined) {
      fail("template.ErrValue", "parse", url, `query parameter ${JSON.stringify(name)}: ${v.err ?? "an object has no place in a query"}`);
    }
    url += !q ? "?" : /[?&]$/.test(url) ? "" : "&";
    q = true;
    const table = plusQ && name === "q" && typeof raw === "string" ? PLUS : COMPONENT;
    url += escape(name, COMPONENT) + "=" + (typeof v === "string" ? escape(v, table) : v.list.map((s) => escape(s, COMPONENT)).join("%2C"));
  }
  return url;
}
