// Types for @endpointkit/endpoint, in the shape of @octokit/endpoint v6.

/**
 * Request headers; names are lower-cased by merge. A value that is not a
 * string is sent as String(value) and comes back in results as given;
 * undefined is left out.
 */
export type RequestHeaders = { [header: string]: string | number | boolean | bigint | object | null | undefined };

/** Selects a response format and API previews; rewrites the accept header. */
export interface MediaType {
  format?: string;
  previews?: string[];
}

/**
 * Options before parsing: what merge returns and parse takes. Every key
 * that is not one of the named ones is a parameter: it fills the URL
 * template, then goes to the query string (GET, HEAD) or the JSON body.
 */
export interface EndpointOptions {
  method?: string;
  baseUrl?: string;
  url?: string;
  headers?: RequestHeaders;
  mediaType?: MediaType;
  /** The whole request body; when set, other body parameters are not allowed. */
  data?: unknown;
  /** Passed through to the result untouched (functions and instances included). */
  request?: { [key: string]: unknown };
  [parameter: string]: unknown;
}

/**
 * Merged options, as merge and DEFAULTS return them: the defaults' method,
 * baseUrl, headers and mediaType are always there.
 */
export interface MergedOptions extends EndpointOptions {
  method: string;
  baseUrl: string;
  headers: RequestHeaders;
  mediaType: { format: string; previews: string[] };
}

/** The result: everything needed to send the request. */
export interface RequestOptions {
  /** Lower-case, for example "get"; upper-case it for fetch(), which sends "patch" as it is. */
  method: string;
  url: string;
  /** Values keep the type they were given (a number stays a number). */
  headers: { [header: string]: string | number | boolean | bigint | object };
  body?: unknown;
  request?: { [key: string]: unknown };
}

/** A route such as "GET /repos/{owner}/{repo}" (":owner" works too). */
export type Route = string;

export interface Endpoint {
  /** Request options for a route and parameters. Throws on invalid input. */
  (route: Route, options?: EndpointOptions): RequestOptions;
  /** Request options for options that carry method and url. */
  (options: EndpointOptions): RequestOptions;
  /** A copy of this endpoint's merged defaults. */
  readonly DEFAULTS: MergedOptions;
  /** A new endpoint with options (or a route string) layered over these defaults. */
  defaults(newDefaults: EndpointOptions | Route): Endpoint;
  /** Merges a route and options over the defaults, without parsing. */
  merge(route: Route, options?: EndpointOptions): MergedOptions;
  merge(options?: EndpointOptions): MergedOptions;
  /** Turns merged options into request options; uses no defaults, so method is needed (and url). */
  parse(options: EndpointOptions & { method: string }): RequestOptions;
}

/**
 * An error from the engine. code names the first Go sentinel it wraps and
 * codes all of them, as a Go caller would name them: "ErrMissingParam",
 * "ErrInvalidOptions", "template.ErrSyntax", "headers.ErrInvalidValue"…
 * op and input say where it came from (input cut after 64 KiB, with "…").
 */
export interface EndpointError extends Error {
  code?: string;
  codes: string[];
  op?: string;
  input?: string;
}

/** The default endpoint: GitHub's REST API v3. */
export declare const endpoint: Endpoint;
export default endpoint;

/**
 * Counters for tests and leak hunting; not part of the API and may change.
 * goHeapBytes runs a Go garbage collection first: for debugging only.
 */
export declare function __debug(): {
  handles: number;
  goHeapBytes: number;
  cachedResults: number;
  headerLayers: number;
  liveEndpoints: number;
  revived: number;
  sightedHeaders: number;
  layersMade: number;
  replays: number;
  reissues: number;
};
