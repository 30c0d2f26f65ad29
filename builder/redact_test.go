package builder_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/headers"
	"github.com/endpointkit/endpoint/internal/redact"
	"github.com/endpointkit/endpoint/template"
)

// secret is the prefix of every credential in these specs.
const secret = "s3cr3t-"

// printings are the ways a value reaches a log line.
func printings(v any) map[string]string {
	return map[string]string{
		"Sprint":        fmt.Sprint(v),
		"Sprintln":      fmt.Sprintln(v),
		"%v":            fmt.Sprintf("%v", v),
		"%+v":           fmt.Sprintf("%+v", v),
		"%#v":           fmt.Sprintf("%#v", v),
		"%s":            fmt.Sprintf("%s", v),
		"%q":            fmt.Sprintf("%q", v),
		"%40v":          fmt.Sprintf("%40v", v),
		"%x":            fmt.Sprintf("%x", v),
		"in a struct":   fmt.Sprintf("%+v", struct{ V any }{v}),
		"in a slice":    fmt.Sprint([]any{v}),
		"in a map":      fmt.Sprintf("%#v", map[string]any{"v": v}),
		"wrapped error": fmt.Errorf("call: %v", v).Error(),
	}
}

func expectRedacted(v any) {
	GinkgoHelper()
	for how, out := range printings(v) {
		Expect(out).NotTo(ContainSubstring(secret), "%s", how)
	}
}

