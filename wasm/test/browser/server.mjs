// A static file server on 127.0.0.1 for the browser test. Routes:
//
//   /<mode>/index.html   the test page; its import map points
//                        "@endpointkit/endpoint" at /<mode>/pkg/endpoint.mjs
//   /<mode>/pkg/<file>   the package under test; mode "streaming" serves
//                        endpoint.wasm as application/wasm, mode "fallback"
//                        as application/octet-stream, which makes
//                        WebAssembly.instantiateStreaming fail and
//                        endpoint.mjs fall back to WebAssembly.instantiate
//   /test/<file>         wasm/test (the page script, vectors.mjs, skips.json)
//   /vectors/<file>      the module's testdata/vectors
//
// Run it alone to look at the page: node test/browser/server.mjs
import { createServer } from "node:http";
import { readFile } from "node:fs/promises";
import { extname, join, normalize, sep } from "node:path";
import { fileURLToPath } from "node:url";

import { packageDir, vectorsDir } from "../load.mjs";

const testDir = fileURLToPath(new URL("..", import.meta.url));
const MODES = new Set(["streaming", "fallback"]);
const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".wasm": "application/wasm",
};

function page(mode) {
  const imports = { "@endpointkit/endpoint": `/${mode}/pkg/endpoint.mjs` };
  return `<!doctype html>
<meta charset="utf-8">
<title>endpointkit wasm: ${mode}</title>
<script>
  addEventListener("error", (e) => { window.__result ??= { error: String(e.message) }; });
  addEventListener("unhandledrejection", (e) => { window.__result ??= { error: String(e.reason?.stack ?? e.reason) }; });
</script>
<script type="importmap">${JSON.stringify({ imports })}</script>
<script type="module" src="/test/browser/page.mjs"></script>
<pre id="out">running</pre>
`;
}

// resolve maps a request path to a file under root, or null.
function resolve(root, rest) {
  const file = normalize(join(root, decodeURIComponent(rest)));
  const base = normalize(root.endsWith(sep) ? root : root + sep);
  return file.startsWith(base) ? file : null;
}

export function startServer() {
  const server = createServer(async (req, res) => {
    try {
      const path = new URL(req.url, "http://127.0.0.1").pathname;
      const [, first, second, ...rest] = path.split("/");
      let file = null;
      let type;
      if (MODES.has(first) && second === "index.html" && rest.length === 0) {
        res.writeHead(200, { "content-type": TYPES[".html"], "cache-control": "no-store" });
        res.end(page(first));
        return;
      } else if (MODES.has(first) && second === "pkg") {
        file = resolve(packageDir, rest.join("/"));
        if (first === "fallback" && extname(path) === ".wasm") type = "application/octet-stream";
      } else if (first === "test") {
        file = resolve(testDir, [second, ...rest].join("/"));
      } else if (first === "vectors") {
        file = resolve(vectorsDir, [second, ...rest].join("/"));
      }
      if (!file) {
        res.writeHead(404).end("not found");
        return;
      }
      const body = await readFile(file);
      res.writeHead(200, {
        "content-type": type ?? TYPES[extname(file)] ?? "application/octet-stream",
        "cache-control": "no-store",
      });
      res.end(body);
    } catch (err) {
      res.writeHead(err.code === "ENOENT" ? 404 : 500).end(String(err.message));
    }
  });
  return new Promise((resolveStart, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      resolveStart({ server, origin: `http://127.0.0.1:${port}` });
    });
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { origin } = await startServer();
  console.log(`${origin}/streaming/index.html\n${origin}/fallback/index.html`);
}
