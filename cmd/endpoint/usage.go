package main

import (
	"flag"
	"fmt"
	"io"
	"strings"
)

const usageLine = "usage: endpoint [flags] ROUTE [ITEM...]"

const helpIntro = `Prints the request options a REST route and parameters produce (method, URL,
headers, body) as JSON, the way @octokit/endpoint does. Nothing is sent.

ROUTE is "METHOD /path/{param}" as one argument (quote it), or METHOD and URL
as two. Without a method it is GET. The URL is an RFC 6570 template; a
relative one is joined to https://api.github.com (see --base-url).

ITEMs (the leftmost separator wins; a backslash escapes ":", "=" or "\" in a
name; the value is taken as it is):
  name=value     string parameter     state=open  title='Found a bug'
  name:=json     typed parameter      per_page:=100  draft:=true  milestone:=null
                                      labels:='["bug","ui"]'  data:='{"a":1}'
  Header:value   request header       X-GitHub-Api-Version:2022-11-28
                                      'Authorization:token ghp_…'
Parameters the URL does not use go to the query string (GET, HEAD) or the
JSON body (POST, PUT, PATCH, DELETE).

Flags may come before or after the route and items; "--" ends them.
`

const helpExamples = `
Exit status: 0 on success, 1 if the options cannot be built (or a file cannot
be read), 2 on a usage error.

Examples:
  # list open issues with two labels
  endpoint 'GET /repos/{owner}/{repo}/issues' owner=octokit repo=rest.js state=open labels:='["bug","ui"]'

  # create an issue: leftover parameters become the JSON body
  endpoint 'POST /repos/{owner}/{repo}/issues' owner=o repo=r title='Found a bug' labels:='["bug"]'

  # previews and formats amend the accept header; METHOD and URL may be apart
  endpoint --preview mercy --format raw GET '/repos/{owner}/{repo}/readme' owner=o repo=r

  # a curl command to copy (it contains the real token)
  endpoint --curl 'GET /user' "Authorization:token $GITHUB_TOKEN"

  # the body as one raw value
  endpoint --data '"# Hello"' 'POST /markdown/raw' Content-Type:text/plain

  # GitHub Enterprise Server defaults from a file, in the octokit JSON shape:
  #   {"baseUrl": "https://ghe.example.com/api/v3", "headers": {"authorization": "token …"}}
  endpoint --defaults ghe.json --redact 'GET /user'

  # the merged options, before parsing
  endpoint --merge 'GET /orgs/{org}/repos' org=octokit type=public
`

// printHelp writes the full help to w.
func printHelp(w io.Writer, fs *flag.FlagSet) {
	var b strings.Builder
	b.WriteString(usageLine + "\n\n" + helpIntro + "\nFlags:\n")
	fs.VisitAll(func(f *flag.Flag) {
		name, usage := flag.UnquoteUsage(f)
		if name != "" {
			name = " " + name
		}
		fmt.Fprintf(&b, "  --%s%s\n        %s\n", f.Name, name, usage)
	})
	b.WriteString("  --help\n        show this help\n")
	b.WriteString(helpExamples)
	_, _ = io.WriteString(w, b.String())
}
