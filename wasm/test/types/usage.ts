// Compiled by test/types.test.mjs with tsc --strict against endpoint.d.ts,
// imported by the package's name: every documented call must type-check,
// and the lines marked @ts-expect-error, which the runtime refuses, must not.
import { endpoint, type Endpoint, type EndpointError, type EndpointOptions, type MergedOptions, type RequestOptions } from "@endpointkit/endpoint";
import byDefault from "@endpointkit/endpoint";

const get: RequestOptions = endpoint("GET /repos/{owner}/{repo}/issues", { owner: "octokit", repo: "rest.js", state: "open" });
const upper: string = get.method.toUpperCase() + get.url;
endpoint({ method: "GET", url: "/x" });
endpoint("GET /x");
byDefault("GET /x", undefined);
endpoint("PATCH /x/{id}", { id: 1, headers: { authorization: "token t", "content-length": 14 }, request: { fetch: () => {} } });
endpoint("POST /x", { data: new Uint8Array(1), mediaType: { format: "raw", previews: ["squirrel-girl"] } });

const d: Endpoint = endpoint.defaults({ baseUrl: "https://ghe.example/api/v3", headers: { authorization: "token t" } });
const r: Endpoint = d.defaults("POST /x/{id}");
r({ id: 1 });

// DEFAULTS and merge give the defaults' method, baseUrl, headers and mediaType.
const defaults: MergedOptions = endpoint.DEFAULTS;
const agent = defaults.headers["user-agent"];
const previews: string[] = endpoint.DEFAULTS.mediaType.previews;
const base: string = d.DEFAULTS.baseUrl + d.merge("GET /x").method + endpoint.merge().headers.accept;
const merged: EndpointOptions = endpoint.merge("GET /x", { a: 1 });
endpoint.merge({ method: "GET", url: "/x" });
endpoint.parse(endpoint.merge("GET /x/{id}", { id: 1 }));
endpoint.parse({ method: "GET", url: "/x" });

try {
  endpoint("GET /repos/{owner}");
} catch (err) {
  const e = err as EndpointError;
  const codes: string[] = e.codes;
  const code: string | undefined = e.code;
}

// @ts-expect-error options are an object (TypeError)
endpoint("GET /x", "a=1");
// @ts-expect-error options are an object (TypeError)
endpoint.defaults(5);
// @ts-expect-error headers are an object (ErrInvalidOptions)
endpoint("GET /x", { headers: "abc" });
// @ts-expect-error format is a string (ErrInvalidOptions)
endpoint("GET /x", { mediaType: { format: 1 } });
// @ts-expect-error parse uses no defaults: without a method it throws ErrInvalidMethod
endpoint.parse({ url: "/x" });
// @ts-expect-error parse needs options
endpoint.parse();

export { upper, agent, previews, base, merged };
