// Random calls for the differential test against the Go engine
// (go-differential.test.mjs): routes with every RFC 6570 operator, :name
// and hyphenated names, literal queries, hosts and ports; parameters of
// every JSON kind; headers, mediaType, baseUrl, data, request; chains of
// defaults layers. Every input is plain JSON (undefined aside, which
// JSON.stringify leaves out as the package does), so that Go reads
// exactly what the package reads.

// rng returns a seeded generator of numbers in [0, 1) (mulberry32).
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS", "get", "post", "Patch", "FOO"];
const NAMES = ["owner", "repo", "a", "b", "foo-bar", "x_y", "q", "path", "per_page", "id", "enterprise-team", "url", "c.d", "%20", "state"];
const OPS = ["", "+", "#", ".", "/", ";", "?", "&"];
const STRINGS = [
  "", "a", "octokit", "o/r", "a b", "a+b", "ü", "日本", "😀", "%2F", "%", "x?y#z&w=1", ".", "..", "-", "~", "a,b",
  "null", "repo:octokit", "é/../x", "\t", "a\u0000b", "\ud800", "http://h/x", "https://u:p@h/y", "{x}", ":x", "/", "//", "a=b;c",
  "0", "true", "\\", '"', "\u2028", "\u0000ek:1", "\u0000ek:2", "\u0000ek:", "%00ek%3A1",
];
const NUMBERS = [0, -0, 1, -1, 1.5, -2.25, 1e21, 1e-7, 123456789012345680000, 2 ** 53, 0.1 + 0.2, 100, -1e21, 5e-324, 1.7976931348623157e308];
const HEADER_NAMES = ["X-Foo", "x-foo", "Accept", "accept", "Content-Type", "content-type", "content-length", "Content-Length", "User-Agent", "authorization", "If-None-Match", "x-github-api-version", "bad name", "X-Ünï"];
const HEADER_VALUES = ["v", "", "0", "a\tb", "text/plain", "application/vnd.github.v3.raw", "token abc", 0, 14, -0, 1.5, 1e21, true, false, null, undefined, "a\nb", "ü"];
const FORMATS = ["raw", "html", "diff", "patch", "sha", "full", "text", "", "v3.raw", "a b", null];
const PREVIEWS = ["symmetra", "mercy-preview", "squirrel-girl", "", "machine-man-preview", "a b", "x".repeat(65)];
const BASE_URLS = [
  "https://api.github.com", "https://h/api/v3/", "https://h/api/v3", "http://localhost:8080", "", "https://h?x=1", "/relative", "https://u:p@h", "ftp://h",
  "https://", null, "HTTPS://H", "https://h:99999", "https://[::1]:8080", "https://[fe80::1%25en0]/x", "https://[1.2.3.4]", "https://[::1", "https://h:80:90",
  "https://h:x", "https://a b", "https://h%zz", "https://h%C3%BC", "https://h%41", "https://h/%zz", "https://h/a/../b", "https://h/%2e", "http://u@h/", "http://u p@h",
  "https://:80", "https://h]", "https://h{x}", "https://h|x", "/a%zz", "//h/x", "/a b", "https://ü.example", "https://h\\x", "https://h/a b", "https://u:p%zz@h",
];

