// Types for @endpointkit/endpoint/octokit, the drop-in for @octokit/endpoint v6:
// the method of a result is upper-case.

/** A value of a parameter: what JSON holds, and a bigint (sent exactly). */
export type ParamValue = string | number | boolean | bigint | null | undefined | readonly ParamValue[] | { readonly [key: string]: ParamValue } | object;

/**
 * Request headers; names are case-insensitive and come back lower-case.
 * A value that is not a string is sent as String(value) and comes back
 * in results as given; null removes a default header, undefined leaves it.
 */
export type RequestHeaders = { [header: string]: string | number | boolean | bigint | object | null | undefined };

/** Selects a response format and API previews; rewrites the accept header. */
export interface MediaType {
  format?: string;
  previews?: readonly string[];
}

/**
 * Options: the named ones, and parameters, which fill the URL template,
 * then go to the query string (methods without a body) or the JSON body
 * (POST, PUT, PATCH, DELETE).
 */
export interface EndpointOptions {
  method?: string;
  baseUrl?: string;
  url?: string;
  headers?: RequestHeaders;
  mediaType?: MediaType;
  /** The whole request body: a string as it is, binary data (Buffer, Blob…) as it is, anything else as JSON; the call's other body parameters beside it are ignored, as in v6. */
  data?: unknown;
  /** Passed through to the result (functions and class instances as they are). */
  request?: { [key: string]: unknown };
  [parameter: string]: unknown;
}

/** Merged options, as merge() and DEFAULTS return them. */
export interface MergedOptions extends EndpointOptions {
  method: string;
  baseUrl: string;
  headers: RequestHeaders;
  mediaType: { format: string; previews: string[] };
}

/** The result: everything needed to send the request; a GET or HEAD has no body. */
export type RequestOptions<M extends string = string> = {
  /** Upper-case ("GET"), as fetch() needs it. */
  method: M;
  url: string;
  /** Values keep the type they were given (a number stays a number); content-length of a bodiless request is 0. */
  headers: { [header: string]: string | number | boolean | bigint | object };
  /** A JSON body (an object), a string, the data given, or "" for a bodiless PUT or PATCH. */
  body?: unknown;
  request?: { [key: string]: unknown };
} & (Lowercase<M> extends "get" | "head" ? { body?: undefined } : unknown);

/** A route such as "GET /repos/{owner}/{repo}" (":owner" works too), or a URL alone (GET). */
export type Route = string;

/** The upper-case method of a route ("post /x" → "POST"), or string when it cannot be told. */
export type MethodOf<R extends string> = string extends R
  ? string
  : R extends `${infer M} ${string}`
    ? Uppercase<M>
    : string;

/** The names of the variables of a route's template, {name} and :name. */
export type ParamNames<R extends string> = BraceNames<R> | ColonNames<R>;
type BraceNames<T extends string> = T extends `${string}{${infer E}}${infer Rest}` ? ExprNames<E> | BraceNames<Rest> : never;
type ExprNames<E extends string> = E extends `${"+" | "#" | "." | "/" | ";" | "?" | "&"}${infer L}` ? ListNames<L> : ListNames<E>;
type ListNames<L extends string> = L extends `${infer A},${infer B}` ? VarName<A> | ListNames<B> : VarName<L>;
type VarName<V extends string> = V extends `${infer N}*` ? N : V extends `${infer N}:${string}` ? N : V;
type ColonNames<T extends string> = T extends `${string}/:${infer N}/${infer Rest}`
  ? N | ColonNames<`/${Rest}`>
  : T extends `${string}/:${infer N}`
    ? N extends `${infer A}?${string}` ? A : N
    : never;

/** Options for a route: its template's variables typed as parameters. */
export type RouteOptions<R extends string> = EndpointOptions & { [K in ParamNames<R>]?: ParamValue };

export interface Endpoint {
  /** Request options for a route and parameters. Throws an EndpointError for an invalid call. */
  <R extends Route>(route: R, options?: RouteOptions<R>): RequestOptions<MethodOf<R>>;
  /** Request options for options that carry method and url. */
  (options: EndpointOptions): RequestOptions;
  /** A copy of this endpoint's merged defaults. */
  readonly DEFAULTS: MergedOptions;
  /** A new endpoint with options (or a route) layered over these defaults. */
  defaults(newDefaults: EndpointOptions | Route): Endpoint;
  /** Merges a route and options over the defaults, without parsing. */
  merge<R extends Route>(route: R, options?: RouteOptions<R>): MergedOptions;
  merge(options?: EndpointOptions): MergedOptions;
  /** Turns merged options into request options; uses no defaults, so method is needed (and url). */
  parse(options: EndpointOptions & { method: string }): RequestOptions;
}

/** The names of the rules an EndpointError can say were broken. */
export type ErrorCode =
  | "ErrMissingParam" | "ErrMissingURL" | "ErrInvalidRoute" | "ErrInvalidMethod" | "ErrInvalidBaseURL"
  | "ErrInvalidParam" | "ErrInvalidValue" | "ErrInvalidOption" | "ErrDataWithParams" | "ErrDataNotAllowed"
  | "ErrInvalidOptions" | "ErrReservedParam" | "ErrInvalidHost" | "ErrLimit"
  | "template.ErrSyntax" | "template.ErrTooLong" | "template.ErrTooManyExpressions" | "template.ErrValue"
  | "template.ErrPrefix" | "template.ErrDotSegment" | "template.ErrEmptySegment" | "template.ErrAuthority"
  | "template.ErrPathSegment" | "headers.ErrInvalidName" | "headers.ErrInvalidValue" | "media.ErrInvalidName";

/**
 * An invalid call. code names the rule broken, with the name of the Go
 * engine's sentinel error; codes every rule the error stands for. op and
 * input say where it came from (credentials in input masked).
 * instanceof holds across copies of the package (import and require).
 */
export declare class EndpointError extends Error {
  readonly name: "EndpointError";
  readonly code: ErrorCode;
  readonly codes: ErrorCode[];
  readonly op?: string;
  readonly input?: string;
}

/** The package version, also in the default user-agent. */
export declare const VERSION: string;

/** The default endpoint: GitHub's REST API. */
export declare const endpoint: Endpoint;
export default endpoint;
