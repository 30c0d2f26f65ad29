// RFC 6570 URI templates, level 4, with @octokit/endpoint's ":name"
// placeholders and hyphenated names ({enterprise-team}), and the path
// rules of the Go engine (template/): a variable that is a whole path
// segment must have a value, no "." or ".." segment, no leading "//".
import { fail } from "./errors.js";

export const MAX_LENGTH = 8192; // bytes of UTF-8
export const MAX_EXPRESSIONS = 256;

// Character sets, as tables of the ASCII bytes kept unencoded.
const set = (chars) => {
  const t = new Uint8Array(128);
  for (const c of chars) t[c.charCodeAt(0)] = 1;
  return t;
};
const ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const UNRESERVED = ALNUM + "-._~";
const U = set(UNRESERVED);
const UR = set(UNRESERVED + ":/?#[]@!$&'()*+,;="); // reserved expansion, {+x} {#x}
export const COMPONENT = set(UNRESERVED + "!'()*"); // encodeURIComponent's: query names and values
export const PLUS = set(UNRESERVED + "!'()*+"); // GitHub's q: "+" kept
const LITERAL = set(ALNUM + "!#$&'()*+,-./:;=?@[]_~"); // RFC 6570 literals (and "'", erratum 6937)
const WORD = set(ALNUM + "_");
const SCHEME = set(ALNUM + "+-.");

const isWord = (c) => c < 128 && WORD[c] === 1;
const isHex = (c) => (c >= 48 && c <= 57) || ((c | 32) >= 97 && (c | 32) <= 102);
const HEX = "0123456789ABCDEF";

// escape percent-encodes s as UTF-8, keeping the ASCII bytes of table
// and, with keepPct, valid %XX triplets.
export function escape(s, table, keepPct = false) {
  let out = "";
  let last = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 128 && table[c] === 1) continue;
    if (keepPct && c === 37 && isHex(s.charCodeAt(i + 1)) && isHex(s.charCodeAt(i + 2))) {
      i += 2;
      continue;
    }
    out += s.slice(last, i);
    if (c < 128) {
      out += "%" + HEX[c >> 4] + HEX[c & 15];
    } else {
      const wide = c >= 0xd800 && c <= 0xdbff;
      out += encodeURIComponent(s.slice(i, wide ? i + 2 : i + 1));
      if (wide) i++;
    }
    last = i + 1;
  }
  return last === 0 ? s : out + s.slice(last);
}

// The operators of RFC 6570 appendix A.
const op = (first, sep, named, ifemp, table, reserved = false) => ({ first, sep, named, ifemp, table, reserved });
const SIMPLE = op("", ",", false, "", U);
const OPS = {
  "+": op("", ",", false, "", UR, true),
  "#": op("#", ",", false, "", UR, true),
  ".": op(".", ".", false, "", U),
  "/": op("/", "/", false, "", U),
  ";": op(";", ";", true, "", U),
  "?": op("?", "&", true, "=", U),
  "&": op("&", "&", true, "=", U),
};

// httpScheme is the length of an http:// or https:// prefix (any case), or 0.
export function httpScheme(s) {
  if ((s.charCodeAt(0) | 32) !== 104 || (s.charCodeAt(1) | 32) !== 116 || (s.charCodeAt(2) | 32) !== 116 || (s.charCodeAt(3) | 32) !== 112) return 0;
  const n = (s.charCodeAt(4) | 32) === 115 ? 5 : 4;
  return s.startsWith("://", n) ? n + 3 : 0;
}

