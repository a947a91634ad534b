#!/usr/bin/env bash
# Gets the judges of scripts/judges.txt (the view of test/support/judge-rows.ts that every language's
# suite reads) into a cache keyed by version, checks each prints its version, and prints one line per
# judge: "<tool> <version> <path>".
#
#   scripts/judges.sh [VERSION ...]
#
# - terraform "path": the `terraform` on PATH, checked, never built.
# - terraform "archive": $STATE_BACKENDS_TERRAFORM_<version, _ for .> when it names a binary;
#   else <cache>/terraform/<version>/terraform; else built there from the source archive
#   terraform-<version>-src.tar.gz ($STATE_BACKENDS_TERRAFORM_SRC, else ../shared/judges/ beside
#   the repository), whose sha256 the list gives (about 3 minutes on 2 cores). The cache is looked at
#   first: a clone that has no archive beside it uses the binary a first build left there.
# - terraform "proxy": the same variable or cache; else built from the Go module proxy. Terraform's
#   backends are nested modules its go.mod replaces with local paths, which the proxy serves only as
#   pseudo-versions of a commit: a throwaway wrapper module requires github.com/hashicorp/terraform at
#   the release and every module its go.mod replaces with a path at the list's nested= version.
# - opentofu "proxy": <cache>/tofu/<version>/tofu, built from the Go module proxy. OpenTofu's go.mod
#   has replace directives, so `go install ...@version` refuses it; a throwaway wrapper module that
#   requires OpenTofu and copies its go, godebug and replace lines builds cmd/tofu with the release
#   flags (about 10 minutes per version on 2 cores). The OpenTofu versions are the arguments, else
#   $STATE_BACKENDS_OPENTOFU_JUDGES (space-separated, which the tests read too, for a wider
#   matrix), else the list's.
# Both proxy builds take the tool's go.sum (what the tool's own build checks its modules against)
# and, with go=, that Go toolchain (GOTOOLCHAIN; the go command fetches it from the proxy).
#
# Builds need Go 1.26+, run once per machine, each under a flock (another checkout building the same
# judge is waited for). <cache> is what scripts/cache-dir.js says (the one place that decides it).
# Outside CI, STATE_BACKENDS_SKIP_JUDGES=1 (or no Go, or no archive) skips a missing judge with
# a loud warning; the tests then skip its checks, loudly. Under CI (CI set) a judge that cannot be
# had is a failure.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
cache="${STATE_BACKENDS_CACHE:-$(node "$here/cache-dir.js")}"
# shellcheck source=install-lib.sh
. "$here/install-lib.sh"
# A built judge counts under the key of this script and the tasks' environment (scripts/install-lib.sh).
key=$(install_key "$here/judges.sh")
failed=false

