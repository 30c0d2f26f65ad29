// The behaviours @octokit/endpoint's own test suites check (v6.0.12, and
// the later ones that v6 shares), written afresh with our own inputs. Each
// expectation is v6's, except where README.md ("Differences from
// @octokit/endpoint v6") lists a departure; those are asserted as our
// behaviour and name the departure.
import { test, describe } from "node:test";
import assert from "node:assert/strict";
import { Agent } from "node:http";

import { endpoint } from "./load.mjs";

const API = "https://api.github.com";
const V3 = "application/vnd.github.v3+json";
const UA = endpoint.DEFAULTS.headers["user-agent"];
const TOKEN = "token 1111111111111111111111111111111111111111";

describe("endpoint.defaults()", () => {
  test("returns a new endpoint function", () => {
    assert.equal(typeof endpoint.defaults, "function");
    const e = endpoint.defaults({});
    assert.equal(typeof e, "function");
    assert.notEqual(e, endpoint);
  });

  test("a layer's base URL, headers and parameters apply to every call", () => {
    const ghe = endpoint.defaults({
      baseUrl: "https://ghe.example.org/api/v3",
      headers: { "user-agent": "widget-app/2.0", authorization: TOKEN },
      team: "platform",
      per_page: 50,
    });
    assert.deepEqual(ghe("GET /teams/{team}/members"), {
      method: "get", // departure: method is lower-case
      url: "https://ghe.example.org/api/v3/teams/platform/members?per_page=50",
      headers: { accept: V3, "user-agent": "widget-app/2.0", authorization: TOKEN },
    });
  });

  test("layers stack: headers of both, parameters of the first", () => {
    const first = endpoint.defaults({ baseUrl: "https://ghe.example.org/api/v3", headers: { "user-agent": "widget-app/2.0" }, team: "platform" });
    const second = first.defaults({ headers: { authorization: TOKEN } });
    assert.deepEqual(second("GET /teams/{team}"), {
      method: "get",
      url: "https://ghe.example.org/api/v3/teams/platform",
      headers: { accept: V3, "user-agent": "widget-app/2.0", authorization: TOKEN },
    });
  });

  test("DEFAULTS shows the layer; the parent's stay as they were", () => {
    assert.equal(endpoint.DEFAULTS.baseUrl, API);
    const e = endpoint.defaults({ baseUrl: "https://ghe.example.org/api/v3" });
    assert.equal(e.DEFAULTS.baseUrl, "https://ghe.example.org/api/v3");
    assert.equal(endpoint.DEFAULTS.baseUrl, API);
  });

  test("merges without parsing: the URL template and parameters are kept; a later layer overrides", () => {
    const e = endpoint.defaults({ url: "/teams/{team}", team: "alpha" });
    assert.equal(e.DEFAULTS.url, "/teams/{team}");
    assert.equal(e.DEFAULTS.team, "alpha");
    const e2 = e.defaults({ team: "beta" });
    assert.equal(e2.DEFAULTS.url, "/teams/{team}");
    assert.equal(e2.DEFAULTS.team, "beta");
  });

  test("mediaType.format is kept, with empty previews", () => {
    const e = endpoint.defaults({ mediaType: { format: "diff" } });
    assert.deepEqual(e.DEFAULTS.mediaType, { format: "diff", previews: [] });
  });

  test("previews add up across layers, without a -preview suffix", () => {
    const a = endpoint.defaults({ mediaType: { previews: ["starfox-preview"] } });
    const b = a.defaults({ mediaType: { previews: ["luke-cage"] } });
    assert.deepEqual(a.DEFAULTS.mediaType.previews, ["starfox"]);
    assert.deepEqual(b.DEFAULTS.mediaType.previews, ["starfox", "luke-cage"]);
  });

  test("previews add up across layers: the whole mediaType", () => {
    const a = endpoint.defaults({ mediaType: { previews: ["starfox"] } });
    assert.deepEqual(a.defaults({ mediaType: { previews: ["luke-cage"] } }).DEFAULTS.mediaType, {
      format: "",
      previews: ["starfox", "luke-cage"],
    });
  });
});