var _ = Describe("redaction", func() {
	e := builder.New(builder.WithOptions(builder.Options{
		Method:  "GET",
		BaseURL: "https://api.github.com",
		Headers: map[string]string{
			"accept":              "application/vnd.github.v3+json",
			"authorization":       "token " + secret + "auth",
			"Proxy-Authorization": "Basic " + secret + "proxy",
			"cookie":              "session=" + secret + "cookie",
		},
	}))

	Describe("RequestOptions", func() {
		var get, post builder.RequestOptions

		BeforeEach(func() {
			var err error
			get, err = e.Route("GET /repos/{owner}/{repo}/issues").
				Param("owner", "octokit").Param("repo", "rest.js").Param("state", "open").
				Param("access_token", secret+"query").Param("Client_Secret", secret+"cs").
				Build()
			Expect(err).NotTo(HaveOccurred())
			post, err = e.Route("POST /applications/{client_id}/token").
				Param("client_id", "Iv1.abc").Param("access_token", secret+"body").
				Param("nested", map[string]any{"list": []any{map[string]any{"refresh_token": secret + "deep"}}}).
				Build()
			Expect(err).NotTo(HaveOccurred())
		})

		It("never prints a credential, however formatted", func() {
			expectRedacted(get)
			expectRedacted(&get)
			expectRedacted(post)
			Expect(get.String()).NotTo(ContainSubstring(secret))
			Expect(get.GoString()).NotTo(ContainSubstring(secret))
		})

		It("still prints everything else", func() {
			s := fmt.Sprint(get)
			Expect(s).To(ContainSubstring("https://api.github.com/repos/octokit/rest.js/issues?state=open&access_token=[REDACTED]&Client_Secret=[REDACTED]"))
			Expect(s).To(ContainSubstring("accept:application/vnd.github.v3+json"))
			Expect(s).To(ContainSubstring("authorization:[REDACTED]"))
			Expect(s).To(ContainSubstring("proxy-authorization:[REDACTED]"))
			Expect(s).To(ContainSubstring("cookie:[REDACTED]"))
			Expect(fmt.Sprintf("%+v", post)).To(ContainSubstring(`Body:{"access_token":"[REDACTED]","nested":{"list":[{"refresh_token":"[REDACTED]"}]}}`))
		})

		It("keeps the real type name in %#v", func() {
			Expect(fmt.Sprintf("%#v", get)).To(HavePrefix(`builder.RequestOptions{Method:"get", URL:"https://api.github.com/repos/`))
			Expect(get.GoString()).To(Equal(fmt.Sprintf("%#v", get)))
			Expect(get.String()).To(Equal(fmt.Sprintf("%v", get)))
		})

		It("leaves json.Marshal and the value itself alone", func() {
			data, err := json.Marshal(get)
			Expect(err).NotTo(HaveOccurred())
			Expect(string(data)).To(ContainSubstring("access_token=" + secret + "query"))
			Expect(string(data)).To(ContainSubstring(`"authorization":"token ` + secret + `auth"`))

			data, err = json.Marshal(post)
			Expect(err).NotTo(HaveOccurred())
			Expect(string(data)).To(ContainSubstring(secret + "body"))
			Expect(string(data)).To(ContainSubstring(secret + "deep"))

			_ = fmt.Sprint(get, post)
			r := get.Redacted()
			Expect(r.Headers["authorization"]).To(Equal(builder.RedactedValue))
			Expect(get.Headers["authorization"]).To(Equal("token " + secret + "auth"))
			Expect(get.URL).To(ContainSubstring(secret + "query"))
			Expect(string(post.Body.(json.RawMessage))).To(ContainSubstring(`"refresh_token":"` + secret + `deep"`))
		})
	})

	Describe("Endpoint and Builder", func() {
		It("never print a credential, however formatted", func() {
			d := e.Defaults(builder.WithBaseURL("https://u:"+secret+"base@h"), builder.WithParam("token", secret+"param"))
			expectRedacted(d)
			expectRedacted(*d)
			b := d.Route("GET /x?access_token="+secret+"route").Param("next", "https://u:"+secret+"next@h/").
				Header("Set-Cookie", "s="+secret+"set").Data(map[string]any{"password": secret + "data"})
			expectRedacted(b)
			Expect(fmt.Sprint(b)).To(ContainSubstring("Method:GET"))
			Expect(fmt.Sprint(d)).To(ContainSubstring("accept:application/vnd.github.v3+json"))
			Expect(fmt.Sprintf("%#v", b)).To(HavePrefix("&builder.Builder{Call:builder.Options{"))
			Expect(fmt.Sprintf("%#v", d)).To(HavePrefix("&builder.Endpoint{Defaults:builder.Options{"))
		})

		It("print an invalid Option's error, masked", func() {
			bad := builder.New(builder.WithHeader("authorization\n", "token "+secret))
			Expect(bad.Err()).To(MatchError(headers.ErrInvalidName))
			expectRedacted(bad)
			Expect(fmt.Sprint(bad)).To(ContainSubstring("endpoint: header"))
			Expect(fmt.Sprint(bad.Route("GET /x"))).To(ContainSubstring("Err:endpoint: header"))
		})

		It("print nil pointers as fmt does", func() {
			var b *builder.Builder
			var d *builder.Endpoint
			Expect(fmt.Sprintf("%v %v %#v", b, d, b)).To(Equal("<nil> <nil> (*builder.Builder)(nil)"))
		})
	})

	It("masks the value of a header whose name is not valid, as it may be a credential's misspelt", func() {
		o := builder.Options{Headers: map[string]string{"authorization ": "token " + secret, "x-ok": "v"}}
		expectRedacted(o)
		Expect(fmt.Sprint(o)).To(ContainSubstring("x-ok:v"))
	})

	Describe("Options", func() {
		It("prints its exported fields, and JSON as its text", func() {
			o := builder.Options{Method: "POST", URL: "/x", Data: json.RawMessage(`{"a":"b"}`),
				Request: map[string]any{"r": json.RawMessage(`[1,2]`)}, Params: builder.Params{{Name: "p", Value: json.RawMessage(`{"q":1}`)}}}
			Expect(fmt.Sprintf("%+v", o)).To(Equal(`{Method:POST BaseURL: URL:/x Headers:map[] RemoveHeaders:[] MediaType:{Format: Previews:[]} Data:{"a":"b"} Request:map[r:[1,2]] Params:[{Name:p Value:{"q":1}}]}`))
			Expect(o.GoString()).To(Equal(`builder.Options{Method:"POST", BaseURL:"", URL:"/x", Headers:headers.Set(nil), RemoveHeaders:[]string(nil), MediaType:builder.MediaType{Format:"", Previews:[]string(nil)}, Data:"{\"a\":\"b\"}", Request:map[string]interface {}{"r":"[1,2]"}, Params:builder.Params{builder.Param{Name:"p", Value:"{\"q\":1}"}}}`))
			Expect(o.Data).To(Equal(json.RawMessage(`{"a":"b"}`)), "o is unchanged")
			Expect(o.Params[0].Value).To(Equal(json.RawMessage(`{"q":1}`)))
		})

		It("never prints a credential, however formatted", func() {
			o, err := e.Merge("GET /user?access_token="+secret+"url", builder.Options{
				BaseURL: "https://x-access-token:" + secret + "userinfo@ghe.example.com/api/v3",
				Params:  builder.Params{{Name: "token", Value: secret + "param"}, {Name: "per_page", Value: 100}},
				Data:    map[string]any{"client_secret": secret + "data"},
			})
			Expect(err).NotTo(HaveOccurred())
			expectRedacted(o)
			expectRedacted(&o)
			expectRedacted(e.DefaultOptions())
			Expect(o.String()).NotTo(ContainSubstring(secret))
			Expect(o.GoString()).To(HavePrefix("builder.Options{"))

			s := fmt.Sprintf("%+v", o)
			Expect(s).To(ContainSubstring("BaseURL:https://[REDACTED]@ghe.example.com/api/v3"))
			Expect(s).To(ContainSubstring("URL:/user?access_token=[REDACTED]"))
			Expect(s).To(ContainSubstring("{Name:per_page Value:100}"))

			data, err := json.Marshal(o)
			Expect(err).NotTo(HaveOccurred())
			for _, part := range []string{"url", "userinfo", "param", "data", "auth"} {
				Expect(string(data)).To(ContainSubstring(secret + part))
			}
		})
	})

	Describe("URLs inside values", func() {
		It("print without their credentials, at any depth, and are sent as they are", func() {
			withUser := "https://u:" + secret + "pw@host.example/x"
			withToken := "https://host.example/cb?access_token=" + secret + "tok"
			o, err := e.Merge("GET {+u}/x", builder.Options{
				Params:  builder.Params{{Name: "u", Value: withUser}, {Name: "list", Value: []any{withToken}}},
				Request: map[string]any{"hook": map[string]any{"target": withUser}},
			})
			Expect(err).NotTo(HaveOccurred())
			expectRedacted(o)
			masked, err := json.Marshal(o.Redacted())
			Expect(err).NotTo(HaveOccurred())
			Expect(string(masked)).To(ContainSubstring(`"u":"https://[REDACTED]@host.example/x"`))
			Expect(string(masked)).To(ContainSubstring(`"list":["https://host.example/cb?access_token=[REDACTED]"]`))
			Expect(string(masked)).To(ContainSubstring(`"target":"https://[REDACTED]@host.example/x"`))

			r, err := e.Route("POST /hooks").Param("config", map[string]any{"url": withUser}).Meta("cb", withToken).Build()
			Expect(err).NotTo(HaveOccurred())
			expectRedacted(r)

			// In another header's value (a referer).
			h, err := e.Route("GET /x").Header("Referer", withUser).Build()
			Expect(err).NotTo(HaveOccurred())
			expectRedacted(h)
			Expect(h.Headers["referer"]).To(Equal(withUser))

			// In a query string the URL is percent-encoded; nested in a
			// query value, it is not.
			q, err := e.Route("GET /authorize").Param("redirect_uri", withUser).Param("next", "https://x.example/cb?next="+withToken).Build()
			Expect(err).NotTo(HaveOccurred())
			expectRedacted(q)
			Expect(q.URL).To(ContainSubstring(secret + "pw"))
			Expect(fmt.Sprint(r)).To(ContainSubstring("https://[REDACTED]@host.example/x"))

			body, err := json.Marshal(r)
			Expect(err).NotTo(HaveOccurred())
			Expect(string(body)).To(ContainSubstring(secret + "pw"))
			Expect(string(body)).To(ContainSubstring(secret + "tok"))

			// As an object's key, in a body, a request value and options
			// (masked keys that collide stay two members).
			keyed := map[string]any{withUser: 1, withUser + "2": 2, "plain": withToken}
			k, err := e.Route("POST /hooks").Param("routes", keyed).Meta("routes", keyed).Build()
			Expect(err).NotTo(HaveOccurred())
			expectRedacted(k)
			opts := builder.Options{Method: "POST", URL: "/x", Params: builder.Params{{Name: "routes", Value: keyed}}, Data: keyed}
			expectRedacted(opts)
			// As a request key or a parameter's name, at the top.
			top, err := e.Route("POST /x").Meta(withUser, 1).Meta("https://v:"+secret+"@host.example/x", 2).Build()
			Expect(err).NotTo(HaveOccurred())
			expectRedacted(top)
			Expect(top.Redacted().Request).To(HaveLen(2))
			expectRedacted(builder.Options{URL: "/x", Request: map[string]any{withUser: 1}, Params: builder.Params{{Name: withUser, Value: 1}}})
			Expect(k.Redacted().Body).To(MatchJSON(`{"routes":{"https://[REDACTED]@host.example/x":1,"https://[REDACTED]@host.example/x2":2,"plain":"https://host.example/cb?access_token=[REDACTED]"}}`))
		})

		It("keep two keys of a JSON value apart when they mask alike, as in a map", Label("regression"), func() {
			alike := map[string]any{"https://u:" + secret + "@h.example/x": 1, "https://v:" + secret + "@h.example/x": 2}
			r, err := e.Route("POST /hooks").Param("routes", alike).Build()
			Expect(err).NotTo(HaveOccurred())
			Expect(r.Redacted().Body).To(MatchJSON(`{"routes":{"https://[REDACTED]@h.example/x":1,"https://[REDACTED]@h.example/x (2)":2}}`))
			o := builder.Options{URL: "/x", Data: json.RawMessage(`{"https://u:p@h.example/x":1,"https://[REDACTED]@h.example/x":2}`)}
			Expect(o.Redacted().Data).To(MatchJSON(`{"https://[REDACTED]@h.example/x":1,"https://[REDACTED]@h.example/x (2)":2}`))
		})
	})

	Describe("errors", func() {
		It("never prints a header value", func() {
			_, err := e.Route("GET /user").Header("Authorization", "token "+secret+"\r\nx-injected: 1").Build()
			Expect(err).To(MatchError(headers.ErrInvalidValue))
			Expect(err.Error()).To(ContainSubstring("Authorization"))
			Expect(err.Error()).NotTo(ContainSubstring(secret))
			expectRedacted(err)

			var he *headers.Error
			Expect(errors.As(err, &he)).To(BeTrue())
			expectRedacted(he)
		})

		// Messages quote routes, URL templates and base URLs as given.
		badInputs := func() []error {
			_, err1 := e.Build("GET /user?access_token="+secret+"{", builder.Options{})
			_, err2 := e.Build("GET /user", builder.Options{BaseURL: "https://api.github.com?client_secret=" + secret})
			_, err3 := e.Build("GET https://me:"+secret+"@api.github.com/{", builder.Options{})
			Expect(err2).To(MatchError(builder.ErrInvalidBaseURL))
			return []error{err1, err2, err3}
		}

		It("masks credentials in routes and base URLs when formatted", func() {
			for _, err := range badInputs() {
				Expect(err).To(HaveOccurred())
				expectRedacted(err)
				Expect(fmt.Errorf("wrapped: %w", err).Error()).NotTo(ContainSubstring(secret))
			}
			Expect(fmt.Sprint(badInputs()[1])).To(ContainSubstring("client_secret=[REDACTED]"))
		})

		It("masks credentials in routes and base URLs in Error()", func() {
			for _, err := range badInputs() {
				Expect(err.Error()).NotTo(ContainSubstring(secret))
			}
		})

		It("masks a credential before it cuts a long input short", func() {
			_, err := e.Build("GET /user", builder.Options{BaseURL: "https://" + strings.Repeat("a", 100) + ":" + secret + strings.Repeat("x", 40) + "@h/x?"})
			Expect(err).To(MatchError(builder.ErrInvalidBaseURL))
			Expect(err.Error()).To(ContainSubstring("[REDACTED]"))
			Expect(err.Error()).NotTo(ContainSubstring(secret[:4]))
		})

		It("keeps a nil *Error printable", func() {
			var err *builder.Error
			Expect(fmt.Sprint(err)).To(Equal("<nil>"))
		})
	})
})

