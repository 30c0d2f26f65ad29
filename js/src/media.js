// The accept header from mediaType, as @octokit/endpoint v6 writes it:
// a format rewrites the vendor type (application/vnd.github.v3+json →
// application/vnd.github.v3.raw), previews become
// application/vnd.github.<name>-preview+json (or .<format>), after those
// the accept header already names. An application/octet-stream accept is
// left alone.

const VND = /application\/vnd(\.\w+)(\.v3)?(\.\w+)?(\+json)?$/;

export function accept(current, format, previews) {
  const named = previews.filter((p) => p !== "");
  if (/application\/octet-stream/i.test(current)) return current;
  const a = format === "" ? current : current.split(",").map((part) => part.replace(VND, `application/vnd$1$2.${format}`)).join(",");
  if (named.length === 0) return a;
  return [...(a.match(/[\w-]+(?=-preview)/g) ?? []), ...named].map((p) => `application/vnd.github.${p}-preview${format === "" ? "+json" : `.${format}`}`).join(",");
}

/** A format or preview name: letters, digits and "._+-", at most 64 bytes. */
export const validName = (name) => /^[\w.+-]{0,64}$/.test(name);