describe("endpoint()", () => {
  test("is a function", () => {
    assert.equal(typeof endpoint, "function");
  });

  test("options with method and url: leftover parameters go to the query", () => {
    assert.deepEqual(endpoint({ method: "GET", url: "/users/{user}/repos", user: "hubot", sort: "pushed" }), {
      method: "get",
      url: `${API}/users/hubot/repos?sort=pushed`,
      headers: { accept: V3, "user-agent": UA },
    });
  });

  test("a route string with options, and alone", () => {
    assert.deepEqual(endpoint("GET /users/{user}/repos", { user: "hubot", sort: "pushed" }).url, `${API}/users/hubot/repos?sort=pushed`);
    assert.deepEqual(endpoint("GET /"), { method: "get", url: `${API}/`, headers: { accept: V3, "user-agent": UA } });
  });

  test("a user-agent header replaces the default one", () => {
    assert.deepEqual(endpoint("GET /", { headers: { "user-agent": "widget-app/2.0" } }).headers, {
      accept: V3,
      "user-agent": "widget-app/2.0",
    });
  });

  test("a full URL ignores baseUrl and still expands", () => {
    const r = endpoint("GET https://objects.example.net/{owner}/{name}/archive.zip", { owner: "hubot", name: "tools" });
    assert.equal(r.url, "https://objects.example.net/hubot/tools/archive.zip");
  });

  test(":name and {name} placeholders give the same URL", () => {
    const params = { owner: "hubot", repo: "tools", path: "docs/index.md" };
    assert.equal(endpoint("GET /repos/:owner/:repo/contents/:path", params).url, endpoint("GET /repos/{owner}/{repo}/contents/{path}", params).url);
  });

  test("leftover parameters of a POST become its JSON body; a given accept header stays", () => {
    const r = endpoint("POST /repos/{owner}/{repo}/pulls", {
      owner: "hubot",
      repo: "tools",
      headers: { accept: "text/html;charset=utf-8" },
      title: "Fix the widget",
      head: "fix",
      base: "main",
    });
    assert.deepEqual(r, {
      method: "post",
      url: `${API}/repos/hubot/tools/pulls`,
      headers: { accept: "text/html;charset=utf-8", "content-type": "application/json; charset=utf-8", "user-agent": UA },
      body: { title: "Fix the widget", head: "fix", base: "main" },
    });
  });

  test("PUT without body parameters: body \"\" and content-length 0", () => {
    const r = endpoint("PUT /user/following/{username}", { username: "hubot", headers: { authorization: TOKEN } });
    assert.deepEqual(r, {
      method: "put",
      url: `${API}/user/following/hubot`,
      headers: { accept: V3, authorization: TOKEN, "content-length": 0, "user-agent": UA },
      body: "",
    });
  });

  test("PATCH without body parameters: body \"\" and content-length 0", () => {
    const r = endpoint("PATCH /notifications/threads/{id}", { id: 7 });
    assert.equal(r.body, "");
    assert.equal(r.headers["content-length"], 0);
  });

  test("POST and DELETE without body parameters: content-length 0, no body", () => {
    for (const route of ["POST /user/emails/refresh", "DELETE /user/following/hubot"]) {
      const r = endpoint(route);
      assert.equal(r.headers["content-length"], 0, route);
      assert.equal("body" in r, false, route);
    }
  });

  test("a bodiless request's content-length is the number 0 whatever was given; one with a body keeps the given string", () => {
    // @octokit/endpoint 6.0.12's results, taken by hand.
    const zero = [
      ["DELETE /x", { headers: { "content-length": "12" } }],
      ["DELETE /x", { headers: { "Content-Length": "0" } }],
      ["POST /x", { headers: { "content-length": "12" }, request: { timeout: 1 } }],
      ["PUT /x", { headers: { "content-length": "0" } }],
      ["PATCH /x", { headers: { "content-length": "12" } }],
      ["OPTIONS /x", { headers: { "content-length": "12" } }],
    ];
    for (const [route, options] of zero) {
      assert.equal(endpoint(route, options).headers["content-length"], 0, `${route} ${JSON.stringify(options)}`);
      assert.equal(endpoint.defaults({ headers: options.headers })(route).headers["content-length"], 0, `${route} from defaults()`);
    }
    assert.equal(endpoint.parse({ method: "DELETE", url: "/x", headers: { "content-length": "12" } }).headers["content-length"], 0);
    const given = [
      ["GET /x", { headers: { "content-length": "0" } }],
      ["HEAD /x", { headers: { "content-length": "0" } }],
      ["POST /x", { headers: { "content-length": "0" }, a: 1 }],
      ["PUT /x", { headers: { "content-length": "0" }, data: "" }],
      ["DELETE /x", { headers: { "content-length": "0" }, data: "" }],
    ];
    for (const [route, options] of given) {
      assert.equal(endpoint(route, options).headers["content-length"], "0", `${route} ${JSON.stringify(options)}`);
    }
    assert.equal(endpoint.defaults({ data: "" })("PUT /x", { headers: { "content-length": "0" } }).headers["content-length"], "0");
  });

  test("a query template takes its variables; data is the body; a numeric header stays a number", () => {
    const r = endpoint("POST https://uploads.example.net/assets/9{?name,label}", {
      name: "tools.tar.gz",
      label: "release build",
      headers: { "content-type": "application/gzip", "content-length": 2048, authorization: TOKEN },
      data: "(archive bytes)",
    });
    assert.deepEqual(r, {
      method: "post",
      url: "https://uploads.example.net/assets/9?name=tools.tar.gz&label=release%20build",
      headers: { accept: V3, authorization: TOKEN, "content-length": 2048, "content-type": "application/gzip", "user-agent": UA },
      body: "(archive bytes)",
    });
  });

  test("a URL with a query string gets more parameters after &", () => {
    assert.equal(endpoint("GET /search/code?q=widget", { per_page: 3 }).url, `${API}/search/code?q=widget&per_page=3`);
  });

  test("data sets the body as it is", () => {
    const r = endpoint("POST /markdown/raw", { data: "**bold** #12", headers: { "content-type": "text/x-markdown" } });
    assert.deepEqual(r, {
      method: "post",
      url: `${API}/markdown/raw`,
      headers: { accept: V3, "content-type": "text/x-markdown", "user-agent": UA },
      body: "**bold** #12",
    });
  });

  test("q is percent-encoded, ':' and non-ASCII letters included", () => {
    assert.equal(endpoint("GET /search/users", { q: "location:Zürich" }).url, `${API}/search/users?q=location%3AZ%C3%BCrich`);
  });

  test("request passes through: plain values and class instances", () => {
    assert.deepEqual(endpoint("GET /", { request: { timeout: 2500 } }).request, { timeout: 2500 });
    const agent = new Agent();
    assert.equal(endpoint("GET /", { request: { agent } }).request.agent, agent);
  });

  test("a URL alone: GET on the base URL; a full URL keeps its trailing slash (v6)", () => {
    assert.equal(endpoint("/").url, `${API}/`);
    assert.equal(endpoint("/").method, "get");
    assert.equal(endpoint("https://ghe.example.org/api/v3/").url, "https://ghe.example.org/api/v3/");
  });

  test("mediaType.format rewrites the v3 accept type", () => {
    assert.equal(endpoint("GET /repos/{o}/{r}/pulls/{n}", { o: "a", r: "b", n: 3, mediaType: { format: "patch" } }).headers.accept, "application/vnd.github.v3.patch");
  });

  test("mediaType.previews replace the accept header", () => {
    assert.equal(endpoint("GET /x", { mediaType: { previews: ["nightshade"] } }).headers.accept, "application/vnd.github.nightshade-preview+json");
  });

  test("previews given with a -preview suffix are not doubled", () => {
    assert.equal(
      endpoint("GET /x", { mediaType: { previews: ["nightshade-preview", "zzzax"] } }).headers.accept,
      "application/vnd.github.nightshade-preview+json,application/vnd.github.zzzax-preview+json",
    );
  });

  test("format and previews together", () => {
    assert.equal(endpoint("GET /x", { mediaType: { format: "diff", previews: ["nightshade"] } }).headers.accept, "application/vnd.github.nightshade-preview.diff");
  });

  test("previews named in the accept header come first, all in the format", () => {
    const r = endpoint("GET /x", {
      headers: { accept: "application/vnd.github.echo-preview+json,application/vnd.github.hagar-preview+json" },
      mediaType: { format: "diff", previews: ["nightshade"] },
    });
    assert.equal(
      r.headers.accept,
      "application/vnd.github.echo-preview.diff,application/vnd.github.hagar-preview.diff,application/vnd.github.nightshade-preview.diff",
    );
  });

  test("an application/octet-stream accept header is left alone", () => {
    const r = endpoint("GET /releases/assets/{id}", { id: 5, headers: { accept: "application/octet-stream" }, mediaType: { previews: ["nightshade"] } });
    assert.equal(r.headers.accept, "application/octet-stream");
  });

  test("no mediaType at all on a POST", () => {
    assert.deepEqual(endpoint({ method: "POST", url: "/graphql" }).headers.accept, V3);
  });

  test("an undefined parameter or header is left out", () => {
    assert.equal(endpoint({ method: "GET", url: "/notifications", since: undefined }).url, `${API}/notifications`);
    const r = endpoint({ method: "GET", url: "/notifications", headers: { "if-none-match": undefined } });
    assert.equal("if-none-match" in r.headers, false);
  });

  test("a bigint path value expands to its digits (v6: empty; later versions: digits)", () => {
    assert.equal(endpoint("POST /hooks/{hook_id}/pings", { hook_id: 9007199254740993n }).url, `${API}/hooks/9007199254740993/pings`);
  });

  test("a trailing slash inside a simple value is encoded", () => {
    assert.equal(endpoint("GET /repos/{o}/{r}/git/refs/{ref}", { o: "a", r: "b", ref: "tags/" }).url, `${API}/repos/a/b/git/refs/tags%2F`);
  });

  test("a missing path parameter is an error (departure: v6 leaves the segment empty)", () => {
    assert.throws(() => endpoint("GET /repos/{o}/{r}/branches/{branch}", { o: "a", r: "b" }), { code: "ErrMissingParam" });
  });

  test("a :name placeholder takes hyphens (departure: v6 stops at the '-')", () => {
    assert.equal(endpoint("GET /orgs/:org/teams/:enterprise-team", { org: "o", "enterprise-team": "t" }).url, `${API}/orgs/o/teams/t`);
    // v6: /x/F-bar
    assert.throws(() => endpoint("GET /x/:foo-bar", { foo: "F" }), { code: "ErrMissingParam" });
  });

  test("data on a method without a body is an error (departure: v6 sends ?data=)", () => {
    for (const route of ["GET /search", "HEAD /search", "OPTIONS /search"]) {
      assert.throws(() => endpoint(route, { data: "x" }), { code: "ErrDataNotAllowed" }, route);
    }
  });

  test("an own __proto__ key is an ordinary key (departure: v6 loses it)", () => {
    const options = JSON.parse('{"__proto__": "p", "a": 1}');
    assert.equal(endpoint("GET /x", options).url, `${API}/x?__proto__=p&a=1`); // v6: /x?a=1
    const body = endpoint("POST /x", options).body;
    assert.deepEqual(Object.keys(body), ["__proto__", "a"]); // v6: {a: 1}
    assert.equal(Object.getPrototypeOf(body), Object.prototype);
    assert.equal(Object.getOwnPropertyDescriptor(body, "__proto__").value, "p");
    assert.equal({}.a, undefined);
  });
});