var _ = Describe("printing cyclic and huge values", func() {
	selfRef := func() map[string]any {
		m := map[string]any{"token": secret + "cycle"}
		m["self"] = m
		return m
	}
	twoRefs := func() map[string]any {
		m := map[string]any{}
		m["a"], m["b"] = m, m
		return m
	}

	It("ends, masks what cannot be converted, and still masks credentials", func() {
		o := builder.Options{Request: selfRef(), Data: twoRefs(), Params: builder.Params{{Name: "p", Value: []any{selfRef()}}}}
		for how, out := range map[string]string{"%v": fmt.Sprint(o), "%#v": fmt.Sprintf("%#v", o)} {
			Expect(out).To(ContainSubstring(builder.RedactedValue), how)
			Expect(out).NotTo(ContainSubstring(secret), how)
		}
		ro := builder.RequestOptions{Method: "post", URL: "https://x.test/", Body: twoRefs(), Request: selfRef()}
		Expect(ro.String()).To(ContainSubstring(builder.RedactedValue))
		Expect(ro.String()).NotTo(ContainSubstring(secret))
	})

	It("leaves acyclic values within the limits whole", func() {
		deep := any("leaf")
		for range builder.MaxDepth - 1 {
			deep = map[string]any{"d": deep}
		}
		s := fmt.Sprint(builder.RequestOptions{Body: deep})
		Expect(s).To(ContainSubstring("leaf"))
		Expect(s).NotTo(ContainSubstring(builder.RedactedValue))
	})

	// Typed values: converted as encoding/json would, then masked.
	type login struct {
		User  string `json:"user"`
		Token string `json:"token"`
	}
	DescribeTable("masks a credential inside typed values",
		func(v any) {
			r := builder.RequestOptions{Method: "post", URL: "https://x.test/", Body: v, Request: map[string]any{"v": v}}
			expectRedacted(r)
			expectRedacted(r.Redacted())
			o := builder.Options{Params: builder.Params{{Name: "v", Value: v}}, Data: v, Request: map[string]any{"v": v}}
			expectRedacted(o)
			expectRedacted(o.Redacted())
			built, err := builder.New(builder.WithURL("/x"), builder.WithMethod("POST")).Route("").Param("v", v).Meta("v", v).Build()
			Expect(err).NotTo(HaveOccurred())
			expectRedacted(built)
		},
		Entry("map[string]string", map[string]string{"token": secret + "m"}),
		Entry("[]map[string]any", []map[string]any{{"a": 1}, {"password": secret + "l"}}),
		Entry("a struct field tagged token", login{User: "u", Token: secret + "s"}),
		Entry("a pointer to one", &login{Token: secret + "p"}),
		Entry("private_key deep inside", map[string]any{"a": []any{map[string]any{"private_key": secret + "k"}}}),
	)
})

