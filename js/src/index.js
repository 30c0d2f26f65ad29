// @endpointkit/endpoint: a REST route and parameters in, plain request
// options { method, url, headers, body?, request? } out, by the rules of
// the endpointkit engine (the Go module github.com/endpointkit/endpoint),
// in the shape of @octokit/endpoint v6. The method is lower-case.
import { EndpointError, make, root, VERSION } from "./engine.js";

export { EndpointError, VERSION };

const face = { plusQ: true, ignoreBesideData: false, result: (r) => r };

/** The default endpoint: GitHub's REST API. */
export const endpoint = make(face, root(`endpointkit-endpoint.js/${VERSION}`));
export default endpoint;
