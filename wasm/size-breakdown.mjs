// Size of a Go wasm binary by package, for finding what to cut.
//
//   node size-breakdown.mjs endpoint-names.wasm [top]
//
// The binary must keep its "name" section (build without -ldflags=-s).
// Code: each function body's size, summed by the Go package its name
// starts with. Data: the data segments, which hold read-only data,
// type descriptors and the pc tables of all packages together and so
// cannot be split by package here; they are printed as one line.
// DUMP_NAMES=1 prints every function name instead.
import { readFileSync } from "node:fs";

const [file, topArg] = process.argv.slice(2);
if (!file) {
  console.error("usage: node size-breakdown.mjs file.wasm [top]");
  process.exit(2);
}
const top = Number(topArg ?? 25);
const bytes = readFileSync(file);
let pos = 8; // magic and version

function uleb() {
  let result = 0;
  let shift = 0;
  for (;;) {
    const b = bytes[pos++];
    result += (b & 0x7f) * 2 ** shift;
    if (b < 0x80) return result;
    shift += 7;
  }
}
function name() {
  const n = uleb();
  const s = bytes.toString("utf8", pos, pos + n);
  pos += n;
  return s;
}

const sections = [];
let imports = 0;
let bodies = [];
const names = new Map();
while (pos < bytes.length) {
  const id = bytes[pos++];
  const size = uleb();
  const start = pos;
  const end = pos + size;
  let label = `section ${id}`;
  if (id === 0) {
    label = `custom "${name()}"`;
    if (label === 'custom "name"') {
      while (pos < end) {
        const sub = bytes[pos++];
        const subSize = uleb();
        const subEnd = pos + subSize;
        if (sub === 1) {
          const count = uleb();
          for (let i = 0; i < count; i++) {
            const index = uleb();
            names.set(index, name());
          }
        }
        pos = subEnd;
      }
    }
  } else if (id === 2) {
    label = "import";
    const count = uleb();
    for (let i = 0; i < count; i++) {
      name();
      name();
      const kind = bytes[pos++];
      if (kind === 0) {
        imports++;
        uleb();
      } else if (kind === 1) {
        pos++;
        const flags = uleb();
        uleb();
        if (flags & 1) uleb();
      } else if (kind === 2) {
        const flags = uleb();
        uleb();
        if (flags & 1) uleb();
      } else if (kind === 3) {
        pos += 2;
      }
    }
  } else if (id === 10) {
    label = "code";
    const count = uleb();
    for (let i = 0; i < count; i++) {
      const bodySize = uleb();
      bodies.push(bodySize);
      pos += bodySize;
    }
  } else if (id === 11) {
    label = "data";
  }
  sections.push({ label, size: end - start });
  pos = end;
}

// pkg returns the Go package of a function name. In the name section
// every character outside [A-Za-z0-9_.] is written "_": the "/" of
// import paths, the "(*" of methods, the "[" of generics, as in
// "github.com_endpointkit_endpoint_builder.__decoder_.str". A "." ends
// the package unless it is the dot of a domain ("github.com_…").
function pkg(sym) {
  if (!sym) return "?";
  sym = sym.replace(/^(type:\.eq\.|type:\.hash\.|go:|type:)/, "");
  for (let dot = sym.indexOf("."); dot >= 0; dot = sym.indexOf(".", dot + 1)) {
    if (!/^(com|org|net|io|in|cat|dev|dev)_/.test(sym.slice(dot + 1))) return sym.slice(0, dot).replaceAll("_", "/");
  }
  return sym.replaceAll("_", "/");
}

if (process.env.DUMP_NAMES) { for (const n of names.values()) console.log(n); process.exit(0); }
const byPkg = new Map();
let code = 0;
bodies.forEach((size, i) => {
  const p = pkg(names.get(imports + i));
  byPkg.set(p, (byPkg.get(p) ?? 0) + size);
  code += size;
});

const kb = (n) => `${(n / 1024).toFixed(1)} KiB`;
console.log(`${file}: ${kb(bytes.length)}`);
for (const s of sections.sort((a, b) => b.size - a.size).slice(0, 6)) {
  console.log(`  ${s.label.padEnd(28)} ${kb(s.size).padStart(12)}`);
}
console.log(`code by package (top ${top} of ${byPkg.size}, ${kb(code)} in all):`);
for (const [p, size] of [...byPkg].sort((a, b) => b[1] - a[1]).slice(0, top)) {
  console.log(`  ${p.padEnd(50)} ${kb(size).padStart(12)} ${((100 * size) / code).toFixed(1).padStart(5)}%`);
}