// pathBounds returns where the path part of a template begins (after
// "scheme://authority") and ends (at "?" or "#" outside an expression, a
// {?…}, {&…} or {#…} expression, or an unclosed "{").
export function pathBounds(s) {
  let start = 0;
  const c0 = s.charCodeAt(0);
  if ((c0 | 32) >= 97 && (c0 | 32) <= 122) {
    let i = 1;
    while (i < s.length && s.charCodeAt(i) < 128 && SCHEME[s.charCodeAt(i)] === 1) i++;
    if (s.startsWith("://", i)) {
      const m = /[/?#]/.exec(s.slice(i + 3));
      start = m === null ? s.length : i + 3 + m.index;
    }
  }
  let end = s.length;
  for (let i = start; i < s.length; ) {
    const c = s[i];
    if (c === "?" || c === "#") {
      end = i;
      break;
    }
    if (c === "{") {
      const j = s.indexOf("}", i + 1);
      if ("?&#".includes(s[i + 1] ?? "x") || j < 0) {
        end = i;
        break;
      }
      i = j + 1;
    } else i++;
  }
  return [start, end];
}

// rewriteColons turns ":name" in the path part into "{name}": a lower-case
// letter, then one or more word characters, a hyphen joining two of them.
function rewriteColons(s, start, end) {
  let out = "";
  let last = 0;
  for (let i = start; i < end; ) {
    if (s[i] === "{") {
      i = s.indexOf("}", i) + 1;
    } else if (s[i] === ":" && i + 2 < end && /[a-z]/.test(s[i + 1]) && isWord(s.charCodeAt(i + 2))) {
      let j = i + 3;
      while (j < end && (isWord(s.charCodeAt(j)) || (s[j] === "-" && j + 1 < end && isWord(s.charCodeAt(j + 1))))) j++;
      out += s.slice(last, i) + "{" + s.slice(i + 1, j) + "}";
      last = i = j;
    } else i++;
  }
  return last === 0 ? s : out + s.slice(last);
}

// utf8Length is the UTF-8 length of s (lone surrogates count 3 bytes).
export function utf8Length(s) {
  let n = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0x80) n += c >= 0x800 && (c < 0xd800 || c > 0xdbff) ? 2 : c >= 0x800 ? 0 : 1;
  }
  return n;
}

// ucschar and iprivate: the non-ASCII code points a literal may hold.
function isUCS(cp) {
  if (cp < 0xa0) return false;
  if (cp <= 0xd7ff || (cp >= 0xe000 && cp <= 0xfdcf) || (cp >= 0xfdf0 && cp <= 0xffef)) return true;
  if (cp >= 0xe0000 && cp < 0xe1000) return false;
  return cp >= 0x10000 && cp <= 0x10fffd && (cp & 0xffff) <= 0xfffd;
}

const cache = new Map();
const CACHE = 2048;

/** parse returns the compiled template of s, from a cache when seen before. */
export function parse(s) {
  let t = cache.get(s);
  if (t === undefined) {
    t = compile(s);
    if (cache.size >= CACHE) cache.clear();
    cache.set(s, t);
  }
  return t;
}

// expressions counts the expressions of the template being compiled: the
// Go engine's parser of record (the uritemplate module) checks the grammar
// first, then its own compiler counts, and only the hyphen rules are its
// compiler's alone, so a misplaced hyphen past the limit is the limit.
let expressions = 0;

function syntax(s, at, why, hyphen = false) {
  if (hyphen && expressions > MAX_EXPRESSIONS) tooMany(s);
  fail("template.ErrSyntax", "parse", s, `at offset ${at}: invalid template: ${why}`);
}

function tooMany(s) {
  fail("template.ErrTooManyExpressions", "parse", s, `too many expressions: more than ${MAX_EXPRESSIONS}`);
}

