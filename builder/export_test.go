package builder

// DecodeLayer and MergeLayers expose the options decoder and the mergo
// merge to the specs, which hold Build's mergeCall to MergeLayers.
var DecodeLayer = decodeLayer

// ParseURL is HTTPRequest's one-scan reader of the URLs Build makes, held
// to url.Parse.
var ParseURL = parseURL

// IsOperationID tells an operation-ID route from a path.
var IsOperationID = isOperationID