var _ = DescribeTable("RedactURL",
	func(in, want string) {
		Expect(builder.RedactURL(in)).To(Equal(want))
	},
	Entry("nothing to mask", "https://api.github.com/user?per_page=1#x", "https://api.github.com/user?per_page=1#x"),
	Entry("access_token", "https://api.github.com/user?access_token=abc", "https://api.github.com/user?access_token=[REDACTED]"),
	Entry("several, any case, fragment kept", "/x?a=1&CLIENT_SECRET=b&token=c&z=2#frag", "/x?a=1&CLIENT_SECRET=[REDACTED]&token=[REDACTED]&z=2#frag"),
	Entry("escaped name", "/x?access%5Ftoken=abc", "/x?access%5Ftoken=[REDACTED]"),
	Entry("empty value", "/x?access_token=&a=1", "/x?access_token=&a=1"),
	Entry("no value", "/x?access_token&a=1", "/x?access_token&a=1"),
	Entry("lookalike names", "/x?my_token=a&tokens=b&access_token_x=c", "/x?my_token=a&tokens=b&access_token_x=c"),
	Entry("template expression kept", "/x?access_token={token}{&client_secret}", "/x?access_token={token}{&client_secret}"),
	Entry("user and password", "https://u:p@ghe.example.com/api/v3", "https://[REDACTED]@ghe.example.com/api/v3"),
	Entry("user only", "https://tok@github.com/o/r.git", "https://[REDACTED]@github.com/o/r.git"),
	Entry("@ after the authority is not userinfo", "https://api.github.com/users/@me?q=a@b", "https://api.github.com/users/@me?q=a@b"),
	Entry("inside a message, twice",
		`parse "/x?access_token=abc{": template "/x?access_token=abc{" at offset 18`,
		`parse "/x?access_token=[REDACTED]{": template "/x?access_token=[REDACTED]{" at offset 18`),
	Entry("quoted by %q", `"https://h/?token=a\"b"`, `"https://h/?token=[REDACTED]"`),
	Entry("quoted by %q, in a message", `parse "https://h/?token=a\"b": bad`, `parse "https://h/?token=[REDACTED]": bad`),
	Entry("a quote inside a value", `/x?token=ab"cd`, `/x?token=[REDACTED]`),
	Entry("a quote and an ampersand inside a password", `https://u:a'b&c@h/x`, `https://[REDACTED]@h/x`),
	Entry("a scheme-relative URL", `//u:pw@h/x`, `//[REDACTED]@h/x`),
	Entry("a scheme-relative URL in quotes", `request "//u:pw@h/x": not absolute`, `request "//[REDACTED]@h/x": not absolute`),
	Entry("a query right after a bare //", `//&access_token=tok&a=1`, `//&access_token=[REDACTED]&a=1`),
	Entry("a double slash inside a path is not an authority", `/a//b@c/d`, `/a//b@c/d`),
	Entry("a URL where a query name would be", `https://proxy/?https://u:pw@h/a=b`, `https://proxy/?https://[REDACTED]@h/a=b`),
	Entry("an encoded URL where a query name would be", `/x?https%3A%2F%2Fu%3Apw%40h=1&a=2`, `/x?https%3A%2F%2F[REDACTED]%40h=1&a=2`),
	// Its scheme's colon as written: only decoded does it read as a URL, and it is written encoded again.
	Entry("an encoded URL with a plain colon where a query name would be", `/x?https:%2F%2Fu:pw%40h=1&a=2`, `/x?https%3A%2F%2F[REDACTED]%40h=1&a=2`),
	Entry("bracketed names", `/x?user[password]=pw&token[]=t&a[b]=c`, `/x?user[password]=[REDACTED]&token[]=[REDACTED]&a[b]=c`),
	Entry("a semicolon-separated name", `/x?a=1;access_token=tok`, `/x?a=1;access_token=[REDACTED]`),
	Entry("a password with an encoded ampersand, next to a token", `https://app/cb?next=https://u:a%26pw@h/?token=t`, `https://app/cb?next=https://[REDACTED]@h/?token=[REDACTED]`),
	Entry("an encoded URL whose password holds an ampersand", `/x?next=https%3A%2F%2Fu%3Aa%26pw%40h%2F`, `/x?next=https%3A%2F%2F[REDACTED]%40h%2F`),
	Entry("an encoded URL whose password holds a space", `/x?next=https%3A%2F%2Fu%3Aa%20pw%40h%2F`, `/x?next=https%3A%2F%2F[REDACTED]%40h%2F`),
	Entry("ends at a space", "GET /x?token=abc def", "GET /x?token=[REDACTED] def"),
	Entry("empty", "", ""),
	Entry("in the fragment (OAuth implicit grant)", "https://app.test/cb#access_token=abc&state=x", "https://app.test/cb#access_token=[REDACTED]&state=x"),
	Entry("in a Link header", `<https://api.github.com/user/repos?page=2&access_token=abc>; rel="next"`, `<https://api.github.com/user/repos?page=2&access_token=[REDACTED]>; rel="next"`),
	Entry("ends at a control byte", "/x?token=abc\x00def", "/x?token=[REDACTED]\x00def"),
	Entry("a lone question mark", "?", "?"),
	Entry("a URL inside a query value, with user information", "https://x/cb?next=https://alice:s3cret@h/&a=1", "https://x/cb?next=https://[REDACTED]@h/&a=1"),
	Entry("a URL inside a query value, with a token", "https://x/cb?next=https://h/?token=tok123", "https://x/cb?next=https://h/?token=[REDACTED]"),
	Entry("a percent-encoded URL in a query value", "/x?redirect_uri=https%3A%2F%2Falice%3As3cret%40h%2F&a=1", "/x?redirect_uri=https%3A%2F%2F[REDACTED]%40h%2F&a=1"),
	Entry("a percent-encoded token in a query value", "/x?state=a%26access_token%3Dtok123", "/x?state=a%26access_token%3D[REDACTED]"),
	Entry("an encoded value with nothing to mask stays as it was", "/x?q=a%20b%2Bc&r=%7E", "/x?q=a%20b%2Bc&r=%7E"),
	Entry("a URL encoded twice", "/x?u=https%253A%252F%252Fa%253Ab%2540h", "/x?u=https%253A%252F%252F[REDACTED]%2540h"),
	Entry("a token encoded twice, in a URL encoded once",
		"/x?next=https%3A%2F%2Fh%2Fcb%3Fstate%3Da%2526access_token%253Dtok123",
		"/x?next=https%3A%2F%2Fh%2Fcb%3Fstate%3Da%2526access_token%253D[REDACTED]"),
	Entry("a URL encoded three times", "/x?u=https%25253A%25252F%25252Fa%25253Ab%252540h", "/x?u=https%25253A%25252F%25252F[REDACTED]%252540h"),
	Entry("a URL after a doubled scheme", "https://https://alice:s3cret@h/", "https://https://[REDACTED]@h/"),
	Entry("a token after a bad escape, inside a value", "/x?state=%zz?token=tok123", "/x?state=%zz?token=[REDACTED]"),
	Entry("a token with a plus, inside an encoded value", "/x?state=%41?token=ab+cd", "/x?state=%41?token=[REDACTED]"),
	Entry("a token that decodes to a brace, inside an encoded value", "/x?state=%41?token=%7Babc", "/x?state=%41?token=[REDACTED]"),
	Entry("a URL encoded four times: the last by its escapes", "/x?u=https%2525253A%2525252F%2525252Fa%2525253Ab%25252540h", "/x?u=https%2525253A%2525252F%2525252F[REDACTED]%25252540h"),
	Entry("a URL encoded five times is past the bound", "/x?u=https%252525253A%252525252F%252525252Fa%252525253Ab%2525252540h", "/x?u=https%252525253A%252525252F%252525252Fa%252525253Ab%2525252540h"),
	Entry("a token in an encoded URL in a path segment", "/proxy/https%3A%2F%2Fh%2F%3Ftoken%3Dtok/x", "/proxy/https%3A%2F%2Fh%2F%3Ftoken%3D[REDACTED]/x"),
	Entry("an encoded URL in a path segment", "/proxy/https%3A%2F%2Fu%3Apw%40h%2F", "/proxy/https%3A%2F%2F[REDACTED]%40h%2F"),
	Entry("an encoded URL alone, escapes in lower case", "https%3a%2f%2fu%3apw%40h", "https%3a%2f%2f[REDACTED]%40h"),
	Entry("a password with & inside an encoded value", "https://app/cb?next=https://u:p%21&pw@h/", "https://app/cb?next=https://[REDACTED]@h/"),
	Entry("a route's :name in a password, rewritten to a brace", "//u{pw}@h/x", "//[REDACTED]@h/x"),
	Entry("more bracketed names", "/x?token[0]=a&token[a]=b&user[token][]=c&a[b]=d", "/x?token[0]=[REDACTED]&token[a]=[REDACTED]&user[token][]=[REDACTED]&a[b]=d"),
	// A browser reads these as URLs with user information; RFC 3986 does not.
	Entry("a web scheme without slashes", `link "https:u:pw@evil/x": foreign host`, `link "https:[REDACTED]@evil/x": foreign host`),
	Entry("a web scheme with backslashes", `https:\\u:pw@evil/x`, `https:\\[REDACTED]@evil/x`),
	Entry("a web scheme with one slash, in capitals", `HTTP:/u:pw@evil`, `HTTP:/[REDACTED]@evil`),
	Entry("a web scheme with three slashes", `wss:///u:pw@evil`, `wss:///[REDACTED]@evil`),
	Entry("not a web scheme", `mailto:me@example.com xhttps:u:pw@h`, `mailto:me@example.com xhttps:u:pw@h`),
)

