#!/usr/bin/env bash
# Test what ships: build, `npm pack`, install the tarball into a fresh folder outside the checkout
# and run the installed `copperhead check` on a copy of examples/led. (The test suite does more
# with the same install: test/engine/cli/installed-cli.test.ts.)
set -euo pipefail
cd "$(dirname "$0")/.."

work="$(mktemp -d "${TMPDIR:-/tmp}/copperhead-smoke-XXXXXX")"
trap 'rm -rf "$work"' EXIT

npm run build --silent
tarball="$(npm pack --silent --pack-destination "$work" | tail -n 1)"
mkdir "$work/install"
echo '{ "private": true }' > "$work/install/package.json"
(cd "$work/install" && npm install --prefer-offline --no-audit --no-fund --silent "$work/$tarball")
cp -r examples/led "$work/led"
(cd "$work/led" && "$work/install/node_modules/.bin/copperhead" check . > "$work/check.txt")
tail -n 1 "$work/check.txt"
