// Package headers checks and merges HTTP header sets the way the endpoint
// builder needs them: names lower-cased, later layers winning, and what
// net/http would refuse at send time refused up front.
//
// A [Set] maps lower-cased names to values. [FromMap] checks a caller's map
// and folds its keys; [Merge] lays sets over each other, so that defaults
// cascade into a call:
//
//	defaults := headers.Set{"accept": "application/vnd.github.v3+json", "user-agent": "octokit"}
//	call, err := headers.FromMap(map[string]string{"User-Agent": "my-app/1.2.3"})
//	if err != nil {
//		return err // a *headers.Error wrapping ErrInvalidName or ErrInvalidValue
//	}
//	h := headers.Merge(defaults, call) // h.Get("User-Agent") == "my-app/1.2.3"
//
// Names are RFC 9110 tokens compared without regard to ASCII case (sending
// both "Accept" and "accept" is a classic bug). Values may hold any byte but
// control characters other than tab, since CR or LF injects headers. Errors
// never show a value, which is often a credential; [IsSensitive] names the
// headers a printed request masks.
package headers
