// A static file server on 127.0.0.1 for the browser test. Routes:
//
//   /index.html        the test page; its import map points
//                      "@endpointkit/endpoint" (and /octokit) at the
//                      package's ES modules, as README.md shows
//   /pkg/<file>        the package under test (its folder: dist/ and
//                      package.json)
//   /test/<file>       js/test (the page script, vectors.mjs, skips.json)
//   /vectors/<file>    the repository's testdata/vectors
//   /echo/<anything>   answers with the request's method, headers and
//                      body as JSON, for a request the page sends
//
// Run it alone to look at the page: node test/browser/server.mjs
import { createServer } from "node:http";
import { readFile } from "node:fs/promises";
import { extname, join, normalize, sep } from "node:path";
import { fileURLToPath } from "node:url";

import { packageDir, vectorsDir } from "../load.mjs";

const testDir = fileURLToPath(new URL("..", import.meta.url));
const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".json": "application/json; charset=utf-8",
};

const imports = {
  "@endpointkit/endpoint": "/pkg/dist/index.js",
  "@endpointkit/endpoint/octokit": "/pkg/dist/octokit.js",
};

const page = `<!doctype html>
<meta charset="utf-8">
<title>@endpointkit/endpoint in a browser</title>
<script>
  addEventListener("error", (e) => { window.__result ??= { error: String(e.message) }; });
  addEventListener("unhandledrejection", (e) => { window.__result ??= { error: String(e.reason?.stack ?? e.reason) }; });
</script>
<script type="importmap">${JSON.stringify({ imports })}</script>
<script type="module" src="/test/browser/page.mjs"></script>
<pre id="out">running</pre>
`;

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
      const [, first, ...rest] = path.split("/");
      if (first === "index.html") {
        res.writeHead(200, { "content-type": TYPES[".html"], "cache-control": "no-store" }).end(page);
        return;
      }
      if (first === "echo") {
        const chunks = [];
        for await (const c of req) chunks.push(c);
        res.writeHead(200, { "content-type": TYPES[".json"] }).end(JSON.stringify({ method: req.method, url: req.url, headers: req.headers, body: Buffer.concat(chunks).toString() }));
        return;
      }
      const roots = { pkg: packageDir, test: testDir, vectors: vectorsDir };
      const file = first in roots ? resolve(roots[first], rest.join("/")) : null;
      if (!file) {
        res.writeHead(404).end("not found");
        return;
      }
      const body = await readFile(file);
      res.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream", "cache-control": "no-store" }).end(body);
    } catch (err) {
      res.writeHead(err.code === "ENOENT" ? 404 : 500).end(String(err.message));
    }
  });
  return new Promise((resolveStart, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolveStart({ server, origin: `http://127.0.0.1:${server.address().port}` }));
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { origin } = await startServer();
  console.log(`${origin}/index.html`);
}
