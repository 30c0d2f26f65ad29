// RFC 6570 URI templates, level 4, with @octokit/endpoint's ":name"
// placeholders and hyphenated names ({enterprise-team}), and the path
// rules of the Go engine (template/expand.go): every variable of {x} and
// {+x} in the path has a value, no segment is left empty by a value, none
// is "." or "..", and the path does not start with "//".
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
export const httpScheme = (s) => /^https?:\/\//i.exec(s)?.[0].length ?? 0;

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

/** memo returns make(key), from cache when made before; the cache holds at most max, emptied when full. */
export function memo(cache, max, key, make) {
  let v = cache.get(key);
  if (v === undefined) {
    v = make(key);
    if (cache.size >= max) cache.clear();
    cache.set(key, v);
  }
  return v;
}

const cache = new Map();

/** parse returns the compiled template of s, from a cache when seen before. */
export const parse = (s) => memo(cache, 2048, s, compile);

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
  // parts: literals { lit, at, inPath, slash } and expressions { op,
  // specs, at, inPath, req }, cut where the path part starts and ends; req
  // marks the {x} and {+x} of the path part, whose every variable needs a
  // value; joins names those that would join a list's items with commas.
  const t = { raw: s, parts: [], uses: new Set(), joins: new Set(), authority: false, reserved: s.startsWith("{+"), from: httpScheme(s) > 0 ? start : 0 };
  const inPath = (at) => at >= start && at < end;
  let count = 0;
  for (let i = 0; i < s.length; ) {
    LITERAL.lastIndex = i;
    const lit = LITERAL.exec(s)[0];
    if (lit !== "") {
      for (const c of lit) if (c > "\x9f" && !isUCS(c.codePointAt(0))) notLiteral(s, s.indexOf(c, i));
      const stop = i + lit.length;
      for (const b of [start, end, stop]) {
        if (b <= i || b > stop) continue;
        const piece = s.slice(i, b);
        t.parts.push({ lit: escape(piece, UR), at: i, inPath: inPath(i), slash: piece.includes("/") });
        i = b;
      }
      continue;
    }
    if (s[i] !== "{") notLiteral(s, i);
    if (s[i - 1] === "$" && count <= MAX_EXPRESSIONS) syntax(s, i - 1, '"${": write {name}');
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
      if (count <= MAX_EXPRESSIONS) syntax(s, i, "misplaced hyphen");
      i = brace + 1;
      continue;
    }
    const e = { op: OPS[m[1]], specs: m[2].split(",").map((v) => ({ name: v.replace(/[*:].*/, ""), prefix: Number(v.split(":")[1] ?? 0), explode: v.endsWith("*") })), at: i, inPath: inPath(i) };
    e.req = e.inPath && (m[1] === "" || m[1] === "+");
    if (i < start) t.authority = true;
    for (const v of e.specs) {
      t.uses.add(v.name);
      if (e.req && !v.explode && v.prefix === 0) t.joins.add(v.name);
    }
    t.parts.push(e);
    i += m[0].length;
  }
  if (count > MAX_EXPRESSIONS) tooMany(s);
  // slash: the path part starts with a literal "/".
  const first = t.parts.find((p) => p.inPath || p.at >= end);
  t.slash = first?.inPath && first.lit?.[0] === "/";
  // The names the route's literal query sets (GET /x?state=open), as
  // written and decoded: a parameter must not set them again (see query).
  t.query = new Set();
  for (const pair of s.replace(/\{[^}]*\}/g, "").match(/^[^?#]*\?([^#]*)/)?.[1].split(/[?&;]/) ?? []) {
    const k = pair.split("=", 1)[0];
    if (pair !== "") t.query.add(k).add(queryUnescape(k));
  }
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

const varError = (t, p, name, code, why) => fail(code, "parse", t.raw, `at offset ${p.at}, variable ${JSON.stringify(name)}: ${why}`);

// expr expands the expression p with the values get(name) returns
// (undefined for none); a variable of a req expression must have one.
function expr(t, p, get) {
  const [first, sep, named, ifemp, set] = p.op;
  const e = (s) => escape(s, set);
  let x = "";
  let defined = false;
  for (const sp of p.specs) {
    const raw = get(sp.name);
    const v = raw === undefined ? undefined : value(raw);
    if (v === undefined) {
      if (p.req) varError(t, p, sp.name, "ErrMissingParam", "missing value");
      continue;
    }
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
  return x;
}

const DOT = /(?:^|\/)(?:\.|%2e){1,2}(?:\/|$)/i;

// expand expands t with the values get(name) returns, by RFC 6570 and the
// path rules (see segments), which the Go engine applies only to a path
// that has something they judge: a "//", a dot segment, or a first "/"
// the template did not write.
export function expand(t, get) {
  if (t.authority) fail("template.ErrAuthority", "parse", t.raw, "an expression in the host");
  const chunks = t.parts.map((p) => p.lit ?? expr(t, p, get));
  const out = chunks.join("");
  const path = pathOf(out);
  if (path.includes("//") || (path[0] === "/" && !t.slash) || DOT.test(path)) segments(t, chunks, out);
  if (out.startsWith("//")) fail("template.ErrEmptySegment", "parse", t.raw, "path starts with an empty segment");
  return out;
}

// segments reads the path's segments in out as t's parts wrote them
// (chunks), as the Go engine does: no "." or ".." segment, no empty one a
// value left before more of the path ("" for {owner} in /repos/{owner}/x),
// no "//" a value wrote; an empty last segment is kept (contents/{path}
// with ""). The path starts after a {+url} value's authority and ends at
// the first "?" or "#"; a "/" a literal wrote starts a segment without an
// expression, one a value wrote a segment of its own.
function segments(t, chunks, out) {
  let start = -1; // where the segment starts, -1 before the path
  let first = null; // the segment's first expression
  let lead = true; // a "/" now is the path's own first
  let to = 0; // where the part ends
  const end = (at, more, byValue) => {
    if (at - start > 6 || (at > start && out[start] !== "." && out[start] !== "%")) return; // most segments
    const seg = out.slice(start, at);
    const code = /^(?:\.|%2e){1,2}$/i.test(seg) ? "template.ErrDotSegment" : seg !== "" ? "" : byValue ? "template.ErrEmptySegment" : more && first ? "ErrMissingParam" : "";
    const why = seg !== "" ? "dot segment" : byValue ? "empty segment" : "empty, with more of the path after it";
    if (code !== "") first ? varError(t, first, first.specs[0].name, code, why) : fail(code, "parse", t.raw, why);
  };
  for (let n = 0; n < chunks.length; n++) {
    const p = t.parts[n];
    let from = to;
    to += chunks[n].length;
    if (p.at < t.from || (from === to && !p.req)) continue;
    if (!p.inPath && (out[from] === "?" || out[from] === "#")) return end(from, false, false); // begun: expand found a path
    if (start < 0) {
      start = from;
      const skip = p.lit ? 0 : httpScheme(chunks[n]);
      if (skip > 0) {
        // {+url} given a whole URL: its path follows its authority.
        from = start = from + skip + chunks[n].slice(skip).search(/[/?#]|$/);
        if (from === to) continue;
      }
    }
    if (!p.lit && first === null) {
      first = p;
      if (from === to) lead = false; // an empty value holds the first segment
    }
    if (lead && from < to) {
      lead = false;
      if (out[from] === "/") start = ++from;
    }
    for (let i = from; i < to; i++) {
      const c = out[i];
      if (c === "/") {
        end(i, true, !p.lit);
        start = i + 1;
        first = p.lit ? null : p;
      } else if (c === "?" || c === "#") return end(i, false, false);
    }
  }
  end(to, false, false);
}

// pathOf is the path of url: after an http(s) scheme and authority,
// before "?" and "#".
function pathOf(url) {
  const i = httpScheme(url);
  return (i > 0 ? url.slice(i).replace(/^[^/?#]*/, "") : url).split(/[?#]/, 1)[0];
}

/** hasDotSegment reports whether the path of url (after an http(s) authority) has a "." or ".." segment, a dot perhaps written %2e. */
export const hasDotSegment = (url) => DOT.test(pathOf(url));

// query appends the parameters params ([name, value] pairs) to url as
// @octokit/endpoint does: "?" or "&" as needed, names and values
// encoded as by encodeURIComponent, a list joined by "," (%2C); with
// plusQ a string q keeps "+" (GitHub's search syntax). A name the
// route's literal query sets (written) is an error.
export function query(url, params, plusQ, written) {
  let q = url.includes("?");
  for (const [name, raw] of params) {
    if (raw !== null && written.has(name)) fail("ErrInvalidParam", "param", name, "invalid parameter: set in the route's query too");
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

// queryUnescape decodes a query key as Go's url.QueryUnescape does ("+" a
// space), or gives it back as it is when it refuses it.
const queryUnescape = (k) => {
  try {
    return decodeURIComponent(k.replace(/\+/g, " "));
  } catch {
    return k;
  }
};
