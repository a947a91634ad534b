#!/usr/bin/env bash
# Builds the OpenTofu judges the tests use, from the Go module proxy, into a cache keyed by version,
# and prints one line per judge: "<tool> <version> <path>".
#
#   scripts/judges.sh [VERSION ...]      (default: the versions in OPENTOFU_JUDGES below)
#
# OpenTofu's go.mod has replace directives, so `go install ...@version` refuses it; a throwaway
# wrapper module that requires OpenTofu and copies its go, godebug and replace lines builds cmd/tofu
# with the release flags. Needs Go 1.26+ (about 10 minutes per version on 2 cores when cold,
# seconds when cached). Cache: ${CDKTF_STATE_BACKENDS_CACHE:-~/.cache/cdktf-state-backends}/tofu/<version>/tofu
set -euo pipefail

OPENTOFU_JUDGES=(1.12.6 1.6.3)
cache="${CDKTF_STATE_BACKENDS_CACHE:-$HOME/.cache/cdktf-state-backends}/tofu"
versions=("$@")
[ ${#versions[@]} -gt 0 ] || versions=("${OPENTOFU_JUDGES[@]}")

if ! command -v go >/dev/null 2>&1; then
  echo "judges: go is not on PATH; OpenTofu judges are built from the Go module proxy and need Go 1.26+" >&2
  exit 1
fi

build() {
  local v=$1 dir="$cache/$1" work
  [ -x "$dir/tofu" ] && return 0
  echo "judges: building OpenTofu $v into $dir (first time only, several minutes)" >&2
  work=$(mktemp -d)
  trap 'rm -rf "$work"' RETURN
  mkdir -p "$dir"
  (
    cd "$work"
    local mod
    mod=$(GOFLAGS=-mod=mod go mod download -json "github.com/opentofu/opentofu@v$v" | sed -n 's/.*"GoMod": "\(.*\)",/\1/p')
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
    GOFLAGS=-mod=mod go get "github.com/opentofu/opentofu/cmd/tofu@v$v" >&2
    CGO_ENABLED=0 GOFLAGS=-mod=mod go build -trimpath \
      -ldflags "-s -w -X github.com/opentofu/opentofu/version.dev=no" \
      -o "$dir/tofu.tmp" github.com/opentofu/opentofu/cmd/tofu >&2
  )
  mv "$dir/tofu.tmp" "$dir/tofu"
}

for v in "${versions[@]}"; do
  build "$v"
  got=$(TF_CLI_CONFIG_FILE=/dev/null "$cache/$v/tofu" version | head -1)
  if [ "$got" != "OpenTofu v$v" ]; then
    echo "judges: $cache/$v/tofu printed '$got', expected 'OpenTofu v$v'" >&2
    exit 1
  fi
  echo "opentofu $v $cache/$v/tofu"
done
