package media_test

import (
	"fmt"

	"github.com/endpointkit/endpoint/media"
)

func ExampleAccept() {
	const accept = "application/vnd.github.v3+json"
	fmt.Println(media.Accept(accept, "", nil))
	fmt.Println(media.Accept(accept, "raw", nil))
	fmt.Println(media.Accept("application/vnd.github+json", "diff", nil))
	fmt.Println(media.Accept(accept, "", []string{"symmetra"}))
	fmt.Println(media.Accept(accept, "raw", []string{"symmetra"}))
	fmt.Println(media.Accept("application/vnd.github.machine-man-preview+json", "", []string{"x"}))
	fmt.Println(media.Accept("application/octet-stream", "raw", []string{"x"}))
	// Output:
	// application/vnd.github.v3+json
	// application/vnd.github.v3.raw
	// application/vnd.github.diff
	// application/vnd.github.symmetra-preview+json
	// application/vnd.github.symmetra-preview.raw
	// application/vnd.github.machine-man-preview+json,application/vnd.github.x-preview+json
	// application/octet-stream
}

func ExampleStripPreview() {
	fmt.Println(media.StripPreview("jean-grey-preview"))
	fmt.Println(media.StripPreview("foo-preview-preview"))
	fmt.Println(media.StripPreview("foo-previewer"))
	// Output:
	// jean-grey
	// foo-preview
	// fooer
}

func ExampleUnionPreviews() {
	// What v6 merge does with mediaType.previews: union, then strip.
	merged := media.UnionPreviews([]string{"a", "b", "c"}, []string{"b", "a-preview"})
	for i, p := range merged {
		merged[i] = media.StripPreview(p)
	}
	fmt.Println(merged)
	// Output: [a c b a]
}

func ExampleValidateName() {
	fmt.Println(media.ValidateName("raw"))
	fmt.Println(media.ValidateName("raw\r\nX-Injected: 1"))
	// Output:
	// <nil>
	// media: invalid media type name "raw\r\nX-Injected: 1": byte 0x0d at index 3
}
