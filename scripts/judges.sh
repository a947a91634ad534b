#!/usr/bin/env bash
# Builds the OpenTofu judges the tests use, from the Go module proxy, into a cache keyed by version,
# and prints one line per judge: "<tool> <version> <path>".
#
#   scripts/judges.sh [VERSION ...]
#
# Versions: the arguments, else $CDKTF_STATE_BACKENDS_OPENTOFU_JUDGES (space-separated, which the
# tests read too, for a wider matrix), else scripts/opentofu-judges.txt.
#
# OpenTofu's go.mod has replace directives, so `go install ...@version` refuses it; a throwaway
# wrapper module that requires OpenTofu and copies its go, godebug and replace lines builds cmd/tofu
# with the release flags. Needs Go 1.26+ (about 10 minutes per version on 2 cores when cold,
# seconds when cached). Cache: ${CDKTF_STATE_BACKENDS_CACHE:-~/.cache/cdktf-state-backends}/tofu/<version>/tofu
#
# Outside CI, CDKTF_STATE_BACKENDS_SKIP_JUDGES=1 (or no Go on PATH) skips the build with a warning;
# the tests then skip the missing judges, loudly. Under CI (CI set) a judge that cannot be had is
# a failure.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
cache="${CDKTF_STATE_BACKENDS_CACHE:-$HOME/.cache/cdktf-state-backends}/tofu"
versions=("$@")
if [ ${#versions[@]} -eq 0 ] && [ -n "${CDKTF_STATE_BACKENDS_OPENTOFU_JUDGES:-}" ]; then
  read -r -a versions <<< "$CDKTF_STATE_BACKENDS_OPENTOFU_JUDGES"
fi
if [ ${#versions[@]} -eq 0 ]; then
  mapfile -t versions < <(sed -e 's/#.*//' -e 's/[[:space:]]//g' -e '/^$/d' "$here/opentofu-judges.txt")
fi

missing() {
  local why=$1
  if [ -n "${CI:-}" ]; then
    echo "judges: $why (CI is set, so this is a failure)" >&2
    exit 1
  fi
  echo "" >&2
  echo "!!! judges: $why; the tests will skip the OpenTofu judges" >&2
  echo "" >&2
  exit 0
}

all_built=true
for v in "${versions[@]}"; do [ -x "$cache/$v/tofu" ] || all_built=false; done

if ! $all_built; then
  if [ -n "${CDKTF_STATE_BACKENDS_SKIP_JUDGES:-}" ]; then
    missing "CDKTF_STATE_BACKENDS_SKIP_JUDGES is set, not building OpenTofu ${versions[*]}"
  fi
  if ! command -v go >/dev/null 2>&1; then
    missing "go is not on PATH; OpenTofu judges are built from the Go module proxy and need Go 1.26+"
  fi
fi

build() {
  local v=$1 dir="$cache/$1" work started
  [ -x "$dir/tofu" ] && return 0
  mkdir -p "$dir"
  # Another checkout may be building the same version: wait for it rather than build twice.
  exec 9>"$dir/.lock"
  flock 9
  if [ -x "$dir/tofu" ]; then exec 9>&-; return 0; fi
  echo "judges: building OpenTofu $v into $dir (first time only, about 10 minutes on 2 cores)" >&2
  started=$SECONDS
  work=$(mktemp -d)
  (
    cd "$work"
    export GOFLAGS=-mod=mod GOTOOLCHAIN=local
    local mod
    mod=$(go mod download -json "github.com/opentofu/opentofu@v$v" | sed -n 's/.*"GoMod": "\(.*\)",/\1/p')
    {
      echo "module judges.local/tofu"
      echo
      # go line, godebug block and replace lines (single-line or block form) from OpenTofu's go.mod
      awk '/^go [0-9]/ {print; next}
           /^(godebug|replace) \(/ {blk=1}
           blk {print; if ($0 ~ /^\)/) blk=0; next}
           /^(godebug|replace) / {print}' "$mod"
      echo
      echo "require github.com/opentofu/opentofu v$v"
    } > go.mod
    echo 'package judges' > tools.go
    go get "github.com/opentofu/opentofu/cmd/tofu@v$v" >&2
    CGO_ENABLED=0 go build -trimpath \
      -ldflags "-s -w -X github.com/opentofu/opentofu/version.dev=no" \
      -o "$dir/tofu.tmp" github.com/opentofu/opentofu/cmd/tofu >&2
  ) || { rm -rf "$work" "$dir/tofu.tmp"; echo "judges: building OpenTofu $v failed" >&2; exit 1; }
  rm -rf "$work"
  mv "$dir/tofu.tmp" "$dir/tofu"
  exec 9>&-
  echo "judges: built OpenTofu $v in $((SECONDS - started)) s" >&2
}

for v in "${versions[@]}"; do
  build "$v"
  # An empty CLI config: without one, tofu may print a warning on stdout.
  # Not `| head -1`: under pipefail, tofu writing its second line after head exits (SIGPIPE) would
  # fail the script now and then.
  got=$(TF_CLI_CONFIG_FILE=/dev/null "$cache/$v/tofu" version)
  got=${got%%$'\n'*}
  if [ "$got" != "OpenTofu v$v" ]; then
    echo "judges: $cache/$v/tofu printed '$got', expected 'OpenTofu v$v'" >&2
    exit 1
  fi
  echo "opentofu $v $cache/$v/tofu"
done
