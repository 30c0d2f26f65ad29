package main

import (
	"flag"
	"fmt"
	"io"
	"strings"
)

const usageLine = "usage: endpoint [flags] ROUTE [ITEM...]"

const helpIntro = `       endpoint routes [--spec FILE] [FILTER]

Prints the request options a REST route and parameters produce (method, URL,
headers, body) as JSON, the way @octokit/endpoint does, or sends them with
--send. Every call is first checked against GitHub's REST API description
(embedded; --spec FILE checks against another API's OpenAPI description): an
unknown route, parameter or enum value is an error that says what was probably
meant. --no-check skips the check.

ROUTE is "METHOD /path/{param}" as one argument (quote it), METHOD and URL as
two, or an operation ID such as repos/get or findPets (see "endpoint routes").
Without a method it is GET. The URL is an RFC 6570 template; a relative one is joined to
https://api.github.com (see --base-url). A checked route is the description's
template, values given as items: '/repos/{owner}/{repo}' owner=o repo=r, not
/repos/o/r.

ITEMs (the leftmost separator wins; a backslash escapes ":", "=" or "\" in a
name; the value is taken as it is):
  name=value     string parameter     state=open  title='Found a bug'
  name==value    query parameter      name==v1.zip  (in the URL's query even on POST)
  name:=json     typed parameter      per_page:=100  draft:=true  milestone:=null
                                      labels:='["bug","ui"]'  data:='{"a":1}'
  name=@file     string from a file   body=@notes.md
  name:=@file    JSON from a file     labels:=@labels.json
  Header:value   request header       X-GitHub-Api-Version:2022-11-28
A value that starts with @ names a file; write name:='"@text"' for the text.
Parameters go where the API description says (name==value only where it says
query); with --no-check, those the URL does not use go to the query string
(GET, HEAD) or the JSON body (POST, PUT, PATCH, DELETE).

--data JSON sets the whole body to a JSON value; --data @file and --data @-
(standard input) send raw bytes as application/octet-stream unless a
Content-Type item says otherwise. Files and standard input are read up to
100 MiB (GitHub's limit for most uploads); with --send a regular file is
streamed.

--send sends the request and writes the response body to standard output and
the status line (HTTP/1.1 200 OK) to standard error. Unless an Authorization
header is given, the token in GITHUB_TOKEN is sent as "Authorization: Bearer
…", only to the host of the base URL (https://api.github.com, --base-url's or
--defaults'; uploads.github.com for a release asset): not to another host an
absolute route names, not to an API described by --spec, nor in plain http to
another machine than this one. It is never printed: the JSON, curl and
--merge output and the error messages show only the credentials you gave.
--paginate follows the Link header's next links, only ever on the first
request's host, asks for 100 items a page when the operation takes per_page,
and prints the items of all pages as one JSON array; --max-pages N stops it
after N pages. A next link back to a page already fetched, or ten pages in a
row without an item, end it with an error.

Flags may come before or after the route and items; "--" ends them.
`

const helpExamples = `
Exit status: 0 on success; 1 if the call fails the API description's check,
the options cannot be built, a file cannot be read, the request fails or the
server answers with a status of 400 or more; 2 on a usage error.

Examples:
  # list open issues with two labels
  endpoint 'GET /repos/{owner}/{repo}/issues' owner=octokit repo=rest.js state=open labels:='["bug","ui"]'

  # the same by operation ID; list the routes about issues
  endpoint issues/list-for-repo owner=octokit repo=rest.js state=open
  endpoint routes issues

  # a typo is caught before anything is sent
  endpoint 'GET /repos/{owner}/{repo}/issues' owner=o repo=r state=opne
  #   … "opne" is not one of open, closed, all; did you mean open?

  # create an issue: the body parameters become the JSON body
  endpoint 'POST /repos/{owner}/{repo}/issues' owner=o repo=r title='Found a bug' labels:='["bug"]'

  # send it, with the token in $GITHUB_TOKEN, giving up after 30 seconds
  endpoint --send --timeout 30s 'GET /repos/{owner}/{repo}' owner=octokit repo=rest.js

  # every open issue, all pages, as one JSON array
  endpoint --send --paginate 'GET /repos/{owner}/{repo}/issues' owner=octokit repo=rest.js state=open

  # upload a release asset: name== goes to the query, the file is streamed
  endpoint --send --data @v1.zip 'POST /repos/{owner}/{repo}/releases/{release_id}/assets' \
    owner=o repo=r release_id:=1 name==v1.zip Content-Type:application/zip

  # parameters from files: a Markdown text and a JSON array
  endpoint 'POST /repos/{owner}/{repo}/issues' owner=o repo=r title=Notes body=@notes.md labels:=@labels.json

  # the body from standard input, as raw bytes
  echo '# Hello' | endpoint --data @- 'POST /markdown/raw' Content-Type:text/plain

  # another API, checked against its OpenAPI description
  endpoint routes --spec petstore.yaml
  endpoint --spec petstore.yaml --send 'GET /pets' limit:=10

  # a route GitHub's description does not have (yet)
  endpoint --no-check 'GET /new/endpoint' page==2

  # previews and formats amend the accept header; METHOD and URL may be apart
  endpoint --preview mercy --format raw GET '/repos/{owner}/{repo}/readme' owner=o repo=r

  # a curl command to copy (it contains the token you give it)
  endpoint --curl 'GET /user' "Authorization:Bearer $GITHUB_TOKEN"

  # GitHub Enterprise Server defaults from a file, in the octokit JSON shape:
  #   {"baseUrl": "https://ghe.example.com/api/v3", "headers": {"authorization": "token …"}}
  endpoint --defaults ghe.json --redact 'GET /user'

  # the merged options, before parsing
  endpoint --merge 'GET /orgs/{org}/repos' org=octokit type=public
`

// printHelp writes the full help to w.
func printHelp(w io.Writer, fs *flag.FlagSet) {
	var b strings.Builder
	b.WriteString(usageLine + "\n" + helpIntro + "\nFlags:\n")
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
