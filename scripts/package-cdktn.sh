#!/usr/bin/env bash
# Adds the cdktn flavour's artifact for one language to the root's dist/<lang>, at the root's
# version, so dist/ holds both flavours (what package-all writes and the release publishes).
#
#   scripts/package-cdktn.sh js|java|python|go
#
# The subproject's package.json is projen's (version 0.0.0); the version is set for the build and
# packaging and put back afterwards. The subproject is rebuilt (`npx projen cdktn:build`) unless its
# assembly already has this version and is newer than every file in src/.
set -euo pipefail

lang=$1
root="$(cd "$(dirname "$0")/.." && pwd)"
pkg="$root/packages/cdktn-state-backends"
version=$(node -p "require('$root/package.json').version")

saved=$(mktemp)
cp "$pkg/package.json" "$saved"
restore() { cp "$saved" "$pkg/package.json"; rm -f "$saved"; }
trap restore EXIT
node -e '
  const fs = require("fs");
  const [file, version] = process.argv.slice(1);
  const pkg = JSON.parse(fs.readFileSync(file, "utf8"));
  pkg.version = version;
  fs.writeFileSync(file, JSON.stringify(pkg, null, 2) + "\n");
' "$pkg/package.json" "$version"

built=$(node -p "try { require('$pkg/.jsii').version } catch { '' }")
if [ "$built" != "$version" ] || [ -n "$(find "$root/src" -newer "$pkg/.jsii" -print -quit)" ]; then
  (cd "$root" && npx projen cdktn:build)
fi
(cd "$pkg" && npx projen "package:$lang")
mkdir -p "$root/dist/$lang"
cp -R "$pkg/dist/$lang/." "$root/dist/$lang/"
echo "package-cdktn: dist/$lang now holds cdktn-state-backends $version"
