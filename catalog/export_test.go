package catalog

// Distance exposes the edit distance to the tests.
var Distance = distance
