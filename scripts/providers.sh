#!/usr/bin/env bash
# Builds the Terraform providers of scripts/providers.txt (the view of test/support/provider-rows.ts)
# into a cache keyed by version, installs them in a filesystem mirror that Terraform and OpenTofu
# read through a generated CLI config, and prints one line per provider: "<name> <version> <path>".
#
#   scripts/providers.sh [NAME ...]        (npx projen providers; the names select rows)
#
# - "archive": built from the row's source archive ($STATE_BACKENDS_PROVIDERS_SRC, else
#   ../shared/providers/ beside the repository), checked against the row's sha256; the
#   dependencies come from the Go module proxy (GOFLAGS=-mod=mod).
# - "proxy": `go install` of the row's module at its version from the Go module proxy.
# $STATE_BACKENDS_PROVIDER_<NAME> (GOOGLE, AZURERM) names a binary to use instead (the provider's
# release binary; the release workflow uses it). Each other is
# <cache>/providers/<name>/<version>/terraform-provider-<name>, built with
# CGO_ENABLED=0 go build -trimpath -ldflags "-s -w" (stripped, as the providers' release builds are),
# once per machine under a flock (another checkout building it is waited for), and counts only
# under the key of this script and the tasks' environment (scripts/install-lib.sh) and of what of
# its row decides the build (so adding a resource type to a row rebuilds nothing).
# A build prints its time and the binary's size. The cache is looked at first: a clone with no
# archive beside it uses the binary a first build left there.
#
# The mirror, <cache>/providers/mirror, holds each built provider (a link to the binary) as
# registry.terraform.io/<namespace>/<name> and registry.opentofu.org/<namespace>/<name> in the
# unpacked layout; <cache>/providers/providers.tfrc is the CLI config (TF_CLI_CONFIG_FILE) whose
# only installation method is that mirror, so `init` never reaches a registry.
#
# A row marked builds=no (test/support/provider-rows.ts says why) is skipped unless named, and
# its resources are held to the schema read from its source instead.
#
# Builds need Go 1.26+ and run one at a time. Outside CI, STATE_BACKENDS_SKIP_PROVIDERS=1 (or no
# Go, or no archive) skips a missing provider with a loud warning; the tests then skip its checks,
# loudly. Under CI (CI set) a provider that cannot be had is a failure.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
cache="${STATE_BACKENDS_CACHE:-$(node "$here/cache-dir.js")}"
# shellcheck source=install-lib.sh
. "$here/install-lib.sh"
# A built provider counts under the key of this script and the tasks' environment, and of its row's build.
key=$(install_key "$here/providers.sh")
src="${STATE_BACKENDS_PROVIDERS_SRC:-$root/../shared/providers}"
mirror="$cache/providers/mirror"
failed=false

# The list: "<name> <namespace> <version> <from> key=value ..." per provider, comments and blank lines dropped.
mapfile -t rows < <(sed -e 's/#.*//' "$here/providers.txt" | awk 'NF')
for want in "$@"; do
  printf '%s\n' "${rows[@]}" | awk -v n="$want" '$1 == n {found=1} END {exit !found}' \
    || { echo "providers: scripts/providers.txt has no provider $want" >&2; exit 2; }
done

key_of() {
  local key=$1 word
  shift
  for word in "$@"; do [[ $word == "$key="* ]] && { echo "${word#"$key"=}"; return; }; done
  echo ""
}

missing() {
  local why=$1
  if [ -n "${CI:-}" ]; then
    echo "providers: $why (CI is set, so this is a failure)" >&2
    failed=true
    return
  fi
  echo "" >&2
  echo "!!! providers: $why; the tests will skip this provider's checks" >&2
  echo "" >&2
}

can_build() {
  if [ -n "${STATE_BACKENDS_SKIP_PROVIDERS:-}" ]; then
    missing "STATE_BACKENDS_SKIP_PROVIDERS is set, not building $1"; return 1
  fi
  if ! command -v go >/dev/null 2>&1; then
    missing "go is not on PATH; $1 is built with Go 1.26+"; return 1
  fi
}

# The Go platform of this machine, as the mirror names it (linux_amd64).
platform() {
  local arch
  case "$(uname -m)" in x86_64) arch=amd64 ;; aarch64 | arm64) arch=arm64 ;; *) arch=$(uname -m) ;; esac
  echo "$(uname -s | tr '[:upper:]' '[:lower:]')_$arch"
}

# Size of a file in MB, one decimal.
megabytes() { awk -v b="$(stat -c %s "$1")" 'BEGIN { printf "%.1f MB", b / 1000000 }'; }

# Runs "$@" (a build writing $out.tmp) once per machine and key under the lock of $dir, then moves it to $out.
build_once() {
  local what=$1 how=$2 dir=$3 out=$4 rowkey=$5 started
  shift 5
  mkdir -p "$dir"
  exec 9>"$dir/.lock"
  flock 9
  if [ -x "$out" ] && current "$dir" "$rowkey"; then exec 9>&-; return 0; fi
  echo "providers: building $what $how into $dir (first time, or since this step changed); load average $(cut -d' ' -f1-3 /proc/loadavg)" >&2
  started=$SECONDS
  if ! "$@"; then
    rm -f "$out.tmp"; exec 9>&-
    echo "providers: building $what failed" >&2
    return 1
  fi
  mv "$out.tmp" "$out"
  stamp "$dir" "$rowkey"
  exec 9>&-
  echo "providers: built $what in $((SECONDS - started)) s, $(megabytes "$out"); load average $(cut -d' ' -f1-3 /proc/loadavg)" >&2
}

