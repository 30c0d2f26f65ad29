package value_test

import (
	"testing"

	"github.com/endpointkit/endpoint/internal/value"
)

// A GitHub issue as the API returns it, shortened: objects, strings,
// numbers, booleans, nulls and arrays.
const issueJSON = `{"url":"https://api.github.com/repos/octokit/rest.js/issues/1","id":1,"node_id":"MDU6SXNzdWUx",
"number":1347,"title":"Found a bug","user":{"login":"octocat","id":1,"site_admin":false,"avatar_url":"https://github.com/images/error/octocat_happy.gif"},
"labels":[{"id":208045946,"name":"bug","description":"Something isn't working","color":"f29513","default":true}],
"state":"open","locked":false,"assignee":null,"assignees":[],"milestone":null,"comments":0,"score":1.5e-3,
"body":"I'm having a problem with this.\nIt says \"caf\u00e9\".","closed_at":null,"created_at":"2011-04-22T13:33:48Z",
"reactions":{"total_count":3,"+1":1,"-1":0,"laugh":0,"hooray":1,"confused":0,"heart":1,"rocket":0,"eyes":0}}`

const optionsJSON = `{"method":"POST","baseUrl":"https://api.github.com","url":"/repos/{owner}/{repo}/issues",
"headers":{"accept":"application/vnd.github.v3+json","user-agent":"octokit-endpoint.js/6"},
"mediaType":{"format":"","previews":["machine-man"]},"owner":"octokit","repo":"rest.js","title":"Found a bug","labels":["bug","ui"]}`

func BenchmarkDecode(b *testing.B) {
	for _, bc := range []struct{ name, data string }{{"issue", issueJSON}, {"small", `{"a":1,"b":[true,null],"c":"x"}`}} {
		data := []byte(bc.data)
		b.Run(bc.name, func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := value.Decode(data); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkDecoderMembers reads options JSON as the builder does: an object
// around the values, whose headers and mediaType it reads member by member.
func BenchmarkDecoderMembers(b *testing.B) {
	data := []byte(optionsJSON)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		d, err := value.NewDecoder(data)
		if err != nil {
			b.Fatal(err)
		}
		var inner func(string) error
		inner = func(string) error {
			switch d.Peek() {
			case '{':
				return d.Members("want an object", inner)
			case '[':
				return d.Items("want an array", func() error { _, err := d.Value(); return err })
			}
			_, err := d.Value()
			return err
		}
		if err := d.Members("want an object", inner); err != nil {
			b.Fatal(err)
		}
	}
}