var _ = It("RedactURL stays linear on nested encodings", func() {
	n := scaled(1_000_000) // units of each input: a fifth by default
	deep := "/x?u=" + strings.Repeat("%25", n/5) + "41"
	Expect(builder.RedactURL(deep)).To(Equal(deep))
	// Query strings in query values, each level encoded once more: every
	// level is read again, at most maxDecode times over.
	nested := "/x?u=" + strings.Repeat("%3Fa%3D%253Fb%253D%25253Fc%25253D", n/25)
	Expect(builder.RedactURL(nested)).To(Equal(nested))
	// Values read inside values, none encoded: each run read once.
	inner := "/x?a=" + strings.Repeat("?a=", n*7/20)
	Expect(builder.RedactURL(inner)).To(Equal(inner))
	Expect(builder.RedactURL(inner + "?token=t")).To(HaveSuffix("?a=?token=[REDACTED]"))
	masked := builder.RedactURL(nested + "%25253Ftoken%25253Dt")
	Expect(masked).To(HaveSuffix("%25253Ftoken%25253D[REDACTED]"))
	// Web schemes without "//", one after the other: each would read on
	// to the end for an "@".
	schemes := strings.Repeat("http:x", n/5)
	Expect(builder.RedactURL(schemes)).To(Equal(schemes))
	Expect(builder.RedactURL(schemes + "u:pw@h")).To(HaveSuffix("http:[REDACTED]@h"))
})

