package redact

// The user-information scanner's steps, for their specs.
var (
	Bounds          = bounds
	Authority       = authority
	Leads           = leads
	StartsAuthority = startsAuthority
	WebScheme       = webScheme
)
