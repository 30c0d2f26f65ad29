package endpoint

import "github.com/endpointkit/endpoint/builder"

// RedactURL masks credentials in a URL or any text holding one: the values
// of access_token, client_secret, refresh_token and token query parameters
// and the password of a userinfo. Use it for URLs you log yourself.
func RedactURL(s string) string { return builder.RedactURL(s) }

// IsSensitiveParam reports whether a query parameter name carries a
// credential, and is masked by RedactURL and by fmt of request options.
func IsSensitiveParam(name string) bool { return builder.IsSensitiveParam(name) }
