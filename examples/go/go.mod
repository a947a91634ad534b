// The Go example: the packaged module (dist/go, from `npx projen package:go`) as a Go user imports it.
// The replace directives live only here, never in the published go.mod: dist/go is the module the
// example, and .go-bindings/cdktf is cdktf's Go binding that scripts/go-bindings.sh generates from
// the npm package the library is built with (the Go module proxy serves cdktf's v0.21.0 too).
module github.com/statebackends/cdktf-state-backends/examples/go

go 1.25.0

require (
	github.com/aws/jsii-runtime-go v1.140.0
	github.com/hashicorp/terraform-cdk-go/cdktf v0.21.0
	github.com/statebackends/cdktf-state-backends-go/cdktfstatebackends v0.1.0
)

require (
	github.com/Masterminds/semver/v3 v3.5.0 // indirect
	github.com/aws/constructs-go/constructs/v10 v10.5.0 // indirect
	github.com/fatih/color v1.19.0 // indirect
	github.com/mattn/go-colorable v0.1.14 // indirect
	github.com/mattn/go-isatty v0.0.24 // indirect
	github.com/yuin/goldmark v1.7.16 // indirect
	golang.org/x/lint v0.0.0-20241112194109-818c5a804067 // indirect
	golang.org/x/mod v0.39.0 // indirect
	golang.org/x/sync v0.22.0 // indirect
	golang.org/x/sys v0.47.0 // indirect
	golang.org/x/telemetry v0.0.0-20260811182544-a038080d80e5 // indirect
	golang.org/x/tools v0.49.0 // indirect
	golang.org/x/tools/cmd/godoc v0.1.0-deprecated // indirect
	golang.org/x/tools/godoc v0.1.0-deprecated // indirect
)

replace (
	github.com/hashicorp/terraform-cdk-go/cdktf => ../../.go-bindings/cdktf
	github.com/statebackends/cdktf-state-backends-go/cdktfstatebackends => ../../dist/go/cdktfstatebackends
)