describe("endpoint.merge()", () => {
  test("is a function", () => {
    assert.equal(typeof endpoint.merge, "function");
  });

  test("merges a route and options over the defaults, without parsing", () => {
    const e = endpoint.defaults({ baseUrl: "https://ghe.example.org/api/v3", headers: { "user-agent": "widget-app/2.0" }, team: "platform" });
    const m = e.merge("GET /teams/{team}/repos", { headers: { authorization: TOKEN }, type: "public" });
    assert.equal(m.method, "GET");
    assert.equal(m.baseUrl, "https://ghe.example.org/api/v3");
    assert.equal(m.url, "/teams/{team}/repos");
    assert.equal(m.team, "platform");
    assert.equal(m.type, "public");
    assert.deepEqual(m.headers, { accept: V3, authorization: TOKEN, "user-agent": "widget-app/2.0" });
  });

  test("the merged options carry an empty mediaType", () => {
    assert.deepEqual(endpoint.merge("GET /x").mediaType, { format: "", previews: [] });
    assert.deepEqual(endpoint.merge(), { method: "GET", baseUrl: API, headers: { accept: V3, "user-agent": UA }, mediaType: { format: "", previews: [] } });
  });

  test("with no arguments: the defaults", () => {
    const m = endpoint.merge();
    assert.equal(m.method, "GET");
    assert.equal(m.baseUrl, API);
    assert.deepEqual(m.headers, { accept: V3, "user-agent": UA });
  });

  test("changes neither the options nor their headers", () => {
    const options = { owner: "hubot", headers: { "X-Trace": "on" } };
    endpoint.merge(options);
    assert.deepEqual(options, { owner: "hubot", headers: { "X-Trace": "on" } });
  });
});

