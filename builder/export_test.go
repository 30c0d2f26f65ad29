package builder

// ParseURL is HTTPRequest's one-scan reader of the URLs Build makes, held
// to url.Parse.
var ParseURL = parseURL

// IsOperationID tells an operation-ID route from a path.
var IsOperationID = isOperationID
