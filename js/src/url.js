// The checks the Go engine makes with net/url, the parser Go's HTTP
// clients use: a base URL, and a built absolute URL, must parse and name
// a host.
import { fail } from "./errors.js";
import { hasDotSegment, httpScheme } from "./template.js";

const CTL = /[\x00-\x1f\x7f]/;
const BAD_ESCAPE = /%(?![0-9a-f]{2})/i;
// Bytes net/url refuses in a host name (the ASCII ones it would escape).
const BAD_HOST = /[\x00-\x20#%/?@\\^`{|}]/;

// urlProblem returns why net/url refuses the absolute URL u, or
// "empty host", or "" when it takes it.
export function urlProblem(u) {
  if (CTL.test(u)) return "invalid control character in URL";
  const hash = u.indexOf("#");
  if (hash >= 0 && BAD_ESCAPE.test(u.slice(hash + 1))) return "invalid URL escape in the fragment";
  const rest = u.slice(httpScheme(u), hash < 0 ? u.length : hash).split("?", 1)[0];
  const slash = rest.indexOf("/");
  const authority = slash < 0 ? rest : rest.slice(0, slash);
  if (slash >= 0 && BAD_ESCAPE.test(rest.slice(slash))) return "invalid URL escape in the path";
  const at = authority.lastIndexOf("@");
  const host = authority.slice(at + 1);
  if (at >= 0) {
    const user = authority.slice(0, at);
    if (/[^\w.~!$&'()*+,;=:%@-]/.test(user)) return "invalid userinfo";
    if (BAD_ESCAPE.test(user)) return "invalid URL escape in the userinfo";
  }
  let name = host;
  const open = host.lastIndexOf("[");
  if (open > 0) return "invalid IP-literal";
  if (open === 0) {
    const close = host.lastIndexOf("]");
    if (close < 0) return "missing ']' in host";
    if (!/^(?::[0-9]*)?$/.test(host.slice(close + 1))) return "invalid port after host";
    name = host.slice(1, close);
    if (!ipv6(name)) return "invalid IP-literal";
    return "";
  }
  const colon = host.indexOf(":");
  if (colon >= 0) {
    if (!/^:[0-9]*$/.test(host.slice(colon))) return "invalid port after host";
    name = host.slice(0, colon);
  }
  if (BAD_HOST.test(name.replace(/%[0-9a-f]{2}/gi, "")) || /%(?:[0-7][0-9a-f]|(?![0-9a-f]{2}))/i.test(name.replace(/%25/g, ""))) {
    return "invalid character in host name";
  }
  return name === "" ? "empty host" : "";
}

// ipv6 reports whether s (an IP-literal's inside, escapes included) is
// an IPv6 address, with a zone (%25…) or not, as net/netip reads it.
function ipv6(s) {
  const z = s.indexOf("%25");
  let addr = s;
  if (z >= 0) {
    const zone = s.slice(z + 3);
    addr = s.slice(0, z);
    if (zone === "" || BAD_HOST.test(zone.replace(/%(?:[0-9a-f]{2})/gi, "")) || BAD_ESCAPE.test(zone)) return false;
  }
  if (!/^[0-9a-f:.]+$/i.test(addr) || !addr.includes(":")) return false;
  try {
    new URL(`http://[${addr}]/`);
    return true;
  } catch {
    return false;
  }
}

// checkURL refuses a built absolute URL that net/url refuses or that
// names no host.
export function checkURL(u) {
  if (httpScheme(u) === 0) return;
  const why = urlProblem(u);
  if (why !== "") fail("ErrInvalidHost", "parse", u, `invalid host: ${why}`);
}

const checked = new Map();

// checkBaseURL accepts "", a path ("/api"), or an absolute http(s) URL
// with a host, without a query, a fragment or a dot segment.
export function checkBaseURL(base) {
  if (base === "" || checked.has(base)) return;
  let why = "";
  if (/[?#]/.test(base) || hasDotSegment(base)) why = "invalid base url";
  else if (base[0] === "/" && base[1] !== "/") {
    if (CTL.test(base) || BAD_ESCAPE.test(base)) why = "invalid base url";
  } else if (httpScheme(base) === 0) why = "invalid base url: want http:// or https:// or a path";
  else {
    const p = urlProblem(base);
    if (p !== "") fail("ErrInvalidBaseURL", "base url", base, `invalid base url: invalid host: ${p}`, ["ErrInvalidBaseURL", "ErrInvalidHost"]);
  }
  if (why !== "") fail("ErrInvalidBaseURL", "base url", base, why);
  if (checked.size >= 256) checked.clear();
  checked.set(base, true);
}