describe("endpoint.parse()", () => {
  test("is a function", () => {
    assert.equal(typeof endpoint.parse, "function");
  });

  test("parse(merge(options)) is endpoint(options)", () => {
    const options = { method: "GET", url: "/users/{user}/repos", user: "hubot", sort: "pushed" };
    assert.deepEqual(endpoint.parse(endpoint.merge(options)), endpoint(options));
  });

  test("a missing url is an error (departure: v6 uses '/')", () => {
    assert.throws(() => endpoint.parse({ method: "GET", baseUrl: "https://h.example", headers: { accept: "a/b" }, mediaType: { format: "", previews: [] } }), {
      code: "ErrMissingURL",
    });
  });

  test("changes nothing it is given", () => {
    const options = {
      method: "GET",
      baseUrl: "https://h.example",
      url: "/",
      headers: { accept: V3, "user-agent": "widget-app/2.0" },
      mediaType: { format: "", previews: ["nightshade", "zzzax"] },
    };
    const copy = structuredClone(options);
    endpoint.parse(options);
    assert.deepEqual(options, copy);
  });

  test("hostile inputs end in a result or an Error, never a hang or a crash", () => {
    const hostile = [
      { headers: { accept: "B".repeat(100_000) + "-" }, url: "/graphql" },
      { url: "{".repeat(100_000) + "@" },
      { url: "{00" + "\u0000".repeat(100_000) + "a!a}" },
    ];
    for (const h of hostile) {
      try {
        endpoint.parse({ method: "POST", baseUrl: API, mediaType: { previews: ["nightshade"], format: "raw" }, headers: { accept: V3 }, ...h });
      } catch (err) {
        assert.ok(err instanceof Error);
        assert.match(err.message, /^endpoint: /);
      }
    }
    assert.equal(endpoint("GET /x").url, `${API}/x`, "still working");
  });
});