function compile(given) {
  if (given.length > MAX_LENGTH / 3 && utf8Length(given) > MAX_LENGTH) {
    fail("template.ErrTooLong", "parse", given.slice(0, 64), `template too long: ${utf8Length(given)} bytes, the limit is ${MAX_LENGTH}`);
  }
  let [start, end] = pathBounds(given);
  const s = rewriteColons(given, start, end);
  if (s !== given) {
    if (utf8Length(s) > MAX_LENGTH) fail("template.ErrTooLong", "parse", given.slice(0, 64), "template too long after :name rewriting");
    [start, end] = pathBounds(s);
  }
  const t = { raw: s, parts: [], vars: [], uses: new Set(), authority: false, simpleStart: false, reservedStart: s.startsWith("{+"), scheme: s.includes("://") };
  let lit = 0;
  expressions = 0;
  for (let i = 0; i < s.length; ) {
    const c = s.charCodeAt(i);
    if (c === 123 /* { */) {
      if (i > lit) t.parts.push(literal(s.slice(lit, i)));
      expressions++;
      const e = expression(s, i);
      e.segment = isSegment(s, e, i, start, end);
      if (i < start) t.authority = true;
      for (const v of e.specs) {
        if (!t.uses.has(v.name)) {
          t.uses.add(v.name);
          t.vars.push(v.name);
        }
      }
      if (i === 0) t.simpleStart = e.op === SIMPLE;
      t.parts.push(e);
      i = lit = e.end;
    } else if (c === 37 /* % */) {
      if (!isHex(s.charCodeAt(i + 1)) || !isHex(s.charCodeAt(i + 2))) syntax(s, i, "incomplete percent-encoding");
      i += 3;
    } else if (c < 128) {
      if (LITERAL[c] !== 1) syntax(s, i, `character ${JSON.stringify(s[i])} not allowed in a literal (use %XX)`);
      i++;
    } else {
      const cp = s.codePointAt(i);
      if (!isUCS(cp)) syntax(s, i, `character U+${cp.toString(16).toUpperCase().padStart(4, "0")} not allowed in a literal (use %XX)`);
      i += cp > 0xffff ? 2 : 1;
    }
  }
  if (lit < s.length) t.parts.push(literal(s.slice(lit)));
  if (expressions > MAX_EXPRESSIONS) tooMany(s);
  t.segs = segments(s, start, end);
  // The names of a literal query (GET /x?state=open): see queryTwice.
  const q = s.slice(end).split("#", 1)[0];
  t.query = q[0] === "?" ? q.slice(1).split("&").map((pair) => pair.split("=", 1)[0]).filter((n) => n !== "" && !t.uses.has(n)) : [];
  // Coming rule (issue 34): "${" in a path is shell or JavaScript
  // template syntax taken literally.
  const dollar = s.slice(start, end).indexOf("${");
  if (dollar >= 0) syntax(s, start + dollar, '"${" in a path: write {name}, not ${name}');
  return t;
}

// segments lists the segments of the path part [start, end) that are
// made only of expressions, after a literal "/": their parts' indices and
// whether more path follows. Coming rule (issues 33, 34): such a segment
// left empty by its values is a missing value, but at the end of the
// path, where an empty value keeps v6's trailing slash
// (contents/{path} with "").
function segments(s, start, end) {
  const out = [];
  let seg = null; // the segment being read: { parts, literal }
  let index = 0;
  for (let i = start; i < end; ) {
    if (s[i] === "{") {
      // Only {x}, {+x} and {x,y}: the others write a "/", "." or ";"
      // of their own.
      if (seg !== null && (s[i + 1] === "+" || !(s[i + 1] in OPS))) seg.parts.push(i);
      else if (seg !== null) seg.literal = true;
      i = s.indexOf("}", i) + 1;
      continue;
    }
    if (s[i] === "/") {
      if (seg !== null && !seg.literal && seg.parts.length > 0) out.push({ parts: seg.parts, more: true });
      seg = { parts: [], literal: false };
    } else if (seg !== null) seg.literal = true;
    i++;
  }
  if (seg !== null && !seg.literal && seg.parts.length > 0) out.push({ parts: seg.parts, more: false });
  return out;
}

// literal encodes literal text: anything not reserved or unreserved (the
// non-ASCII characters the grammar allows) as UTF-8 %XX.
const literal = (l) => (/[^\x00-\x7f]/.test(l) ? escape(l, UR, true) : l);