var _ = Describe("IsSensitiveParam", func() {
	It("knows the OAuth credential names in any case and nothing else", func() {
		for _, n := range []string{"access_token", "ACCESS_TOKEN", "client_secret", "refresh_token", "token", "Token", "password", "private_key", "Private_Key"} {
			Expect(builder.IsSensitiveParam(n)).To(BeTrue(), n)
		}
		for _, n := range []string{"", "client_id", "tokens", "access-token", "state", "authorization"} {
			Expect(builder.IsSensitiveParam(n)).To(BeFalse(), n)
		}
	})

	It("reads the list SensitiveParams shows, the one template's errors read too", func() {
		Expect(builder.SensitiveParams).To(Equal(redact.Names))
		for _, n := range builder.SensitiveParams {
			Expect(builder.IsSensitiveParam(n)).To(BeTrue(), n)
		}
	})
})

var _ = It("RedactURL returns strings without credentials unchanged", func() {
	s := strings.Repeat("/a?b=c&d=e", 10)
	Expect(builder.RedactURL(s)).To(Equal(s))
})

// IsSensitiveParam knew only bare names, so user[password]= was masked in a URL but
// shown by the Builder, its Options and a POST body.
var _ = Describe("a credential under a bracketed name", Label("regression"), func() {
	It("IsSensitiveParam knows the bracketed forms RedactURL masks", func() {
		for _, n := range []string{"user[password]", "token[]", "token[0]", "user[token][]", "Client[Client_Secret]", "a[b][access_token]"} {
			Expect(builder.IsSensitiveParam(n)).To(BeTrue(), n)
			Expect(builder.RedactURL("/x?"+n+"=v")).To(Equal("/x?"+n+"="+builder.RedactedValue), n)
		}
		for _, n := range []string{"a[b]", "tokens[]", "token[", "token]", "[]", "user[passwords]", "user[password", "x]token["} {
			Expect(builder.IsSensitiveParam(n)).To(BeFalse(), n)
			Expect(builder.RedactURL("/x?"+n+"=v")).To(Equal("/x?"+n+"=v"), n)
		}
	})

	verbs := []string{"%v", "%+v", "%#v", "%s"}

	It("masks it in a Builder, its Options and the result, as the URL masks it", func() {
		b := builder.New(builder.WithBaseURL("https://h.test")).Route("GET /x").
			Param("user[password]", "brS3CRET1").Param("token[]", []string{"brS3CRET2"})
		o, err := b.Merge()
		Expect(err).NotTo(HaveOccurred())
		r, err := b.Build()
		Expect(err).NotTo(HaveOccurred())
		Expect(r.URL).To(ContainSubstring("brS3CRET1")) // sent as it is
		for _, v := range verbs {
			for _, x := range []any{b, o, r, o.Redacted(), r.Redacted()} {
				Expect(fmt.Sprintf(v, x)).NotTo(ContainSubstring("S3CRET"), "%s of %T", v, x)
			}
		}
	})

	It("masks it as a JSON body key at any depth", func() {
		b := builder.New(builder.WithBaseURL("https://h.test")).Route("POST /x").
			Param("user[password]", "brS3CRET3").
			Param("user", map[string]any{"creds": []any{map[string]any{"token[]": []string{"brS3CRET4"}}}})
		r, err := b.Build()
		Expect(err).NotTo(HaveOccurred())
		sent, err := json.Marshal(r)
		Expect(err).NotTo(HaveOccurred())
		Expect(string(sent)).To(ContainSubstring("brS3CRET3")) // sent as it is
		for _, v := range verbs {
			for _, x := range []any{b, r, r.Redacted()} {
				Expect(fmt.Sprintf(v, x)).NotTo(ContainSubstring("S3CRET"), "%s of %T", v, x)
			}
		}
	})
})

