# Sourced by the install scripts (judges, emulators, framework CLIs, Go bindings): a cached result
# counts only under the key it was built with (scripts/install-key.js), so the first-time branch of
# a step runs again on every machine after the step or the tasks' environment changed.
#
#   key=$(install_key FILE...)   the key of the step these files define
#   current DIR KEY              whether DIR holds a result built under KEY
#   stamp DIR KEY                records that DIR's result was built under KEY (after it checked out)

install_key() { node "$(dirname "${BASH_SOURCE[0]}")/install-key.js" "$@"; }
current() { [ "$(cat "$1/.install-key" 2>/dev/null)" = "$2" ]; }
stamp() { printf '%s' "$2" > "$1/.install-key"; }
