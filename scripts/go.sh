#!/usr/bin/env bash
# Runs the Go suite (test/go, `go test ./...`) or the Go example (examples/go, `go run .`) against
# the module jsii-pacmak just wrote to dist/go (`npx projen package:go`), with cdktf's Go binding
# from scripts/go-bindings.sh. Arguments after the command go to `go test` or to the example.
#
#   scripts/go.sh test|test-cdktn|example [ARGS...]
#
# test-cdktn runs the same suite on the CDK Terrain flavour: a copy in test/.go-cdktn (never
# committed) whose imports name cdktn's Go binding (as `cdktf`, so the code is unchanged) and
# packages/cdktn-state-backends/dist/go (`npx projen cdktn:compile`, then its package:go). The
# README snippets test stays with the cdktf flavour (the README is written for it). cdktn 0.24.0
# asks for constructs-go v10.6.0, which the Go module proxy's version list omits (it serves v10.6.0
# when asked by version); the copy takes v10.8.1, the newest 10.x in that list.
#
# Outside CI, a missing Go or binding skips the run with a loud warning; under CI (CI set) it fails.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
command=${1:?usage: scripts/go.sh test|test-cdktn|example [ARGS...]}
shift

skip() {
  if [ -n "${CI:-}" ]; then
    echo "go: $1 (CI is set, so this is a failure)" >&2
    exit 1
  fi
  echo "" >&2
  echo "!!! go: $1; the Go $command is SKIPPED" >&2
  echo "" >&2
  exit 0
}

command -v go >/dev/null 2>&1 || skip "go is not on PATH (Go 1.26 runs the Go suite and example)"
framework=cdktf module="$root/dist/go/cdktfstatebackends"
if [ "$command" = test-cdktn ]; then
  framework=cdktn module="$root/packages/cdktn-state-backends/dist/go/cdktnstatebackends"
fi
[ -f "$module/go.mod" ] || skip "${module#"$root/"} is missing (run the package:go task of that flavour)"
status=0
bash "$root/scripts/go-bindings.sh" "$framework" >/dev/null || status=$?
case $status in
  0) ;;
  3) exit 0 ;; # go-bindings.sh warned already
  *) exit "$status" ;;
esac

# The machine's own Go, never a toolchain download; the modules come from the Go module proxy.
export GOTOOLCHAIN=local JSII_SILENCE_WARNING_END_OF_LIFE_NODE_VERSION=20 CHECKPOINT_DISABLE=1
case "$command" in
  test) cd "$root/test/go" && exec go test -count=1 "$@" ./... ;;
  test-cdktn)
    copy="$root/test/.go-cdktn"
    rm -rf "$copy" && mkdir -p "$copy"
    for f in "$root"/test/go/*_test.go; do
      [ "$(basename "$f")" = readme_test.go ] && continue
      sed -e 's#"github.com/hashicorp/terraform-cdk-go/cdktf"#cdktf "github.com/open-constructs/cdk-terrain-go/cdktn"#' \
        -e 's#github.com/statebackends/cdktf-state-backends-go/cdktfstatebackends#github.com/statebackends/cdktn-state-backends-go/cdktnstatebackends#' \
        "$f" > "$copy/$(basename "$f")"
    done
    cp "$root/test/go/go.sum" "$copy/go.sum"
    cat > "$copy/go.mod" <<'MOD'
module github.com/statebackends/cdktf-state-backends/test/go-cdktn

go 1.25

require (
	github.com/aws/constructs-go/constructs/v10 v10.6.0
	github.com/aws/jsii-runtime-go v1.140.0
	github.com/open-constructs/cdk-terrain-go/cdktn v0.24.0
	github.com/statebackends/cdktn-state-backends-go/cdktnstatebackends v0.0.0
)

replace (
	github.com/aws/constructs-go/constructs/v10 => github.com/aws/constructs-go/constructs/v10 v10.8.1
	github.com/open-constructs/cdk-terrain-go/cdktn => ../../.go-bindings/cdktn
	github.com/statebackends/cdktn-state-backends-go/cdktnstatebackends => ../../packages/cdktn-state-backends/dist/go/cdktnstatebackends
)
MOD
    cd "$copy" && GOFLAGS=-mod=mod go mod tidy && exec go test -count=1 "$@" ./...
    ;;
  example) cd "$root/examples/go" && exec go run . "$@" ;;
  *) echo "go: unknown command '$command' (test, test-cdktn or example)" >&2; exit 2 ;;
esac
