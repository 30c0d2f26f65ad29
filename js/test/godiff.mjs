// The differential harness of the package against the Go engine: each
// case runs through the package (endpoint(), merge() then parse(),
// parse(), DEFAULTS, defaults({headers}), and the /octokit face) and
// through the Go helper (internal/differ: BuildJSON, Build, Merge, Parse,
// DefaultOptions, the Builder), and every way they differ is reported.
// Errors compare by code and codes; results as JSON, up to what the
// README says differs by design: header values keep their JavaScript
// type, headers and request members are in the order given where Go
// writes a map's (sorted), and the default user-agent names this
// package.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const moduleDir = new URL("../..", import.meta.url).pathname; // the Go module's root
const GO_UA = "endpointkit-endpoint.go/0.1.0";

let differ;

// goBinary builds the Go helper once (per process) and returns its path.
export function goBinary() {
  if (differ !== undefined) return differ;
  const dir = mkdtempSync(join(tmpdir(), "ek-differ-"));
  process.on("exit", () => rmSync(dir, { recursive: true, force: true }));
  const bin = join(dir, "differ");
  const b = spawnSync("go", ["build", "-o", bin, "./js/internal/differ"], { cwd: moduleDir, encoding: "utf8" });
  if (b.status !== 0) throw new Error(`go build: ${b.stderr}`);
  return (differ = bin);
}

// goRun runs cases through the Go helper and returns its outputs.
export function goRun(cases) {
  const input = cases.map((c, id) => JSON.stringify({ id, layers: c.layers, route: c.route ?? "", options: c.options ?? null })).join("\n") + "\n";
  const r = spawnSync(goBinary(), [], { input, encoding: "utf8", maxBuffer: 1 << 30 });
  if (r.status !== 0) throw new Error(`differ: ${r.stderr}`);
  return r.stdout.trim().split("\n").map((l) => JSON.parse(l));
}

export function goCodes() {
  return JSON.parse(spawnSync(goBinary(), ["-codes"], { encoding: "utf8" }).stdout);
}

// attempt returns {ok: value} or {err: {code, codes, message, type}}.
export function attempt(f) {
  try {
    return { ok: f() };
  } catch (e) {
    return { err: { code: e.code, codes: e.codes ?? [], message: e.message, type: e.constructor.name } };
  }
}

// jsRun runs one case through the faces { endpoint, octokit }.
export function jsRun(faces, original) {
  const c = structuredClone(original);
  const out = {};
  let chain = faces.endpoint;
  let ochain = faces.octokit;
  for (const l of c.layers) {
    const r = attempt(() => chain.defaults(l.route ?? l.options));
    if (r.err) {
      out.layers = r;
      return out;
    }
    chain = r.ok;
    ochain = ochain.defaults(l.route ?? l.options);
  }
  out.defaults = attempt(() => chain.DEFAULTS);
  const args = c.route === undefined ? [c.options] : [c.route, c.options];
  out.build = attempt(() => chain(...args));
  out.again = attempt(() => chain(...args));
  out.octokit = attempt(() => ochain(...args));
  out.merge = attempt(() => chain.merge(...args));
  if (out.merge.ok) out.parse = attempt(() => chain.parse(out.merge.ok));
  out.parseRaw = attempt(() => chain.parse(c.options));
  const h = c.options?.headers;
  if (h && typeof h === "object" && !Object.values(h).includes(null)) {
    const { headers, ...rest } = c.options;
    const d = attempt(() => chain.defaults({ headers }));
    out.headerLayer = d.err ? { layerErr: d.err } : attempt(() => (c.route === undefined ? d.ok(rest) : d.ok(c.route, rest)));
  }
  return out;
}

// canonical is JSON with the keys of headers and request sorted (Go
// writes them from maps), header values as strings, and the default
// user-agent as Go names it.
function canonical(r, sortRequest) {
  if (r === undefined) return "undefined";
  if (r.err) return JSON.stringify({ err: { code: r.err.code ?? null, codes: r.err.codes ?? [] } });
  const v = r.ok;
  if (v === null || typeof v !== "object") return JSON.stringify({ ok: v });
  const o = { ...v };
  if (o.headers && typeof o.headers === "object") {
    const h = {};
    for (const k of Object.keys(o.headers).sort()) {
      const x = o.headers[k];
      h[k] = x === null ? null : k === "user-agent" && x === "endpointkit-endpoint.js/0.1.0" ? GO_UA : String(x);
    }
    o.headers = h;
  }
  if (sortRequest && o.request && typeof o.request === "object") {
    o.request = Object.fromEntries(Object.keys(o.request).sort().map((k) => [k, o.request[k]]));
  }
  return JSON.stringify({ ok: o });
}

