#!/usr/bin/env bash
# Generates the Go binding of the installed CDK framework (cdktf, or cdktn) from its npm package's
# jsii assembly, into a cache keyed by version, and prints the module's directory.
#
#   scripts/go-bindings.sh cdktf|cdktn
#
# Also links .go-bindings/<framework> (never committed) at the cached module, so the test and
# example modules can name it with a relative `replace` directive.
#
# Why: the suites test the library against the framework's npm package it is built with (the Go module
# proxy serves cdktf's v0.21.0 too, but not cdktn's v0.24.0), so test/go and examples/go point at this binding with a `replace`
# directive that lives only in their own go.mod, never in the published one. jsii-pacmak writes its
# sources (a few seconds); the first `go test` compiles it against github.com/aws/constructs-go and
# github.com/aws/jsii-runtime-go from the Go module proxy (about 15 s on 2 cores, then Go's build cache).
# Cache: <cache>/go-bindings/<framework>/<version>/
#   (<cache>: $STATE_BACKENDS_CACHE, else what scripts/cache-dir.js decides)
#
# Outside CI, a binding that cannot be made (no Go, a failed build) exits 3 after a loud warning, and
# the callers skip the Go suite; under CI (CI set) it is a failure (exit 1).
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
framework=${1:?usage: scripts/go-bindings.sh cdktf|cdktn}
case "$framework" in
  cdktf) pkg="$root/node_modules/cdktf" ;;
  cdktn) pkg="$root/packages/cdktn-state-backends/node_modules/cdktn" ;;
  *) echo "go-bindings: unknown framework '$framework' (cdktf or cdktn)" >&2; exit 2 ;;
esac

missing() {
  if [ -n "${CI:-}" ]; then
    echo "go-bindings: $1 (CI is set, so this is a failure)" >&2
    exit 1
  fi
  echo "" >&2
  echo "!!! go-bindings: $1; the Go suite and example are SKIPPED" >&2
  echo "" >&2
  exit 3
}

[ -f "$pkg/package.json" ] || missing "$pkg is not installed (run npm ci)"
version=$(node -p "require('$pkg/package.json').version")
dir="${STATE_BACKENDS_CACHE:-$(node "$root/scripts/cache-dir.js")}/go-bindings/$framework/$version"
module="$dir/$framework"
# shellcheck source=install-lib.sh
. "$root/scripts/install-lib.sh"
key=$(install_key "$root/scripts/go-bindings.sh")

if ! current "$dir" "$key"; then
  command -v go >/dev/null 2>&1 || missing "go is not on PATH (Go 1.26 builds the $framework binding)"
  mkdir -p "$dir"
  # Another checkout may be generating the same version: wait for it rather than build twice.
  exec 9>"$dir/.lock"
  flock 9
  if ! current "$dir" "$key"; then
    echo "go-bindings: generating the Go binding of $framework $version into $dir (first time, or since this step changed; a few seconds)" >&2
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
    if ! (cd "$root" && GOTOOLCHAIN=local JSII_SILENCE_WARNING_END_OF_LIFE_NODE_VERSION=20 \
      npx jsii-pacmak "$pkg" --target go --outdir "$work" --no-npmignore >&2); then
      missing "jsii-pacmak could not build the Go binding of $framework $version"
    fi
    rm -rf "$module"
    mv "$work/go/$framework" "$module"
    stamp "$dir" "$key"
  fi
  exec 9>&-
fi
mkdir -p "$root/.go-bindings"
ln -sfn "$module" "$root/.go-bindings/$framework"
echo "$module"