// Header names that are no token, RemoveHeaders and the media type's names were
// printed as they were: `Headers: {"https://u:pass@h": …}` showed the password.
var _ = Describe("credentials in header names, removed headers and media type names", Label("regression"), func() {
	const secret = "s3cr3tPW"
	withUser := "https://u:" + secret + "@proxy.example/"
	withToken := "https://h.example/x?access_token=" + secret

	o := builder.Options{
		Method: "POST", URL: "/x",
		Headers:       map[string]string{withUser: "v", withToken: "w", "x-ok": "1"},
		RemoveHeaders: []string{withUser, withToken, "x-gone"},
		MediaType:     builder.MediaType{Format: withUser, Previews: []string{withToken, "squirrel-girl"}},
	}
	r := builder.RequestOptions{Method: "post", URL: "https://h.example/x",
		Headers: map[string]string{withUser: "v", withToken: "w", "x-ok": "1"}}

	It("never shows them with fmt or in Redacted", func() {
		for _, x := range []any{o, &o, r, &r, o.Redacted(), r.Redacted()} {
			for _, verb := range []string{"%v", "%+v", "%#v", "%s", "%q"} {
				s := fmt.Sprintf(verb, x)
				Expect(s).NotTo(ContainSubstring(secret), verb)
				Expect(s).To(ContainSubstring(builder.RedactedValue), verb)
			}
		}
		red := o.Redacted()
		Expect(red.Headers).To(HaveLen(3), "two names that mask alike stay apart")
		Expect(red.Headers).To(HaveKeyWithValue("x-ok", "1"))
		Expect(red.RemoveHeaders).To(HaveLen(3))
		Expect(red.RemoveHeaders[2]).To(Equal("x-gone"))
		Expect(red.MediaType.Previews[1]).To(Equal("squirrel-girl"))
		for _, name := range append(append([]string{red.MediaType.Format}, red.RemoveHeaders...), red.MediaType.Previews...) {
			Expect(name).NotTo(ContainSubstring(secret))
		}
		for name := range r.Redacted().Headers {
			Expect(name).NotTo(ContainSubstring(secret))
		}
		Expect(o.Headers).To(HaveKey(withUser), "o is unchanged")
		Expect(o.RemoveHeaders[0]).To(Equal(withUser))
		Expect(strings.Contains(o.MediaType.Format, secret)).To(BeTrue())
	})
})

// Redacted's copy shared the header map, RemoveHeaders and Previews with the
// original: a header added to the logged copy was sent.
var _ = Describe("a Redacted copy shares maps and slices with its original", Label("regression"), func() {
	It("RequestOptions.Redacted copies the header map, also with no sensitive header", func() {
		r, err := builder.New(builder.WithBaseURL("https://h")).Route("GET /x").Header("x-a", "1").Build()
		Expect(err).NotTo(HaveOccurred())
		want := r.Headers.Clone()
		red := r.Redacted()
		red.Headers["x-a"] = "changed"
		red.Headers["x-request-id"] = "42"
		Expect(r.Headers).To(Equal(want))
	})

	It("Options.Redacted copies headers, RemoveHeaders and previews", func() {
		o := builder.Options{
			Headers:       headers.Set{"x-a": "1"},
			RemoveHeaders: []string{"user-agent"},
			MediaType:     builder.MediaType{Format: "raw", Previews: []string{"mercy"}},
		}
		red := o.Redacted()
		red.Headers["x-a"] = "changed"
		red.RemoveHeaders[0] = "authorization"
		red.MediaType.Previews[0] = "changed"
		Expect(o.Headers).To(Equal(headers.Set{"x-a": "1"}))
		Expect(o.RemoveHeaders).To(Equal([]string{"user-agent"}))
		Expect(o.MediaType.Previews).To(Equal([]string{"mercy"}))
	})

	It("keeps a nil header map nil", func() {
		Expect(builder.Options{}.Redacted().Headers).To(BeNil())
		Expect(builder.RequestOptions{}.Redacted().Headers).To(BeNil())
	})
})

