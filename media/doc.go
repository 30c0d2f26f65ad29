// Package media writes the Accept header of a GitHub API call for a
// response format and a list of API previews, as @octokit/endpoint v6 does:
//
//	media.Accept("application/vnd.github.v3+json", "raw", nil)
//	// application/vnd.github.v3.raw
//	media.Accept("application/vnd.github.v3+json", "", []string{"symmetra"})
//	// application/vnd.github.symmetra-preview+json
//
// Previews accumulate across layers of defaults: [UnionPreviews] and
// [StripPreview] are v6's merge of them. [ValidateName] refuses a format or
// preview name that could break the header or blow it up.
//
// Inputs and output are plain strings; nothing here knows about requests.
// v6's regular expressions backtrack catastrophically on crafted accept
// headers (GHSA-x4c5-c7rf-jjgv), so the scanners here are written by hand
// and run in time linear in their input.
package media