// expression scans the expression at s[start] === "{".
function expression(s, start) {
  let i = start + 1;
  let o = SIMPLE;
  const c = s[i];
  if (c !== undefined && c in OPS) {
    o = OPS[c];
    i++;
  } else if (c !== undefined && "=,!@|".includes(c)) syntax(s, i, `operator ${JSON.stringify(c)} is reserved`);
  const specs = [];
  for (;;) {
    const from = i;
    for (;;) {
      const d = s.charCodeAt(i);
      if (isWord(d)) i++;
      else if (d === 37) {
        if (!isHex(s.charCodeAt(i + 1)) || !isHex(s.charCodeAt(i + 2))) syntax(s, i, "incomplete percent-encoding in a variable name");
        i += 3;
      } else if (d === 46 || d === 45) {
        if (i === from || s[i - 1] === "." || s[i - 1] === "-") syntax(s, i, `misplaced ${JSON.stringify(s[i])} in a variable name`, s[i] === "-" || s[i - 1] === "-");
        i++;
      } else break;
    }
    if (i === from) syntax(s, i, "expected a variable name");
    if (s[i - 1] === "." || s[i - 1] === "-") syntax(s, i - 1, `variable name ends with ${JSON.stringify(s[i - 1])}`, s[i - 1] === "-");
    const spec = { name: s.slice(from, i), prefix: 0, explode: false };
    if (s[i] === "*") {
      spec.explode = true;
      i++;
    } else if (s[i] === ":") {
      const m = /^[1-9][0-9]{0,3}(?![0-9])/.exec(s.slice(++i, i + 5));
      if (m === null) syntax(s, i, "prefix must be 1 to 9999 without leading zeros");
      spec.prefix = Number(m[0]);
      i += m[0].length;
    }
    specs.push(spec);
    if (s[i] === "}") return { op: o, specs, end: i + 1, offset: start, segment: false };
    if (s[i] !== ",") syntax(s, i, i >= s.length ? "unclosed expression" : `unexpected ${JSON.stringify(s[i])} in an expression`);
    i++;
  }
}

// isSegment: a simple or reserved expression of one unmodified variable
// that is a whole segment of the path part: after a literal "/" (or at
// the start), before "/", "?", "#", the end, or a {?…}, {&…}, {#…}, {/…}
// or {.…} expression.
function isSegment(s, e, at, start, end) {
  if ((e.op !== SIMPLE && e.op !== OPS["+"]) || e.specs.length !== 1 || e.specs[0].prefix > 0 || e.specs[0].explode) return false;
  if (at < start || e.end > end) return false;
  if (!(at === 0 || (s[at - 1] === "/" && at - 1 >= start))) return false;
  const next = s[e.end];
  return next === undefined || next === "/" || next === "?" || next === "#" || (next === "{" && "?&#/.".includes(s[e.end + 1] ?? "x"));
}

// ---------------------------------------------------------------------
// Values, as the URL reads them: a scalar's text; a list of texts; an
// associative array of texts, keys and values alternating; undefined
// (null, or a list or object of nothing but nulls). Anything else is
// { err } with the reason.

const kind = (v) => (Array.isArray(v) ? "an array" : "an object");

export function value(v) {
  switch (typeof v) {
    case "string":
      return v;
    case "number":
      return String(v);
    case "boolean":
      return v ? "true" : "false";
    case "bigint":
      return v.toString();
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
      return { err: Array.isArray(m) || isPlain(m) ? `${kind(m)} inside a list or object has no place in a URL` : opaque(m) };
    }
    if (!list) items.push(k);
    items.push(value(m));
  }
  if (items.length === 0) return undefined;
  return list ? { list: items } : { map: items };
}

export const isPlain = (v) => {
  const p = Object.getPrototypeOf(v);
  return p === Object.prototype || p === null;
};

const opaque = (v) => `${typeof v === "function" ? "a function" : `a ${v.constructor?.name ?? "value"}`} has no place in a URL: use a string or a number`;

function prefix(s, n) {
  let i = 0;
  for (; n > 0 && i < s.length; n--) i += s.codePointAt(i) > 0xffff ? 2 : 1;
  return s.slice(0, i);
}

function varError(t, p, name, code, why) {
  fail(code, "parse", t.raw, `at offset ${p.offset}, variable ${JSON.stringify(name)}: ${why}`);
}