build_archive() {
  local archive=$1 sum=$2 out=$3 work status=0
  if ! echo "$sum  $archive" | sha256sum --check --status; then
    echo "providers: $archive does not have the sha256 scripts/providers.txt gives ($sum)" >&2
    return 1
  fi
  work=$(mktemp -d)
  (
    tar -xzf "$archive" -C "$work"
    cd "$work"/*/
    export GOFLAGS=-mod=mod GOTOOLCHAIN=local
    CGO_ENABLED=0 go build -trimpath -ldflags "-s -w" -o "$out.tmp" . >&2
  ) || status=$?
  chmod -R u+w "$work" 2>/dev/null || true
  rm -rf "$work"
  return $status
}

build_proxy() {
  local module=$1 version=$2 out=$3 bin status=0
  bin=$(mktemp -d)
  (
    export GOBIN=$bin GOFLAGS= GOTOOLCHAIN=local
    CGO_ENABLED=0 go install -trimpath -ldflags "-s -w" "$module@$version" >&2
    mv "$bin/${module##*/}" "$out.tmp"
  ) || status=$?
  rm -rf "$bin"
  return $status
}

# Links the binary into the mirror for both tools.
install_mirror() {
  local name=$1 namespace=$2 version=$3 bin=$4 host dir
  for host in registry.terraform.io registry.opentofu.org; do
    dir="$mirror/$host/$namespace/$name/$version/$(platform)"
    mkdir -p "$dir"
    ln -sfn "$bin" "$dir/terraform-provider-${name}_v$version"
  done
}

# Prints "<name> <version> <binary>" when the binary is a provider (run alone, a plugin says so).
report() {
  local name=$1 namespace=$2 version=$3 bin=$4 got
  got=$("$bin" 2>&1 </dev/null) || true
  if [[ $got != *"This binary is a plugin"* ]]; then
    echo "providers: $bin does not run as a Terraform plugin: ${got%%$'\n'*}" >&2
    failed=true
    return
  fi
  install_mirror "$name" "$namespace" "$version" "$bin"
  echo "$name $version $bin"
}

provider() {
  local name=$1 namespace=$2 version=$3 from=$4 dir out rowkey archive module var
  shift 4
  var="STATE_BACKENDS_PROVIDER_$(echo "$name" | tr '[:lower:]' '[:upper:]')"
  if [ -n "${!var:-}" ]; then
    report "$name" "$namespace" "$version" "${!var}"
    return 0
  fi
  dir="$cache/providers/$name/$version"
  out="$dir/terraform-provider-$name"
  # What of the row decides the build (not its resource types).
  rowkey="$key-$(printf '%s ' "$name" "$namespace" "$version" "$from" "$(key_of archive "$@")" "$(key_of sha256 "$@")" \
    "$(key_of module "$@")" "$(key_of version "$@")" | sha256sum | cut -c1-8)"
  if [ -x "$out" ] && current "$dir" "$rowkey"; then report "$name" "$namespace" "$version" "$out"; return 0; fi
  case "$from" in
    archive)
      archive="$src/$(key_of archive "$@")"
      if [ ! -f "$archive" ] && [ -x "$out" ]; then
        echo "providers: $name $version was built before this step changed and $archive is not here to build it again; using $out" >&2
        report "$name" "$namespace" "$version" "$out"
        return 0
      fi
      if [ ! -f "$archive" ]; then
        missing "$name $version is not in $dir and its source archive $archive is not there (set STATE_BACKENDS_PROVIDERS_SRC to the directory that holds it)"
        return 0
      fi
      can_build "$name $version" || return 0
      build_once "$name $version" "from $archive" "$dir" "$out" "$rowkey" \
        build_archive "$archive" "$(key_of sha256 "$@")" "$out" || { failed=true; return 0; } ;;
    proxy)
      module=$(key_of module "$@")
      can_build "$name $version" || return 0
      build_once "$name $version" "from the Go module proxy ($module@$(key_of version "$@"))" "$dir" "$out" "$rowkey" \
        build_proxy "$module" "$(key_of version "$@")" "$out" || { failed=true; return 0; } ;;
    *) echo "providers: scripts/providers.txt: cannot get $name $version from '$from'" >&2; failed=true; return 0 ;;
  esac
  report "$name" "$namespace" "$version" "$out"
}

mkdir -p "$mirror"
cat > "$cache/providers/providers.tfrc.tmp" <<EOF
# Written by scripts/providers.sh: providers are installed from this mirror only, never from a registry.
provider_installation {
  filesystem_mirror {
    path = "$mirror"
  }
}
EOF
mv "$cache/providers/providers.tfrc.tmp" "$cache/providers/providers.tfrc"

for line in "${rows[@]}"; do
  read -r name namespace version from rest <<< "$line"
  if [ $# -gt 0 ] && ! printf '%s\n' "$@" | grep -qx "$name"; then continue; fi
  read -r -a keys <<< "${rest:-}"
  if [ "$(key_of builds "${keys[@]}")" = no ] && [ $# -eq 0 ]; then
    # Known not to build here (test/support/provider-rows.ts says why): not a failure, even under CI.
    echo "providers: not building $name $version, which does not build here (test/support/provider-rows.ts says why; scripts/providers.sh $name tries); its resources are held to the schema read from its source" >&2
    continue
  fi
  provider "$name" "$namespace" "$version" "$from" "${keys[@]}"
done
if $failed; then exit 1; fi