describe("headers cleared for one call", () => {
  const withAuth = endpoint.defaults({ headers: { authorization: TOKEN } });

  test("undefined keeps the default, as in v6", () => {
    assert.equal(withAuth("GET /user", { headers: { authorization: undefined } }).headers.authorization, TOKEN);
  });

  test("null removes it (departure: v6 returns authorization: null)", () => {
    const r = withAuth("GET /user", { headers: { authorization: null } });
    assert.equal("authorization" in r.headers, false);
    assert.equal(withAuth("GET /user").headers.authorization, TOKEN, "only for that call");
    // merge() keeps the null, as v6 does, so that parse() removes it.
    const merged = withAuth.merge("GET /user", { headers: { authorization: null } });
    assert.equal(merged.headers.authorization, null);
    assert.equal("authorization" in endpoint.parse(merged).headers, false);
  });

  test("a null accept with a format sends no accept (v6 throws a TypeError)", () => {
    const r = endpoint("GET /x", { headers: { accept: null }, mediaType: { format: "raw" } });
    assert.equal("accept" in r.headers, false);
    const p = endpoint("GET /x", { headers: { accept: null }, mediaType: { previews: ["mercy"] } });
    assert.equal(p.headers.accept, "application/vnd.github.mercy-preview+json");
  });
});