// User information holding a space, "<", "/", "?" or "#" was shown: RedactURL
// ended it there, and net/url reads such a password as a port or a path.
var _ = Describe("user information holding any byte", Label("regression"), func() {
	DescribeTable("RedactURL masks it in a URL alone",
		func(in, want string) {
			Expect(builder.RedactURL(in)).To(Equal(want))
		},
		Entry("a space", "https://u:pa ss@h/x", "https://[REDACTED]@h/x"),
		Entry("a < in the user name", "https://u<s:p@h", "https://[REDACTED]@h"),
		Entry("a /, which net/url reads as a port", "https://u:pa/ss@h/api", "https://[REDACTED]@h/api"),
		Entry("a ? and a #", "https://u:p?a#ss@h/api?token=t", "https://[REDACTED]@h/api?token=[REDACTED]"),
		Entry("a tab", "https://u:pa\tss@h/x", "https://[REDACTED]@h/x"),
		Entry("a quote before a colon, which net/url reads", "https://us':pass@host/x", "https://[REDACTED]@host/x"),
		Entry("scheme-relative", "//u:pa ss@h/x", "//[REDACTED]@h/x"),
		Entry("a web scheme without slashes", "https:u:pa ss@h/x", "https:[REDACTED]@h/x"),
		Entry("four slashes, which net/url reads as an empty host", "https:////u:p@h/x", "https:////[REDACTED]@h/x"),
		Entry("a URL net/url reads keeps its path and query", "https://u:p@h/users/@me?q=a@b", "https://[REDACTED]@h/users/@me?q=a@b"),
		Entry("what net/url reads as a port and a path stays (RedactRawURL masks it)", "https://u:12/ab@h/", "https://u:12/ab@h/"),
	)

	DescribeTable("RedactRawURL masks it in a URL, base URL or host as given",
		func(in, want string) {
			Expect(builder.RedactRawURL(in)).To(Equal(want))
		},
		Entry("a space", "https://u:pa ss@h/x", "https://[REDACTED]@h/x"),
		Entry("what net/url reads as a port and a path", "https://u:12/ab@h/api", "https://[REDACTED]@h/api"),
		Entry("no scheme", "x-access-token:T@ghe.example.com/api/v3", "[REDACTED]@ghe.example.com/api/v3"),
		Entry("no scheme, a space", "user:pa ss@host/x", "[REDACTED]@host/x"),
		Entry("no scheme, a /", "user:pa/ss@host/x", "[REDACTED]@host/x"),
		Entry("no scheme, // in the password", "user:pa//ss@host", "[REDACTED]@host"),
		Entry("a token in the query too", "user:p@host/?access_token=t", "[REDACTED]@host/?access_token=[REDACTED]"),
		Entry("a path", "/api/v3", "/api/v3"),
		Entry("a host", "ghe.example.com:8443", "ghe.example.com:8443"),
		Entry("an @ in a path is taken for the end of user information", "https://h/logo@2x.png", "https://[REDACTED]@2x.png"),
		Entry("empty", "", ""),
	)

	It("masks the input of an Error made by hand, however printed", func() {
		e := &builder.Error{Op: "base url", Input: "https://u:pa ss@h/x", Err: builder.ErrInvalidBaseURL}
		for _, s := range []string{e.Error(), fmt.Sprintf("%v", e), fmt.Sprintf("%#v", e), fmt.Sprintf("%q", e)} {
			Expect(s).NotTo(ContainSubstring("pa ss"))
			Expect(s).To(ContainSubstring("https://[REDACTED]@h/x"))
		}
		e = &builder.Error{Op: "route", Input: "GET user:pa ss@h/x", Err: builder.ErrInvalidRoute}
		Expect(e.Error()).To(Equal(`endpoint: route "GET [REDACTED]@h/x": invalid route`))
	})

	It("keeps an Error's Input masked, so that it can be logged as it is", func() {
		_, err := builder.New().Route("GET /x").BaseURL("https://u:pa/ss@h/api").Build()
		var e *builder.Error
		Expect(errors.As(err, &e)).To(BeTrue())
		Expect(e.Input).To(Equal("https://[REDACTED]@h/api"))
		_, err = builder.RequestOptions{Method: "GET", URL: "u:pa ss@h/x"}.HTTPRequest(context.Background())
		Expect(errors.As(err, &e)).To(BeTrue())
		Expect(e.Input).To(Equal("[REDACTED]@h/x"))
		_, err = builder.New().Route("GET https://u:pa ss@h/x").Build()
		Expect(errors.As(err, &e)).To(BeTrue())
		Expect(e.Input).To(Equal("GET https://[REDACTED]@h/x"))
	})

	It("masks a template's password in the template's own error, which errors.As finds", func() {
		_, err := builder.New().Route("GET https://us<er:secret@h/x").Build()
		Expect(err).To(MatchError(template.ErrSyntax))
		var te *template.Error
		Expect(errors.As(err, &te)).To(BeTrue())
		Expect(te.Error()).NotTo(ContainSubstring("secret"))
		Expect(te.Template).To(Equal("https://us<er:secret@h/x"), "the field keeps the text")
		for e := error(te); e != nil; e = errors.Unwrap(e) {
			Expect(e.Error()).NotTo(ContainSubstring("secret"))
		}
	})

	It("says why net/url refuses a URL without a piece of its password", func() {
		_, err := builder.New().Route("GET https://user:pa/ss@h/api").Build()
		Expect(err).To(MatchError(builder.ErrInvalidHost))
		Expect(err.Error()).To(Equal(`endpoint: parse "https://[REDACTED]@h/api": invalid host: invalid user information (percent-encode it)`))
		_, err = builder.New().Route("GET /x").BaseURL("https://user:pa%zz@h/api%zz").Build()
		Expect(err).To(MatchError(builder.ErrInvalidBaseURL))
		Expect(err.Error()).To(HaveSuffix(`invalid host: invalid URL escape "%zz"`))
		Expect(err.Error()).NotTo(ContainSubstring("pa%"))
	})
})