// expand expands t with the values get(name) returns (undefined for
// none), by RFC 6570 and the path rules.
export function expand(t, get) {
  if (t.authority) fail("template.ErrAuthority", "parse", t.raw, "expression in the authority: a value would choose the host");
  let out = "";
  const seen = t.segs.length > 0 ? new Map() : null;
  for (const p of t.parts) {
    if (typeof p === "string") {
      out += p;
      continue;
    }
    const o = p.op;
    let x = "";
    let defined = false;
    for (const sp of p.specs) {
      const raw = get(sp.name);
      if (raw === undefined) continue;
      const v = value(raw);
      if (v === undefined) continue;
      if (v.err !== undefined) varError(t, p, sp.name, "template.ErrValue", `unsupported value: ${v.err}`);
      if (typeof v !== "string" && sp.prefix > 0) varError(t, p, sp.name, "template.ErrPrefix", "prefix modifier on a composite value");
      x += defined ? o.sep : o.first;
      defined = true;
      if (typeof v === "string") {
        const s = sp.prefix > 0 ? prefix(v, sp.prefix) : v;
        if (o.named) {
          x += sp.name;
          if (s === "") {
            x += o.ifemp;
            continue;
          }
          x += "=";
        }
        x += escape(s, o.table, o.reserved);
      } else if (v.list !== undefined) {
        x += items(v.list, sp, o, false);
      } else {
        x += items(v.map, sp, o, true);
      }
    }
    if (p.segment) {
      if (!defined) varError(t, p, p.specs[0].name, "ErrMissingParam", "missing value");
      if (x === "." || x === "..") varError(t, p, p.specs[0].name, "template.ErrDotSegment", "dot segment");
    }
    seen?.set(p.offset, { x, defined, name: p.specs[0].name, p });
    out += x;
  }
  for (const seg of t.segs) {
    const es = seg.parts.map((at) => seen.get(at));
    if (es.every((e) => !e.defined) || (seg.more && es.every((e) => e.x === ""))) {
      varError(t, es[0].p, es[0].name, "ErrMissingParam", "missing value: a path segment must not be empty");
    }
  }
  if (hasDotSegment(out)) fail("template.ErrDotSegment", "parse", t.raw, "dot segment: a path must not hold \".\" or \"..\"");
  if ((out.startsWith("//") && !t.scheme) || (out[0] === "/" && t.simpleStart)) {
    fail("template.ErrEmptySegment", "parse", t.raw, "path starts with an empty segment");
  }
  return out;
}

// items writes a list or an associative array (pairs) of an expression.
function items(list, sp, o, pairs) {
  const e = (s) => escape(s, o.table, o.reserved);
  let x = "";
  if (!sp.explode) {
    if (o.named) x += sp.name + "=";
    return x + list.map(e).join(",");
  }
  for (let i = 0; i < list.length; i += pairs ? 2 : 1) {
    if (i > 0) x += o.sep;
    const val = pairs ? list[i + 1] : list[i];
    if (pairs) x += e(list[i]);
    else if (o.named) x += sp.name;
    if (o.named && val === "") {
      x += o.ifemp;
      continue;
    }
    if (pairs || o.named) x += "=";
    x += e(val);
  }
  return x;
}

// hasDotSegment reports whether the path of url (after an http(s)
// authority) has a "." or ".." segment, a dot perhaps written %2e.
export function hasDotSegment(url) {
  let i = httpScheme(url);
  if (i > 0) while (i < url.length && !"/?#".includes(url[i])) i++;
  const path = url.slice(i).split(/[?#]/, 1)[0];
  return /(?:^|\/)(?:\.|%2e){1,2}(?:\/|$)/i.test(path);
}

// query appends the parameters params ([name, value] pairs) to url as
// @octokit/endpoint does: "?" or "&" as needed, names and values
// encoded as by encodeURIComponent, a list joined by "," (%2C); with
// plusQ a string q keeps "+" (GitHub's search syntax).
export function query(url, params, plusQ) {
  let q = url.indexOf("?");
  for (const [name, raw] of params) {
    const v = value(raw);
    if (v !== undefined && (v.err !== undefined || v.map !== undefined)) {
      fail("template.ErrValue", "parse", url, `query parameter ${JSON.stringify(name)}: unsupported value: ${v.err ?? "a map cannot be a query value"}`);
    }
    if (v === undefined) continue;
    if (q < 0) {
      q = url.length;
      url += "?";
    } else if (!url.endsWith("?") && !url.endsWith("&")) url += "&";
    url += escape(name, COMPONENT) + "=";
    if (typeof v !== "string") url += v.list.map((s) => escape(s, COMPONENT)).join("%2C");
    else url += escape(v, plusQ && name === "q" && typeof raw === "string" ? PLUS : COMPONENT);
  }
  return url;
}
