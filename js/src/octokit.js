// @endpointkit/endpoint/octokit: the engine as a drop-in for
// @octokit/endpoint v6 under octokit's clients (@octokit/request,
// @octokit/core): the method upper-case, as fetch needs it, and data the
// whole body, the other parameters of the call beside it ignored, as v6
// ignores them. Everything else is the engine's rules.
import { EndpointError, make, root, VERSION } from "./engine.js";

export { EndpointError, VERSION };

const face = {
  plusQ: true,
  ignoreBesideData: true,
  result: (r) => {
    r.method = r.method.toUpperCase();
    return r;
  },
};

/** The default endpoint: GitHub's REST API. */
export const endpoint = make(face, root(`endpointkit-endpoint.js/${VERSION}`));
export default endpoint;