export function generator(seed) {
  const r = rng(seed);
  const int = (n) => Math.floor(r() * n);
  const pick = (xs) => xs[int(xs.length)];
  const chance = (p) => r() < p;

  const scalar = () => {
    switch (int(5)) {
      case 0:
      case 1:
        return pick(STRINGS);
      case 2:
        return pick(NUMBERS);
      case 3:
        return chance(0.5);
      default:
        return chance(0.3) ? null : pick(STRINGS);
    }
  };
  const value = (depth = 0) => {
    const k = int(10);
    if (depth < 3 && k === 0) return Array.from({ length: int(4) }, () => value(depth + 1));
    if (depth < 3 && k === 1) {
      const o = {};
      for (let i = int(4); i > 0; i--) o[pick(["a", "b", "c-d", "x y", "0", "__proto__x", "ü"])] = value(depth + 1);
      return o;
    }
    if (depth < 1 && k === 2) return Array.from({ length: 1 + int(3) }, scalar);
    if (k === 3) return undefined;
    return scalar();
  };

  const expression = (names) => {
    const op = pick(OPS);
    const vars = [];
    for (let i = 1 + (chance(0.3) ? int(3) : 0); i > 0; i--) {
      const n = pick(NAMES);
      names.add(n);
      let v = n;
      if (chance(0.15)) v += "*";
      else if (chance(0.15)) v += ":" + (1 + int(4));
      vars.push(v);
    }
    return `{${op}${vars.join(",")}}`;
  };

  const path = (names) => {
    let p = "";
    for (let i = int(4); i >= 0; i--) {
      switch (int(6)) {
        case 0:
        case 1:
          p += "/" + pick(["repos", "x", "a-b", "issues", "v1", "~u", "%41", "a.b"]);
          break;
        case 2:
        case 3:
          p += (chance(0.7) ? "/" : "") + expression(names);
          break;
        case 4: {
          const n = pick(["owner", "repo", "foo-bar", "id", "a"]);
          names.add(n);
          p += "/:" + n;
          break;
        }
        default:
          p += expression(names);
      }
    }
    if (!p.startsWith("/") && !p.startsWith("{/") && chance(0.8)) p = "/" + p;
    if (chance(0.15)) p += pick(["?a=1", "?q=repo:octokit", "?", "?x=1&", "#f", "?a=:b", "?state=open", "?owner", "#a%zz", "?st%61te=open", "?a=1;owner=x", "?x{&y}state=1", "?a=${b}", "?a+b=1&x"]);
    if (chance(0.05)) {
      p = pick(["https://h", "http://localhost:1", "{+url}", "HTTPS://h", "https://[::1]", "http://h:x", "https://u:p@h", "https://{host}", "https://h%41", "https://h:1:2", "https://", "http://h|", "https://h/."]) + p;
    }
    if (chance(0.02)) p = pick(["/a/${owner}", "/x/${", "/:owner/x", "/a/./b", "/a/%2e%2E/b", "/a//b", "{x}/y", "{/x}/y", "/a/{x}{y}/b", "/a/{x,y}/b", "/a/{owner}/", "{+url}{/x}", "/a{x}b/c", "/a/{+path}/b", "{+path}", "/a/{/x}", "{.x}/y", "/a/%2e{x}/b"]) + p;
    if (chance(0.02)) p = pick(["api.github.com/repos/o/r", "localhost:3000/x", "1.2.3.4/x", "repos/o/r", "h/x", "a.b", "x.y:8/z"]);
    return p;
  };

  const headers = () => {
    const h = {};
    for (let i = int(4); i > 0; i--) {
      let v = pick(HEADER_VALUES);
      if (v === "a\nb" && chance(0.8)) v = "ok";
      let n = pick(HEADER_NAMES);
      if ((n === "bad name" || n === "X-Ünï") && chance(0.8)) n = "x-ok";
      h[n] = v;
    }
    if (chance(0.1)) h[pick(["content-length", "Content-Length"])] = pick(["0", 0, "5"]);
    return h;
  };

  const mediaType = () => {
    const m = {};
    if (chance(0.7)) {
      let f = pick(FORMATS);
      if (f === "a b" && chance(0.7)) f = "raw";
      m.format = f;
    }
    if (chance(0.5)) {
      m.previews = Array.from({ length: int(3) }, () => pick(PREVIEWS)).filter((p) => !(p.length > 64 || p === "a b") || chance(0.2));
    }
    return m;
  };

  // options returns an options object for a call or a layer; names are
  // the route's variables, which it fills most of the time.
  const options = (names, layer) => {
    const o = {};
    const keys = [...names];
    for (let i = int(4); i > 0; i--) keys.push(pick(NAMES.concat(["x", "y", "per_page", "body", "title", "labels"])));
    for (const k of keys) {
      if (chance(layer ? 0.3 : 0.85)) o[k] = value();
    }
    // Mostly strings and numbers where the route needs them.
    for (const k of names) {
      if (chance(0.6)) o[k] = chance(0.7) ? pick(["o", "r", "a b", "ü", "x/y", "1", "", ".", "a+b"]) : pick(NUMBERS);
    }
    if (chance(0.3)) o.headers = headers();
    if (chance(0.2)) o.mediaType = mediaType();
    if (chance(0.12)) o.baseUrl = pick(BASE_URLS);
    if (chance(0.1)) o.method = pick(METHODS);
    if (chance(0.08)) o.data = chance(0.5) ? pick(["raw body", "", "ü", '{"a":1}', null]) : value();
    if (chance(0.12)) o.request = { timeout: pick([0, 1000]), x: value(), [pick(["b", "a", "2"])]: value() };
    return o;
  };

  // rare returns a case at one of the engine's edges: the limits, an own
  // "__proto__" key, mediaType keys in another case, a method Go folds.
  const own = (o, k, v) => Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
  const many = (n, f) => Object.fromEntries(Array.from({ length: n }, (_, i) => f(i)));
  const nested = (n) => {
    let v = "x";
    for (let i = 0; i < n; i++) v = chance(0.5) ? [v] : { a: v };
    return v;
  };
  const RARE = [
    () => ({ layers: [], route: `GET /x${"{a}".repeat(255 + int(3))}`, options: { a: "1" } }),
    () => ({ layers: [], route: `GET /x${"{a}".repeat(257)}{a--b}`, options: {} }),
    () => ({ layers: [], route: `GET /x${"{a}".repeat(100)}{a--b}${"{a}".repeat(200)}`, options: {} }),
    () => ({ layers: [], route: `GET /x${"{a}".repeat(257)}{a b}`, options: {} }),
    () => ({ layers: [], route: `GET /${"a".repeat(8180 + int(20))}`, options: {} }),
    () => ({ layers: [], route: `GET /${"ü".repeat(4090 + int(10))}`, options: {} }),
    () => ({ layers: [], route: `GET /${":ab/".repeat(1635 + int(4))}`, options: {} }),
    () => ({ layers: [], route: "POST /x", options: { deep: nested(30 + int(4)) } }),
    () => ({ layers: [], route: "GET /x", options: { headers: many(253 + int(3), (i) => [`x-h${i}`, "v"]) } }),
    () => ({ layers: [{ options: { headers: many(200, (i) => [`x-d${i}`, "v"]) } }], route: "GET /x", options: { headers: many(55 + int(3), (i) => [`x-c${i}`, "v"]) } }),
    () => ({ layers: [], route: "POST /x", options: many(1022 + int(4), (i) => [`p${i}`, i]) }),
    () => ({ layers: [{ options: many(600, (i) => [`d${i}`, i]) }], route: "POST /x", options: many(424 + int(3), (i) => [`c${i}`, i]) }),
    () => ({ layers: [], route: "GET /x", options: { mediaType: { previews: Array.from({ length: 63 + int(3) }, (_, i) => `p${i}`) } } }),
    () => ({ layers: [], route: "POST /x", options: { list: Array.from({ length: 99990 + int(20) }, () => 1) } }),
    () => ({ layers: [], route: `${pick(["GET", "POST"])} /x/{__proto__}`, options: own(own({}, "__proto__", "p"), "a", 1) }),
    () => ({ layers: [], route: "POST /x", options: { v: own({ a: 1 }, "__proto__", { b: 2 }), headers: own({}, "__proto__", "h") } }),
    () => ({ layers: [], route: "GET /x", options: { mediaType: { [pick(["Format", "FORMAT", "format"])]: pick(["raw", "diff"]), [pick(["Previews", "PREVIEWS", "previewſ"])]: ["mercy"] } } }),
    () => ({ layers: [], route: undefined, options: { method: pick(["poſt", "Get", "hEAD", "OPTIONS", "ſ"]), url: "/x", a: 1 } }),
    () => ({ layers: [], route: "GET /x{?q}", options: { q: pick([1e21, "a+b", ["a+b"], "1e+21"]) } }),
    // A {+url} value's authority, which the path rules read past only when
    // the path has something they judge.
    () => ({
      layers: [],
      route: `${pick(["GET", "POST"])} {+url}${pick([".", "%2e", ".{/x}", "{+x}", "./y", ":8{/x}", "/..", "{x}", ""])}`,
      options: { url: pick(["https://h", "http://h", "", "https://h?x", "https://h/", "https://h/a//b", "https://h/."]), x: pick(["x", "https://h?x", "", ".", "a/b"]) },
    }),
  ];

  // next returns a case: { layers, route, options } (route undefined for
  // endpoint(options), with method and url in the options); one in 50 a
  // rare one.
  return () => {
    if (chance(0.02)) return pick(RARE)();
    const names = new Set();
    const p = path(names);
    const method = pick(METHODS);
    const layers = [];
    for (let i = chance(0.4) ? 1 + int(3) : 0; i > 0; i--) {
      if (chance(0.15)) layers.push({ route: `${pick(METHODS)} ${path(new Set())}` });
      else layers.push({ options: options(chance(0.5) ? names : new Set(), true) });
    }
    const o = options(names, false);
    if (chance(0.1)) {
      o.method = method;
      o.url = p;
      return { layers, route: undefined, options: o };
    }
    return { layers, route: chance(0.1) ? p : `${method} ${p}`, options: chance(0.05) ? undefined : o };
  };
}
