// The checks the Go engine makes with net/url, the parser Go's HTTP
// clients use: a base URL, and a built absolute URL, must parse and name
// a host.
import { fail } from "./errors.js";
import { hasDotSegment, httpScheme, memo } from "./template.js";

const CTL = /[\x00-\x1f\x7f]/;
const BAD_ESCAPE = /%(?![\da-f]{2})/i;
// The ASCII bytes net/url refuses in a host name, "%" of a bad escape
// among them once the good ones are taken out.
const badHost = (s) => /[\x00-\x20#%/?@\\^`{|}]/.test(s.replace(/%[\da-f]{2}/gi, ""));

// urlProblem returns why net/url refuses the absolute URL u (or "empty
// host"), or "" when it takes it.
export function urlProblem(u) {
  const [, authority, path, fragment] = /^[^:]*:\/\/([^/?#]*)([^?#]*)[^#]*(?:#(.*))?/s.exec(u);
  const at = authority.lastIndexOf("@");
  const user = authority.slice(0, Math.max(at, 0));
  let host = authority.slice(at + 1);
  if (CTL.test(u)) return "control character";
  if ([path, fragment ?? "", user].some((x) => BAD_ESCAPE.test(x))) return "invalid escape";
  if (/[^\w.~!$&'()*+,;=:%@-]/.test(user)) return "invalid userinfo";
  const open = host.lastIndexOf("[");
  const close = host.lastIndexOf("]");
  if (open >= 0) return open > 0 || close < 0 || !/^(?::\d*)?$/.test(host.slice(close + 1)) || !ipv6(host.slice(1, close)) ? "invalid IP-literal" : "";
  const colon = host.indexOf(":");
  if (colon >= 0) {
    if (!/^:\d*$/.test(host.slice(colon))) return "invalid port";
    host = host.slice(0, colon);
  }
  // In a host, %XX may stand for a byte of UTF-8 only (or %25).
  if (badHost(host) || /%[0-7]/.test(host.replace(/%25/g, ""))) return "invalid character";
  return host === "" ? "empty host" : "";
}

// ipv6 reports whether s (an IP-literal's inside) is an IPv6 address, with
// a zone (%25…) or not, as net/netip reads it.
function ipv6(s) {
  const z = s.indexOf("%25");
  const addr = z < 0 ? s : s.slice(0, z);
  if (z >= 0 && (z + 3 === s.length || badHost(s.slice(z + 3)))) return false;
  try {
    return /^[\da-f:.]*:[\da-f:.]*$/i.test(addr) && new URL(`http://[${addr}]`) !== null;
  } catch {
    return false;
  }
}

/** checkURL refuses a built absolute URL that net/url refuses or that names no host. */
export function checkURL(u) {
  const why = httpScheme(u) > 0 ? urlProblem(u) : "";
  if (why !== "") fail("ErrInvalidHost", "parse", u, `invalid host: ${why}`);
}

const checked = new Map();

/** checkBaseURL accepts "", a path ("/api"), or an absolute http(s) URL with a host, without a query, a fragment or a dot segment. */
export const checkBaseURL = (base) =>
  base === "" ||
  memo(checked, 256, base, () => {
    const path = base[0] === "/" && base[1] !== "/";
    if (/[?#]/.test(base) || hasDotSegment(base) || (path ? CTL.test(base) || BAD_ESCAPE.test(base) : httpScheme(base) === 0)) {
      fail("ErrInvalidBaseURL", "base url", base, "invalid base url: want http(s)://host or /path");
    }
    const why = path ? "" : urlProblem(base);
    if (why !== "") fail("ErrInvalidBaseURL", "base url", base, `invalid base url: invalid host: ${why}`, ["ErrInvalidBaseURL", "ErrInvalidHost"]);
    return true;
  });