# The list: "<tool> <version> <from> [key=value ...]" per judge, comments and blank lines dropped.
mapfile -t judges < <(sed -e 's/#.*//' "$here/judges.txt" | awk 'NF')
tofu_versions=("$@")
if [ ${#tofu_versions[@]} -eq 0 ] && [ -n "${STATE_BACKENDS_OPENTOFU_JUDGES:-}" ]; then
  read -r -a tofu_versions <<< "$STATE_BACKENDS_OPENTOFU_JUDGES"
fi
if [ ${#tofu_versions[@]} -gt 0 ]; then
  # The OpenTofu lines replaced: a listed version keeps its line (its go=), another is built from the proxy.
  kept=()
  for j in "${judges[@]}"; do [[ $j == opentofu\ * ]] || kept+=("$j"); done
  for v in "${tofu_versions[@]}"; do
    line="opentofu $v proxy"
    for j in "${judges[@]}"; do read -r t jv _ <<< "$j"; if [ "$t $jv" = "opentofu $v" ]; then line=$j; fi; done
    kept+=("$line")
  done
  judges=("${kept[@]}")
fi

# The value of key= among the words after the third of a list line, or "".
key_of() {
  local key=$1 word
  shift
  for word in "$@"; do [[ $word == "$key="* ]] && { echo "${word#"$key"=}"; return; }; done
  echo ""
}

missing() {
  local why=$1
  if [ -n "${CI:-}" ]; then
    echo "judges: $why (CI is set, so this is a failure)" >&2
    failed=true
    return
  fi
  echo "" >&2
  echo "!!! judges: $why; the tests will skip this judge's checks" >&2
  echo "" >&2
}

# Whether a missing judge may be built here; says why not otherwise.
can_build() {
  if [ -n "${STATE_BACKENDS_SKIP_JUDGES:-}" ]; then
    missing "STATE_BACKENDS_SKIP_JUDGES is set, not building $1"; return 1
  fi
  if ! command -v go >/dev/null 2>&1; then
    missing "go is not on PATH; $1 is built with Go 1.26+"; return 1
  fi
}

# Prints "<tool> <version> <binary>" when the binary's first version line is as expected.
report() {
  local tool=$1 v=$2 bin=$3 expected=$4 got
  # An empty CLI config: without one, the tool may print a warning on stdout. Not `| head -1`: under
  # pipefail, the tool writing its second line after head exits (SIGPIPE) would fail now and then.
  got=$(TF_CLI_CONFIG_FILE=/dev/null "$bin" version 2>&1) || true
  got=${got%%$'\n'*}
  if [ "$got" != "$expected" ]; then
    echo "judges: $bin printed '$got', expected '$expected'" >&2
    failed=true
    return
  fi
  echo "$tool $v $bin"
}

# Whether $1 (a judge's directory) holds its binary $2, built under the current key.
built() { [ -x "$2" ] && current "$1" "$key"; }

# Runs "$@" (a build writing $out.tmp) once per machine and key under the lock of $dir, then moves it to $out.
build_once() {
  local what=$1 how=$2 dir=$3 out=$4 started
  shift 4
  mkdir -p "$dir"
  exec 9>"$dir/.lock"
  flock 9
  if built "$dir" "$out"; then exec 9>&-; return 0; fi
  echo "judges: building $what $how into $dir (first time, or since this step changed)" >&2
  started=$SECONDS
  if ! "$@"; then
    rm -f "$out.tmp"; exec 9>&-
    echo "judges: building $what failed" >&2
    return 1
  fi
  mv "$out.tmp" "$out"
  stamp "$dir" "$key"
  exec 9>&-
  echo "judges: built $what in $((SECONDS - started)) s" >&2
}

# Starts the wrapper module in the current directory: a go.mod with the tool module's go and godebug
# lines that requires the tool at the release, and the tool's go.sum. Sets `mod` to the tool's go.mod
# (the caller adds what else it needs from it).
wrapper_module() {
  local name=$1 module=$2 v=$3 toolchain=$4 info dir
  export GOFLAGS=-mod=mod GOTOOLCHAIN=${toolchain:-local}
  info=$(go mod download -json "$module@v$v")
  mod=$(echo "$info" | sed -n 's/.*"GoMod": "\(.*\)",/\1/p')
  dir=$(echo "$info" | sed -n 's/.*"Dir": "\(.*\)",/\1/p')
  # The tool's own checksums: the proxy's checksum database may lack a pseudo-version it requires.
  install -m 644 "$dir/go.sum" go.sum
  echo 'package judges' > tools.go
  {
    echo "module judges.local/$name"
    echo
    awk '/^go [0-9]/ {print; next}
         /^godebug \(/ {blk=1}
         blk {print; if ($0 ~ /^\)/) blk=0; next}
         /^godebug / {print}' "$mod"
    echo
    echo "require $module v$v"
  } > go.mod
}

build_tofu() {
  local v=$1 toolchain=$2 out=$3 work mod status=0
  work=$(mktemp -d)
  (
    cd "$work"
    wrapper_module tofu github.com/opentofu/opentofu "$v" "$toolchain"
    # OpenTofu's replace lines (single-line or block form) hold for the wrapper too.
    awk '/^replace \(/ {blk=1} blk {print; if ($0 ~ /^\)/) blk=0; next} /^replace / {print}' "$mod" >> go.mod
    go get "github.com/opentofu/opentofu/cmd/tofu@v$v" >&2
    CGO_ENABLED=0 go build -trimpath \
      -ldflags "-s -w -X github.com/opentofu/opentofu/version.dev=no" \
      -o "$out.tmp" github.com/opentofu/opentofu/cmd/tofu >&2
  ) || status=$?
  rm -rf "$work"
  return $status
}

build_terraform_proxy() {
  local v=$1 nested=$2 toolchain=$3 out=$4 work mod status=0
  work=$(mktemp -d)
  (
    cd "$work"
    wrapper_module terraform github.com/hashicorp/terraform "$v" "$toolchain"
    # Each module Terraform's go.mod replaces with a local path (its nested backends), at the release's commit.
    awk -v pv="$nested" '/^replace github.com\/hashicorp\/terraform\/[^ ]+ => \.\// {print "require " $2 " " pv}' "$mod" >> go.mod
    go get "github.com/hashicorp/terraform@v$v" >&2
    CGO_ENABLED=0 go build -trimpath \
      -ldflags "-s -w -X github.com/hashicorp/terraform/version.dev=no" \
      -o "$out.tmp" github.com/hashicorp/terraform >&2
  ) || status=$?
  rm -rf "$work"
  return $status
}

build_terraform() {
  local archive=$1 sum=$2 out=$3 work status=0
  if ! echo "$sum  $archive" | sha256sum --check --status; then
    echo "judges: $archive does not have the sha256 scripts/judges.txt gives ($sum)" >&2
    return 1
  fi
  work=$(mktemp -d)
  (
    tar -xzf "$archive" -C "$work"
    cd "$work"
    export GOFLAGS=-mod=mod GOTOOLCHAIN=local
    CGO_ENABLED=0 go build -trimpath \
      -ldflags "-s -w -X github.com/hashicorp/terraform/version.dev=no" -o "$out.tmp" . >&2
  ) || status=$?
  rm -rf "$work"
  return $status
}

judge_tofu() {
  local v=$1 toolchain=$2 dir="$cache/tofu/$1"
  if ! built "$dir" "$dir/tofu"; then
    can_build "OpenTofu $v" || return 0
    build_once "OpenTofu $v" "from the Go module proxy (about 10 minutes on 2 cores)" "$dir" "$dir/tofu" build_tofu "$v" "$toolchain" "$dir/tofu" || { failed=true; return 0; }
  fi
  report opentofu "$v" "$dir/tofu" "OpenTofu v$v"
}

# A Terraform judge that is built ("archive" or "proxy"): the binary the variable names, the cache, or a build.
judge_terraform_built() {
  local v=$1 from=$2 sum=$3 nested=$4 toolchain=$5 var="STATE_BACKENDS_TERRAFORM_${1//./_}" dir="$cache/terraform/$1" archive
  if [ -n "${!var:-}" ]; then
    report terraform "$v" "${!var}" "Terraform v$v"
    return 0
  fi
  if ! built "$dir" "$dir/terraform"; then
    if [ "$from" = proxy ]; then
      can_build "Terraform $v" || return 0
      build_once "Terraform $v" "from the Go module proxy (about 7 minutes on 2 cores)" "$dir" "$dir/terraform" \
        build_terraform_proxy "$v" "$nested" "$toolchain" "$dir/terraform" || { failed=true; return 0; }
    else
      archive=${STATE_BACKENDS_TERRAFORM_SRC:-$root/../shared/judges/terraform-$v-src.tar.gz}
      if [ ! -f "$archive" ] && [ -x "$dir/terraform" ]; then
        # Built under an earlier key: the archive (whose sha256 the list pins) decides what it is, and
        # it is not here to build it again, so the binary serves.
        echo "judges: Terraform $v was built before this step changed and $archive is not here to build it again; using $dir/terraform" >&2
        report terraform "$v" "$dir/terraform" "Terraform v$v"
        return 0
      fi
      if [ ! -f "$archive" ]; then
        missing "Terraform $v is not in $dir and its source archive $archive is not there (set $var to a Terraform $v binary, or STATE_BACKENDS_TERRAFORM_SRC to the archive)"
        return 0
      fi
      can_build "Terraform $v" || return 0
      build_once "Terraform $v" "from $archive (about 3 minutes on 2 cores)" "$dir" "$dir/terraform" \
        build_terraform "$archive" "$sum" "$dir/terraform" || { failed=true; return 0; }
    fi
  fi
  report terraform "$v" "$dir/terraform" "Terraform v$v"
}

judge_terraform_path() {
  local v=$1 bin got
  if ! bin=$(command -v terraform); then
    missing "terraform is not on PATH; install Terraform ($v in CI) to run the tool checks"
    return 0
  fi
  # Whatever release is there judges (the suites read its version); only CI pins the list's.
  if [ -n "${CI:-}" ]; then report terraform "$v" "$bin" "Terraform v$v"; return 0; fi
  got=$(TF_CLI_CONFIG_FILE=/dev/null "$bin" version 2>&1) || true
  got=${got%%$'\n'*}
  echo "terraform ${got#Terraform v} $bin"
}

for j in "${judges[@]}"; do
  read -r tool v from rest <<< "$j"
  read -r -a keys <<< "${rest:-}"
  case "$tool $from" in
    "terraform path") judge_terraform_path "$v" ;;
    "terraform archive" | "terraform proxy")
      judge_terraform_built "$v" "$from" "$(key_of sha256 "${keys[@]}")" "$(key_of nested "${keys[@]}")" "$(key_of go "${keys[@]}")" ;;
    "opentofu proxy") judge_tofu "$v" "$(key_of go "${keys[@]}")" ;;
    *) echo "judges: scripts/judges.txt: cannot get $tool $v from '$from'" >&2; failed=true ;;
  esac
done
if $failed; then exit 1; fi
