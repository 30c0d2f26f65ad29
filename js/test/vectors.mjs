// The reference vectors, run through the JavaScript API. Plain ES, no
// Node modules: the Node tests and the browser page both use it.
//
// A case passes when its result equals endpointkit's own expectation in
// departures.json, or else v6's in expected-v6.json, after the project's
// comparison rules: method compared case-insensitively, the library's own
// user-agent ignored, header numbers compared as text, an empty mediaType
// dropped (see vectors_test.go at the module root, which does the same
// for Go).

// A departure's error is a Go sentinel's name ("ErrMissingParam",
// "template.ErrSyntax"), which the wasm bridge lists in err.codes, or
// else text the message must contain.
function isCodeName(name) {
  return /^([a-z]+\.)?Err[A-Z][A-Za-z]*$/.test(name);
}

// runCase applies the case's defaults layers with .defaults() and calls
// its op the way a JavaScript caller would: endpoint(route, options), or
// endpoint(options) when the case has no route string.
export function runCase(endpoint, c) {
  try {
    let e = endpoint;
    for (const layer of c.defaults) e = e.defaults(layer);
    const options = c.options ?? undefined;
    let value;
    switch (c.op) {
      case "endpoint":
        value = c.route === null ? e(options) : e(c.route, options);
        break;
      case "merge":
        value = c.route === null ? e.merge(options) : e.merge(c.route, options);
        break;
      case "parse":
        value = e.parse(options);
        break;
      case "DEFAULTS":
        value = e.DEFAULTS;
        break;
      default:
        throw new Error(`unknown op ${c.op}`);
    }
    return { ok: true, value };
  } catch (error) {
    return { ok: false, error };
  }
}

// checkCase returns null when the result is right, else what is wrong.
// userAgent is the library's default user-agent, ignored like v6's.
export function checkCase(c, result, { expected, departures, userAgent }) {
  const d = departures.get(c.id);
  const want = d ?? expected.get(c.id);
  const source = d ? `departure ${d.departure}` : "v6";
  if (!want) return `no expectation for ${c.id}`;
  if (!want.ok) {
    if (result.ok) return `${source} wants an error (${want.error}), got ${clip(canonical(result.value))}`;
    if (!(result.error instanceof Error)) return `thrown value is not an Error: ${String(result.error)}`;
    if (d && isCodeName(d.error) && !(result.error.codes ?? []).includes(d.error)) {
      return `${source} wants code ${d.error}, got ${JSON.stringify(result.error.codes)}: ${clip(result.error.message)}`;
    }
    if (d && !isCodeName(d.error) && !result.error.message.includes(d.error)) {
      return `${source} wants an error containing ${JSON.stringify(d.error)}, got ${clip(result.error.message)}`;
    }
    return null;
  }
  if (!result.ok) return `${source} wants a result, got error: ${clip(String(result.error?.message ?? result.error))}`;
  const got = canonical(normalize(result.value, userAgent));
  const exp = canonical(normalize(want.value, userAgent));
  return got === exp ? null : `${source} mismatch\n  got:  ${clip(got)}\n  want: ${clip(exp)}`;
}

// clip shortens what a failure shows of a huge value (the ReDoS cases).
function clip(s, max = 600) {
  return s.length <= max ? s : `${s.slice(0, max)}… (${s.length} chars)`;
}

// normalize applies the comparison rules to a copy of a result; they
// are those of vectors_test.go at the module root, which does the same
// for Go: method upper-cased, the library's user-agent dropped, number
// and boolean header values as their JSON text (v6's content-length 0 and
// the engine's "0" compare equal), an empty request and empty mediaType
// parts dropped.
export function normalize(value, userAgent) {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return value;
  const m = structuredClone(value);
  if (typeof m.method === "string") m.method = m.method.toUpperCase();
  const h = m.headers;
  if (h && typeof h === "object") {
    const ua = h["user-agent"];
    if (typeof ua === "string" && (ua.startsWith("octokit-endpoint.js/") || ua.startsWith("endpointkit-endpoint.") || ua === userAgent)) {
      delete h["user-agent"];
    }
    for (const [k, v] of Object.entries(h)) {
      if (typeof v === "number" || typeof v === "boolean") h[k] = JSON.stringify(v);
    }
  }
  if (m.request && typeof m.request === "object" && Object.keys(m.request).length === 0) {
    delete m.request;
  }
  const mt = m.mediaType;
  if (mt && typeof mt === "object") {
    if (mt.format === "" || mt.format === undefined) delete mt.format;
    if (Array.isArray(mt.previews) && mt.previews.length === 0) delete mt.previews;
    if (Object.keys(mt).length === 0) delete m.mediaType;
  }
  return m;
}

// canonical is JSON with object keys sorted, so that key order (which the
// rules do not compare outside URLs) does not matter.
export function canonical(value) {
  return JSON.stringify(value, (key, v) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, v[k]]))
      : v,
  );
}

// indexById maps an array of {id, ...} records by id.
export function indexById(records) {
  return new Map(records.map((r) => [r.id, r]));
}

// runAll runs every case that is not skipped and returns the failures.
export function runAll(endpoint, { cases, expected, departures, skips }) {
  const ctx = {
    expected: indexById(expected),
    departures: indexById(departures),
    userAgent: endpoint.DEFAULTS.headers["user-agent"],
  };
  const skipped = new Set(skips.map((s) => s.id));
  const failures = [];
  let checked = 0;
  for (const c of cases) {
    if (skipped.has(c.id)) continue;
    checked++;
    const problem = checkCase(c, runCase(endpoint, c), ctx);
    if (problem) failures.push({ id: c.id, problem });
  }
  return { checked, skipped: skipped.size, failures };
}
