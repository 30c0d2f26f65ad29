module github.com/endpointkit/endpoint/examples

go 1.26.0

require (
	github.com/endpointkit/endpoint v0.0.0
	github.com/go-resty/resty/v2 v2.17.2
	github.com/google/go-github/v93 v93.0.0
)

require (
	dario.cat/mergo v1.0.2 // indirect
	github.com/google/go-querystring v1.2.0 // indirect
	github.com/yosida95/uritemplate/v3 v3.0.2 // indirect
	golang.org/x/net v0.56.0 // indirect
)

replace github.com/endpointkit/endpoint => ../
