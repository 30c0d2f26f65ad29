// Errors: one class, EndpointError, whose code names the rule broken with
// the name a Go caller of the engine uses for its sentinel
// (js/internal/codes lists them; the differential test compares the two
// lists). codes holds every sentinel the error stands for, code the first.

/** Every code, in the order that picks an error's code (js/internal/codes). */
export const CODES = [
  "ErrMissingParam", "ErrMissingURL", "ErrInvalidRoute", "ErrInvalidMethod", "ErrInvalidBaseURL",
  "ErrInvalidParam", "ErrInvalidValue", "ErrInvalidOption", "ErrDataWithParams", "ErrDataNotAllowed",
  "ErrInvalidOptions", "ErrReservedParam", "ErrInvalidHost", "ErrLimit",
  "template.ErrSyntax", "template.ErrTooLong", "template.ErrTooManyExpressions", "template.ErrValue",
  "template.ErrPrefix", "template.ErrDotSegment", "template.ErrEmptySegment", "template.ErrAuthority",
  "template.ErrPathSegment", "headers.ErrInvalidName", "headers.ErrInvalidValue", "media.ErrInvalidName",
];

// A brand, so that instanceof holds across copies of the package (its
// ESM and CommonJS builds, or two versions side by side).
const BRAND = Symbol.for("@endpointkit/endpoint.error");

/** An invalid call: `err.code` says which rule, `err.op` and `err.input` where. */
export class EndpointError extends Error {
  constructor(message, code, { op, input, codes, cause } = {}) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = "EndpointError";
    this.code = code;
    this.codes = codes ?? [code];
    this.op = op;
    this.input = input;
  }
  get [BRAND]() {
    return true;
  }
  static [Symbol.hasInstance](x) {
    return x != null && x[BRAND] === true;
  }
}

// fail throws the error of a rule: `endpoint: op "input": reason`, with
// credentials in the input masked and a long input cut (at 120).
export function fail(code, op, input, reason, codes, cause) {
  input = redact(input);
  const shown = input === "" ? "" : ` ${JSON.stringify(input.length > 120 ? `${input.slice(0, 120)}…` : input)}`;
  throw new EndpointError(`endpoint: ${op}${shown}: ${reason}`, code, { op, input, codes, cause });
}

// redact masks the user information of URLs and the values of query
// parameters that carry credentials, as the Go engine's errors do.
const SECRET = /([?&#;]|%3F|%26)((?:access_token|client_secret|refresh_token|token|password|private_key)(?:=|%3D))[^&#\s"]*/gi;
export function redact(s) {
  return String(s)
    .replace(/(^|[^\w+.-])((?:https?:)?\/\/|^)([^/?#\s"]*)@/gi, (m, pre, scheme, user) => (user === "" ? m : `${pre}${scheme}[REDACTED]@`))
    .replace(SECRET, "$1$2[REDACTED]");
}