// compare returns the differences of case c as [what, js, go] triples.
// Differences between Go's own entry points go to internal: they are
// the engine's to explain, and the package is held to BuildJSON's.
export function compare(c, js, go) {
  const diffs = [];
  const internal = [];
  const eq = (what, a, b, sortRequest = true, fromJS = true) => {
    const x = canonical(a, sortRequest);
    const y = canonical(b, sortRequest);
    if (x !== y) (fromJS ? diffs : internal).push([what, x, y]);
  };
  if (js.layers || go.layers) {
    eq("layers", js.layers, go.layers);
    return { diffs, internal };
  }
  eq("DEFAULTS", js.defaults, go.defaults);
  if (go.buildJSON.marshalErr) internal.push(["go RequestOptions.MarshalJSON refuses what Build made", go.buildJSON.marshalErr, ""]);
  // Go's own entry points agree with each other.
  if (!go.decodeErr) eq("go BuildJSON/Build", go.buildJSON, go.build, true, false);
  if (go.parse) eq("go Build/Parse(Merge)", go.buildJSON, go.parse, true, false);
  if (go.parseJSON) eq("go Parse(Merge)/Parse(JSON(Merge))", go.parse, go.parseJSON, true, false);
  // The Builder has no way to set an empty request.
  const names = Object.keys(c.options?.headers ?? {}).map((k) => k.toLowerCase());
  const emptyRequest = c.options?.request !== null && typeof c.options?.request === "object" && Object.keys(c.options.request).length === 0;
  if (new Set(names).size === names.length && !emptyRequest) {
    // Builder.Header checks each header as it is set: of two names that
    // differ only in case, a bad first value fails where JSON keeps the last.
    const codes = (r) => (r?.err ? { err: { code: r.err.code, codes: r.err.codes } } : r);
    if (go.builder) eq("go BuildJSON/Builder", codes(go.buildJSON), codes(go.builder), true, false);
    if (go.builderNative) eq("go BuildJSON/Builder(native)", codes(go.buildJSON), codes(go.builderNative), true, false);
  }
  eq("endpoint()", js.build, go.buildJSON);
  eq("endpoint() again", js.again, go.buildJSON);
  const headerTypes = headerTypeProblem(c, js.build);
  if (headerTypes) diffs.push(["endpoint() header types", headerTypes, ""]);
  // The /octokit face: the method upper-case, and data beside the call's
  // own parameters taken as v6 takes it (they are ignored).
  if (go.buildJSON.err?.code !== "ErrDataWithParams") {
    const o = js.octokit.ok ? { ok: { ...js.octokit.ok, method: js.octokit.ok.method.toLowerCase() } } : js.octokit;
    if (js.octokit.ok && js.octokit.ok.method !== js.octokit.ok.method.toUpperCase()) diffs.push(["octokit method case", js.octokit.ok.method, ""]);
    eq("octokit endpoint()", o, go.buildJSON);
  } else if (js.octokit.err) {
    diffs.push(["octokit endpoint() beside data", JSON.stringify(js.octokit.err), ""]);
  }
  // Options that do not decode: Go's Merge would read the route first, as
  // BuildJSON does.
  eq("merge()", js.merge, go.decodeErr ? go.buildJSON : go.merge, false);
  if (js.parse || go.parseJSON) eq("parse(merge())", js.parse, go.parseJSON);
  eq("parse(options)", js.parseRaw, go.parseRaw);
  if (js.headerLayer?.layerErr) {
    if (!go.buildJSON.err) diffs.push(["defaults({headers}) failed", JSON.stringify(js.headerLayer.layerErr), canonical(go.buildJSON)]);
  } else if (js.headerLayer) {
    eq("defaults({headers})()", js.headerLayer, go.buildJSON);
  }
  return { diffs, internal };
}

// headerTypeProblem checks the types of a result's header values against
// the README: a value given as another type than a string comes back as
// that value, unless the engine rewrote the header; a bodiless request
// but GET and HEAD has content-length the number 0.
function headerTypeProblem(c, r) {
  if (!r?.ok?.headers) return null;
  const given = new Map();
  const add = (h) => {
    if (!h || typeof h !== "object") return;
    for (const [k, v] of Object.entries(h)) if (v !== undefined) given.set(k.toLowerCase(), v);
  };
  for (const l of c.layers) add(l.options?.headers);
  add(c.options?.headers);
  const res = r.ok;
  const hasData = [c.options, ...c.layers.map((l) => l.options)].some((o) => o?.data !== undefined && o?.data !== null);
  for (const [k, v] of Object.entries(res.headers)) {
    const bodiless = !Object.hasOwn(res, "body") || (res.body === "" && (res.method === "put" || res.method === "patch") && !hasData);
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
