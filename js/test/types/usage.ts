// Compiled by test/types.test.mjs with tsc --strict against the package's
// types, imported by its name (package.json's "exports"): every
// documented call must type-check, and the lines marked to expect an
// error (calls the runtime refuses or the types rule out) must not.
import { endpoint, EndpointError, VERSION, type Endpoint, type EndpointOptions, type MergedOptions, type RequestOptions } from "@endpointkit/endpoint";
import byDefault from "@endpointkit/endpoint";
import { endpoint as octokit } from "@endpointkit/endpoint/octokit";

// Results typed by route: the method, and whether there can be a body.
const get = endpoint("GET /repos/{owner}/{repo}/issues", { owner: "octokit", repo: "rest.js", state: "open" });
const getMethod: "get" = get.method;
const noBody: undefined = get.body;
const post = endpoint("POST /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", title: "t", labels: ["bug"] });
const postMethod: "post" = post.method;
const postBody: unknown = post.body;
const up: "PATCH" = octokit("PATCH /x/{id}", { id: 1 }).method;
const anyMethod: string = endpoint({ method: "GET", url: "/x" }).method;
const asRequest: RequestOptions = post;

// Parameters named by the route are typed as parameters.
endpoint("GET /repos/:owner/:repo", { owner: "o", repo: "r" });
endpoint("GET /x/{id}{?page,per_page}", { id: 7n, page: 2, per_page: null });
// @ts-expect-error a symbol is no parameter value (the runtime leaves it out)
endpoint("GET /x/{id}", { id: Symbol("s") });

endpoint("GET /x");
byDefault("GET /x", undefined);
endpoint("PATCH /x/{id}", { id: 1, headers: { authorization: "token t", "content-length": 14 }, request: { fetch: () => {} } });
endpoint("POST /x", { data: new Uint8Array(1), mediaType: { format: "raw", previews: ["squirrel-girl"] } });

const d: Endpoint = endpoint.defaults({ baseUrl: "https://ghe.example/api/v3", headers: { authorization: "token t" } });
const r: Endpoint = d.defaults("POST /x/{id}");
r({ id: 1 });

const defaults: MergedOptions = endpoint.DEFAULTS;
const agent = defaults.headers["user-agent"];
const previews: string[] = endpoint.DEFAULTS.mediaType.previews;
const base: string = d.DEFAULTS.baseUrl + d.merge("GET /x").method + endpoint.merge().headers.accept + VERSION;
const merged: EndpointOptions = endpoint.merge("GET /x", { a: 1 });
endpoint.merge({ method: "GET", url: "/x" });
endpoint.parse(endpoint.merge("GET /x/{id}", { id: 1 }));
endpoint.parse({ method: "GET", url: "/x" });

try {
  endpoint("GET /repos/{owner}");
} catch (err) {
  if (err instanceof EndpointError) {
    const code: "ErrMissingParam" | string = err.code;
    const codes: string[] = err.codes;
    const message: string = err.message + code + codes.join();
  }
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
// @ts-expect-error a GET has no body
const getBody: string = get.body;

export { getMethod, noBody, postMethod, postBody, up, anyMethod, asRequest, agent, previews, base, merged, getBody };
