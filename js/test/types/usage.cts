// The CommonJS side of the types (test/types.test.mjs): require() through
// the package's "exports", typed by its .d.cts files.
import pkg = require("@endpointkit/endpoint");
import octokitPkg = require("@endpointkit/endpoint/octokit");

const r: "get" = pkg.endpoint("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" }).method;
const o: "POST" = octokitPkg.endpoint("POST /x", { title: "t" }).method;
const e: typeof pkg.endpoint = pkg.default;
try {
  pkg.endpoint("GET /x/{id}");
} catch (err) {
  if (err instanceof pkg.EndpointError) console.log(err.code);
}

export = { r, o, e };
