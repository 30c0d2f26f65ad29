package builder

// The two decoders behind Options.UnmarshalJSON, so that the specs can
// hold the fast one to the reference one.
var (
	DecodeOptions    = decodeOptions
	UnmarshalOptions = unmarshalOptions
)

// ParseURL is HTTPRequest's fast URL reader, held to url.Parse.
var ParseURL = parseURL
