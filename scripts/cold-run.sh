#!/usr/bin/env bash
# The README's test command as a new machine runs it: a fresh clone of this checkout's HEAD, HOME
# pointed at an empty directory (so no npm, pip, Go or Maven cache, and no cache of the project's:
# judges, emulators, framework CLIs, Go bindings, Python venvs), CI set, no stdin. Every line of the
# run is kept with its time, and the time of each phase is printed at the end.
#
#   scripts/cold-run.sh [DIR]        (npm run test:cold)
#
# DIR (default: a new directory under ${TMPDIR:-/tmp}) receives repo/ (the clone), home/ (the empty
# HOME) and run.log. It is removed after a green run unless KEEP=1, and kept after a red one.
# Only committed work is tested: the clone is of HEAD. The source archives that scripts/judges.sh
# and scripts/providers.sh look for beside the checkout (../shared/judges, ../shared/providers) are
# linked beside the clone. Run it after touching an install step (scripts/judges.sh, providers.sh,
# emulators.sh, framework-clis.sh, go-bindings.sh, python.js, the Maven and Go set-up): a warm
# cache hides a broken first run.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
dir=${1:-$(mktemp -d "${TMPDIR:-/tmp}/state-backends-cold-XXXXXX")}
mkdir -p "$dir/home"
if [ -n "$(ls -A "$dir/home")" ] || [ -e "$dir/repo" ]; then
  echo "cold-run: $dir already holds a run; give an empty directory" >&2
  exit 2
fi
git clone -q "$root" "$dir/repo"
[ -d "$root/../shared" ] && ln -s "$(cd "$root/../shared" && pwd)" "$dir/shared"

# Everything that could point a tool at a warm cache goes, the project's own variables too (one
# names a prebuilt judge, others skip steps); HOME decides the rest. Java takes user.home from the
# account, not from HOME, so Maven is told where its home and local repository are.
unset GOPATH GOCACHE GOMODCACHE npm_config_cache NPM_CONFIG_CACHE PIP_CACHE_DIR MAVEN_ARGS
while read -r name; do unset "$name"; done < <(compgen -e | grep '^STATE_BACKENDS_' || true)
export HOME="$dir/home" CI=true
export MAVEN_OPTS="-Duser.home=$HOME -Dmaven.repo.local=$HOME/.m2/repository"

echo "cold-run: $dir (HOME and every cache empty; the log is $dir/run.log)" >&2
started=$(date +%s)
set +e
(cd "$dir/repo" && bash .ci/run < /dev/null 2>&1) | while IFS= read -r line; do
  printf '%(%s)T %s\n' -1 "$line"
done > "$dir/run.log"
status=${PIPESTATUS[0]}
set -e
total=$(( $(date +%s) - started ))

# `npm ci` lasts until `npm test` begins; `npm test` prints the time of its phases and background
# jobs (scripts/test-run.js). A run that stopped before its end has no table: then each step
# projen announces ("👾 test » <task> | <command>") is timed until the next one.
{
  echo
  echo "phase times (cold, $(nproc) cores):"
  began=$(grep -m1 -E '^[0-9]+ test-run: began' "$dir/run.log" | cut -d' ' -f1 || true)
  [ -n "$began" ] && printf '%7d s  npm ci\n' "$((began - started))"
  if grep -q -E '^[0-9]+ phase times( so far)? \(' "$dir/run.log"; then
    sed -n -E '/^[0-9]+ phase times( so far)? \(/,/ in all$/p' "$dir/run.log" | cut -d' ' -f2-
  else
    awk -v end="$(date +%s)" '
      function flush(t) { if (name != "") printf "%7d s  %s\n", t - since, name }
      NR == 1 { name = "npm ci"; since = $1 }
      /👾/ {
        flush($1)
        line = $0; sub(/^[0-9]+ /, "", line); sub(/^.*👾 /, "", line)
        name = substr(line, 1, 110); since = $1
      }
      END { flush(end) }' "$dir/run.log"
  fi
  printf '%7d s  in all (rc %d)\n' "$total" "$status"
} | tee -a "$dir/run.log"

if [ "$status" -eq 0 ] && [ -z "${KEEP:-}" ]; then
  chmod -R u+w "$dir" 2>/dev/null || true # Go's module cache is read-only
  rm -rf "$dir"
else
  echo "cold-run: kept $dir" >&2
fi
exit "$status"
