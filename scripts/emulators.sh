#!/usr/bin/env bash
# Installs the storage emulators the run-time judges use into a cache keyed by version, checks each
# one answers with its version, and prints one line per emulator: "<name> <version> <path>".
#
#   scripts/emulators.sh
#
# - fake-gcs-server (GCS JSON API): built from the Go module proxy with `go install` into
#   <cache>/fake-gcs-server/<version>/fake-gcs-server
#   (<cache>: $STATE_BACKENDS_CACHE, else what scripts/cache-dir.js decides)
#   (about 3-4 minutes on 2 cores when cold, seconds when cached).
# - Azurite (Azure Blob): the npm devDependency, node_modules/.bin/azurite-blob; checked, not cached.
# - moto's S3 server (PyPI `moto[server]`, for OSS directly and COS behind test/support/cos-front.js):
#   a virtual environment at <cache>/moto/<version>/venv
#   (about 30 s from PyPI when cold, nothing when cached).
# - the TableStore fake (test/support/tablestore-fake, ours: the OSS backend's lock table), built with
#   `go build` from its own go.mod (the TableStore Go SDK and protobuf, from the Go module proxy) into
#   <cache>/tablestore-fake/<hash>/tablestore-fake, where
#   <hash> is the sha256 of its sources (test/support/emulators.ts computes the same), so an edit
#   builds a new one (seconds with a warm Go module cache).
#
# Outside CI, STATE_BACKENDS_SKIP_EMULATORS=1 (or no Go on PATH) skips the build with a
# warning; the run-time tests then skip, loudly. Under CI (CI set) an emulator that cannot be had is
# a failure.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
cache="${STATE_BACKENDS_CACHE:-$(node "$here/cache-dir.js")}"
# shellcheck source=install-lib.sh
. "$here/install-lib.sh"
# A result counts under the key of this script and the tasks' environment (scripts/install-lib.sh).
key=$(install_key "$here/emulators.sh")
gcs_version=1.56.1
gcs_dir="$cache/fake-gcs-server/$gcs_version"
moto_version=5.2.1
moto_dir="$cache/moto/$moto_version"

missing() {
  local why=$1
  if [ -n "${CI:-}" ]; then
    echo "emulators: $why (CI is set, so this is a failure)" >&2
    exit 1
  fi
  echo "" >&2
  echo "!!! emulators: $why; the run-time tests will skip what it serves" >&2
  echo "" >&2
}

gcs_ready() { [ -x "$gcs_dir/fake-gcs-server" ] && current "$gcs_dir" "$key"; }

build_gcs() {
  gcs_ready && return 0
  if [ -n "${STATE_BACKENDS_SKIP_EMULATORS:-}" ]; then
    missing "STATE_BACKENDS_SKIP_EMULATORS is set, not building fake-gcs-server $gcs_version"; return 1
  fi
  if ! command -v go >/dev/null 2>&1; then
    missing "go is not on PATH; fake-gcs-server is built from the Go module proxy"; return 1
  fi
  mkdir -p "$gcs_dir"
  exec 9>"$gcs_dir/.lock"
  flock 9
  if gcs_ready; then exec 9>&-; return 0; fi
  echo "emulators: building fake-gcs-server $gcs_version into $gcs_dir (first time, or since this step changed; about 4 minutes on 2 cores)" >&2
  local started=$SECONDS tmp
  tmp=$(mktemp -d)
  if ! GOBIN="$tmp" GOTOOLCHAIN=local CGO_ENABLED=0 go install -trimpath -ldflags "-s -w" \
      "github.com/fsouza/fake-gcs-server@v$gcs_version" >&2; then
    rm -rf "$tmp"; exec 9>&-
    echo "emulators: building fake-gcs-server $gcs_version failed" >&2
    [ -n "${CI:-}" ] && exit 1
    return 1
  fi
  mv "$tmp/fake-gcs-server" "$gcs_dir/fake-gcs-server"
  stamp "$gcs_dir" "$key"
  rm -rf "$tmp"
  exec 9>&-
  echo "emulators: built fake-gcs-server $gcs_version in $((SECONDS - started)) s" >&2
}

# Health check: start it on a free loopback port, ask for the bucket list, stop it.
check_gcs() {
  local port pid ok=false
  port=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
  "$gcs_dir/fake-gcs-server" -host 127.0.0.1 -port "$port" -scheme http -backend memory >/dev/null 2>&1 &
  pid=$!
  for _ in $(seq 1 50); do
    if curl -sf "http://127.0.0.1:$port/storage/v1/b" >/dev/null 2>&1; then ok=true; break; fi
    sleep 0.1
  done
  kill "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  if ! $ok; then
    echo "emulators: $gcs_dir/fake-gcs-server did not answer GET /storage/v1/b" >&2
    exit 1
  fi
}

if build_gcs; then
  check_gcs
  echo "fake-gcs-server $gcs_version $gcs_dir/fake-gcs-server"
fi

# The TableStore fake: its sources (the .go files, go.mod and go.sum, in C-locale order) name its
# cache directory.
ots_src="$root/test/support/tablestore-fake"
ots_hash=$(cd "$ots_src" && LC_ALL=C ls | grep -E '(\.go|^go\.mod|^go\.sum)$' | xargs cat | sha256sum | cut -c1-16)
ots_dir="$cache/tablestore-fake/$ots_hash"

ots_ready() { [ -x "$ots_dir/tablestore-fake" ] && current "$ots_dir" "$key"; }

