// The differential harness of the ES module against the Go engine: each
// case runs through the module (endpoint(), merge() then parse(),
// DEFAULTS, defaults({headers})) and through the Go helper
// (internal/differ: BuildJSON, AppendBuildJSON, Build, Merge, Parse,
// DefaultOptions, the Builder), and every way they differ is reported.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const wasmDir = new URL("..", import.meta.url).pathname;

// goRun runs cases through the Go helper and returns its outputs.
export function goRun(cases) {
  const dir = mkdtempSync(join(tmpdir(), "ek-differ-"));
  try {
    const bin = join(dir, "differ");
    const b = spawnSync("go", ["build", "-o", bin, "./internal/differ"], { cwd: wasmDir, encoding: "utf8" });
    if (b.status !== 0) throw new Error(`go build: ${b.stderr}`);
    const input = cases.map((c, id) => JSON.stringify({ id, layers: c.layers, route: c.route ?? "", options: c.options ?? null })).join("\n") + "\n";
    const r = spawnSync(bin, [], { input, encoding: "utf8", maxBuffer: 1 << 30 });
    if (r.status !== 0) throw new Error(`differ: ${r.stderr}`);
    return r.stdout.trim().split("\n").map((l) => JSON.parse(l));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// attempt returns {ok: value} or {err: {code, codes, message}}.
function attempt(f) {
  try {
    return { ok: f() };
  } catch (e) {
    return { err: { code: e.code, codes: e.codes ?? [], message: e.message, type: e.constructor.name } };
  }
}

// jsRun runs one case through the module.
export function jsRun(endpoint, original) {
  const c = structuredClone(original); // changed in place below
  const out = {};
  let chain = endpoint;
  for (const l of c.layers) {
    const r = attempt(() => chain.defaults(l.route ?? l.options));
    if (r.err) {
      out.layers = r;
      return out;
    }
    chain = r.ok;
  }
  out.defaults = attempt(() => chain.DEFAULTS);
  const args = c.route === undefined ? [c.options] : [c.route, c.options];
  // Three times: headers seen first, made a layer, the layer found again;
  // and the result cache.
  out.builds = [0, 1, 2].map(() => attempt(() => chain(...args)));
  out.merge = attempt(() => chain.merge(...args));
  if (out.merge.ok) out.parse = attempt(() => endpoint.parse(out.merge.ok));
  out.parseRaw = attempt(() => endpoint.parse(c.options));
  const h = c.options?.headers;
  if (h && typeof h === "object" && !Object.values(h).includes(null)) {
    const { headers, ...rest } = c.options;
    const d = attempt(() => chain.defaults({ headers }));
    // A bad header fails in defaults(), before anything else of the call
    // is read: then only that the call fails too is compared.
    out.headerLayer = d.err ? { layerErr: d.err } : attempt(() => (c.route === undefined ? d.ok(rest) : d.ok(c.route, rest)));
  }
  if (c.mutated !== undefined) {
    // The same headers object, changed in place, passed again.
    for (const k of Object.keys(h)) delete h[k];
    Object.assign(h, c.mutated.options.headers);
    out.mutated = [0, 1].map(() => attempt(() => chain(...args)));
  }
  return out;
}

// mutate returns a case like c whose headers object is changed (one
// value replaced, one added or one removed), or undefined when c has no
// plain headers object.
export function mutate(c, r) {
  const h = c.options?.headers;
  if (!h || typeof h !== "object" || Object.keys(h).length === 0) return undefined;
  const m = { ...h };
  const keys = Object.keys(m);
  const k = keys[Math.floor(r() * keys.length)];
  const v = ["w", 7, "", null, false, "text/x"][Math.floor(r() * 6)];
  switch (Math.floor(r() * 3)) {
    case 0:
      m[k] = v;
      break;
    case 1:
      m[["X-New", "content-length", "Accept", k.toUpperCase()][Math.floor(r() * 4)]] = v;
      break;
    default:
      delete m[k];
  }
  return { ...c, options: { ...c.options, headers: m } };
}

// givenHeaders returns the header values the layers and the call give,
// by lower-cased name (null: removed), as the engine merges them.
function givenHeaders(c) {
  const out = new Map();
  const add = (h) => {
    if (!h || typeof h !== "object") return;
    for (const [k, v] of Object.entries(h)) if (v !== undefined) out.set(k.toLowerCase(), v);
  };
  for (const l of c.layers) add(l.options?.headers);
  add(c.options?.headers);
  return out;
}

// hasData reports whether the call or a layer gives data.
function hasData(c) {
  const given = (o) => o?.data !== undefined && o?.data !== null;
  return given(c.options) || c.layers.some((l) => given(l.options));
}

// headerTypes checks the types of a result's header values against the
// module's README: a value given as another type than a string comes
// back as that value, unless the engine rewrote the header; a bodiless
// request but GET and HEAD has content-length the number 0.
function headerTypes(c, r) {
  if (!r?.ok?.headers) return null;
  const given = givenHeaders(c);
  const res = r.ok;
  for (const [k, v] of Object.entries(res.headers)) {
    const bodiless = !Object.hasOwn(res, "body") || (res.body === "" && (res.method === "put" || res.method === "patch") && !hasData(c));
    if (k === "content-length" && res.method !== "get" && res.method !== "head" && bodiless) {
      if (v !== 0) return `content-length ${JSON.stringify(v)}, want the number 0`;
      continue;
    }
    const g = given.get(k);
    if (g !== undefined && g !== null && typeof g !== "string" && String(g) === String(v)) {
      if (v !== g) return `${k}: ${typeof v} ${JSON.stringify(v)}, want ${typeof g} ${JSON.stringify(g)}`;
    } else if (typeof v !== "string") {
      return `${k}: ${typeof v} ${JSON.stringify(v)}, want a string`;
    }
  }
  return null;
}

// norm turns a result into comparable text: header values as strings
// (the module keeps their JavaScript type, as v6 does: its README), the
// rest as JSON.
function normHeaders(h) {
  if (h === null || typeof h !== "object") return h;
  const o = {};
  for (const [k, v] of Object.entries(h)) o[k] = v === null ? null : String(v);
  return o;
}

// sortRequest sorts the keys of a result's request: Go's RequestOptions
// hold it in a map (the ES module's README, difference 4).
function sortRequest(r) {
  if (!r?.ok?.request || typeof r.ok.request !== "object") return r;
  const request = Object.fromEntries(Object.keys(r.ok.request).sort().map((k) => [k, r.ok.request[k]]));
  return { ok: { ...r.ok, request } };
}

function normResult(r) {
  if (r === undefined) return "undefined";
  if (r.err) return JSON.stringify({ err: { code: r.err.code ?? null, codes: r.err.codes ?? [], message: r.err.message } });
  const v = r.ok;
  if (v === null || typeof v !== "object") return JSON.stringify({ ok: v });
  const o = { ...v };
  if (o.headers !== undefined) o.headers = normHeaders(o.headers);
  return JSON.stringify({ ok: o });
}

// compare returns the differences of case c as [what, js, go] triples;
// mgo is Go's output for c.mutated.
export function compare(c, js, go, mgo) {
  const diffs = [];
  const eq = (what, a, b, sorted = false, codesOnly = false) => {
    const only = (r) => (codesOnly && r?.err ? { err: { ...r.err, message: "" } } : r);
    const x = normResult(only(sorted ? sortRequest(a) : a));
    const y = normResult(only(sorted ? sortRequest(b) : b));
    if (x !== y) diffs.push([what, x, y]);
  };
  const types = (what, cc, r) => {
    const t = headerTypes(cc, r);
    if (t !== null) diffs.push([`${what} header types`, t, ""]);
  };
  if (js.layers || go.layers) {
    eq("layers", js.layers, go.layers);
    return diffs;
  }
  eq("DEFAULTS", js.defaults, go.defaults);
  // Go's own entry points agree with each other.
  eq("go BuildJSON/AppendBuildJSON", go.buildJSON, go.appendBuildJSON, true);
  eq("go BuildJSON/Build", go.buildJSON, go.build);
  if (go.parse) eq("go Build/Parse(Merge)", go.buildJSON, go.parse);
  if (go.parseJSON) eq("go Parse(Merge)/Parse(JSON(Merge))", go.parse, go.parseJSON);
  // Builder.Header checks each header as it is set, so of two names that
  // differ only in case a bad first value fails, where options JSON keeps
  // the last: no Builder for those.
  const names = Object.keys(c.options?.headers ?? {}).map((k) => k.toLowerCase());
  if (new Set(names).size === names.length) {
    if (go.builder) eq("go BuildJSON/Builder", go.buildJSON, go.builder, false, true);
    if (go.builderNative) eq("go BuildJSON/Builder(native)", go.buildJSON, go.builderNative, false, true);
  }
  js.builds.forEach((b, i) => {
    eq(`endpoint() #${i + 1}`, b, go.appendBuildJSON);
    types(`endpoint() #${i + 1}`, c, b);
  });
  js.mutated?.forEach((b, i) => {
    eq(`endpoint(), headers changed in place, #${i + 1}`, b, mgo.appendBuildJSON);
    types(`endpoint(), headers changed in place, #${i + 1}`, c.mutated, b);
  });
  eq("merge()", js.merge, go.merge);
  if (js.merge?.ok) {
    // merge() keeps header values' types too.
    const given = givenHeaders(c);
    for (const [k, v] of Object.entries(js.merge.ok.headers ?? {})) {
      const g = given.get(k);
      const want = g !== undefined && g !== null && typeof g !== "string" ? g : v === null ? null : String(v);
      if (v !== want) diffs.push(["merge() header types", `${k}: ${typeof v} ${JSON.stringify(v)}`, `${typeof want} ${JSON.stringify(want)}`]);
    }
  }
  if (js.parse || go.parse) eq("parse(merge())", js.parse, go.parseJSON);
  eq("parse(options)", js.parseRaw, go.parseRaw, true);
  if (js.headerLayer?.layerErr) {
    if (!go.appendBuildJSON.err) diffs.push(["defaults({headers}) failed", normResult({ err: js.headerLayer.layerErr }), normResult(go.appendBuildJSON)]);
  } else if (js.headerLayer) {
    eq("defaults({headers})()", js.headerLayer, go.appendBuildJSON, false, true);
    types("defaults({headers})()", c, js.headerLayer);
  }
  return diffs;
}
