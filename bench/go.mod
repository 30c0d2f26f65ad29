module github.com/endpointkit/endpoint/bench

go 1.26.0

replace github.com/endpointkit/endpoint => ../

require (
	github.com/carlmjohnson/requests v0.23.5
	github.com/dghubble/sling v1.4.2
	github.com/endpointkit/endpoint v0.0.0-00010101000000-000000000000
	github.com/go-resty/resty/v2 v2.17.2
	github.com/google/go-github/v92 v92.0.0
	github.com/google/go-querystring v1.2.0
	github.com/onsi/ginkgo/v2 v2.34.0
	github.com/onsi/gomega v1.44.0
)

require (
	dario.cat/mergo v1.0.2 // indirect
	github.com/Masterminds/semver/v3 v3.4.0 // indirect
	github.com/go-logr/logr v1.4.3 // indirect
	github.com/go-task/slim-sprig/v3 v3.0.0 // indirect
	github.com/google/go-cmp v0.7.0 // indirect
	github.com/google/pprof v0.0.0-20260402051712-545e8a4df936 // indirect
	github.com/yosida95/uritemplate/v3 v3.0.2 // indirect
	go.yaml.in/yaml/v3 v3.0.5 // indirect
	golang.org/x/mod v0.36.0 // indirect
	golang.org/x/net v0.56.0 // indirect
	golang.org/x/sync v0.21.0 // indirect
	golang.org/x/sys v0.46.0 // indirect
	golang.org/x/text v0.38.0 // indirect
	golang.org/x/tools v0.45.0 // indirect
)