build_ots() {
  ots_ready && return 0
  if [ -n "${STATE_BACKENDS_SKIP_EMULATORS:-}" ]; then
    missing "STATE_BACKENDS_SKIP_EMULATORS is set, not building the TableStore fake"; return 1
  fi
  if ! command -v go >/dev/null 2>&1; then
    missing "go is not on PATH; the TableStore fake is built with the Go SDK from the Go module proxy"; return 1
  fi
  mkdir -p "$ots_dir"
  exec 7>"$ots_dir/.lock"
  flock 7
  if ots_ready; then exec 7>&-; return 0; fi
  echo "emulators: building the TableStore fake into $ots_dir (first time, or since it or this step changed)" >&2
  local started=$SECONDS
  if ! (cd "$ots_src" && GOTOOLCHAIN=local CGO_ENABLED=0 GOFLAGS=-mod=readonly go build -trimpath -ldflags "-s -w" \
      -o "$ots_dir/tablestore-fake.tmp" .) >&2; then
    rm -f "$ots_dir/tablestore-fake.tmp"; exec 7>&-
    echo "emulators: building the TableStore fake failed" >&2
    [ -n "${CI:-}" ] && exit 1
    return 1
  fi
  mv "$ots_dir/tablestore-fake.tmp" "$ots_dir/tablestore-fake"
  stamp "$ots_dir" "$key"
  exec 7>&-
  echo "emulators: built the TableStore fake in $((SECONDS - started)) s" >&2
}

# Health check: start it on a free loopback port, create a table, list its rows, stop it.
check_ots() {
  local port pid ok=false log
  log=$(mktemp)
  port=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
  "$ots_dir/tablestore-fake" -log "$log" -listen "http://127.0.0.1:$port" >/dev/null 2>&1 &
  pid=$!
  for _ in $(seq 1 50); do
    if curl -sf -X POST "http://127.0.0.1:$port/_fake/tables" \
         -d '{"instance":"health","table":"check","primaryKey":[{"name":"LockID","type":"STRING"}]}' >/dev/null 2>&1 &&
       [ "$(curl -sf "http://127.0.0.1:$port/_fake/rows?instance=health&table=check")" = "[]" ]; then ok=true; break; fi
    sleep 0.1
  done
  kill "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  rm -f "$log"
  if ! $ok; then
    echo "emulators: $ots_dir/tablestore-fake did not create a table and list its rows" >&2
    exit 1
  fi
}

if build_ots; then
  check_ots
  echo "tablestore-fake $ots_hash $ots_dir/tablestore-fake"
fi

# moto into a virtual environment of its own, under the same cache and the same kind of lock. A
# venv's scripts name its path, so it is built where it stays; the stamp file, written once pip
# succeeded and the server created and listed a bucket, marks it complete: an interrupted or broken
# install is redone, never taken for a cached one. A cached one is checked by its version only
# (starting the server costs seconds; the suites start it anyway).
moto_ready() { [ -x "$moto_dir/venv/bin/moto_server" ] && current "$moto_dir/venv" "$key"; }

# Starts the server on a free loopback port, creates and lists a bucket, stops it.
moto_serves() {
  local port pid ok=false
  port=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
  "$moto_dir/venv/bin/moto_server" -H 127.0.0.1 -p "$port" >/dev/null 2>&1 &
  pid=$!
  for _ in $(seq 1 150); do
    if curl -sf -X PUT "http://127.0.0.1:$port/health-check" >/dev/null 2>&1 &&
       curl -sf "http://127.0.0.1:$port/" | grep -q '<Name>health-check</Name>'; then ok=true; break; fi
    sleep 0.1
  done
  kill "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  $ok
}

install_moto() {
  moto_ready && return 0
  if [ -n "${STATE_BACKENDS_SKIP_EMULATORS:-}" ]; then
    missing "STATE_BACKENDS_SKIP_EMULATORS is set, not installing moto $moto_version"; return 1
  fi
  if ! command -v python3 >/dev/null 2>&1 || ! python3 -c 'import venv' >/dev/null 2>&1; then
    missing "python3 with venv is not on PATH; moto is installed from PyPI"; return 1
  fi
  mkdir -p "$moto_dir"
  exec 8>"$moto_dir/.lock"
  flock 8
  if moto_ready; then exec 8>&-; return 0; fi
  echo "emulators: installing moto[server] $moto_version into $moto_dir/venv (first time, or since this step changed; about a minute)" >&2
  local started=$SECONDS
  rm -rf "$moto_dir/venv"
  if ! python3 -m venv "$moto_dir/venv" >&2 ||
     ! "$moto_dir/venv/bin/pip" install --quiet --disable-pip-version-check "moto[server]==$moto_version" >&2; then
    rm -rf "$moto_dir/venv"; exec 8>&-
    missing "installing moto $moto_version from PyPI failed"; return 1
  fi
  if ! moto_serves; then
    rm -rf "$moto_dir/venv"; exec 8>&-
    echo "emulators: the moto $moto_version just installed did not create and list a bucket" >&2
    exit 1
  fi
  stamp "$moto_dir/venv" "$key"
  exec 8>&-
  echo "emulators: installed moto $moto_version in $((SECONDS - started)) s" >&2
}

check_moto() {
  local got
  got=$("$moto_dir/venv/bin/python" -c 'import importlib.metadata as m; print(m.version("moto"))')
  if [ "$got" != "$moto_version" ]; then
    echo "emulators: $moto_dir/venv holds moto $got, expected $moto_version" >&2
    exit 1
  fi
}

if install_moto; then
  check_moto
  echo "moto $moto_version $moto_dir/venv/bin/moto_server"
fi

azurite="$root/node_modules/.bin/azurite-blob"
if [ -x "$azurite" ]; then
  got=$("$azurite" --version)
  echo "azurite $got $azurite"
else
  missing "node_modules/.bin/azurite-blob is missing (run npm ci)"
fi
