#!/usr/bin/env bash
# Test what ships: build, `npm pack`, install the tarball into a fresh prefix outside the
# checkout (scripts/install-copperhead.sh, the Dockerfile's install step) and run the installed
# `copperhead check` on a copy of examples/led. (The test suite does more with the same install:
# test/engine/cli/installed-cli.test.ts.)
set -euo pipefail
cd "$(dirname "$0")/.."

work="$(mktemp -d "${TMPDIR:-/tmp}/copperhead-smoke-XXXXXX")"
trap 'rm -rf "$work"' EXIT

bash scripts/install-copperhead.sh "$work/prefix"
cp -r examples/led "$work/led"
(cd "$work/led" && "$work/prefix/bin/copperhead" check . > "$work/check.txt")
tail -n 1 "$work/check.txt"
# The image's KiCad configuration, made the same way and used by a kicad-cli run.
bash scripts/setup-kicad-config.sh "$work/kicad-config"
KICAD_CONFIG_HOME="$work/kicad-config" kicad-cli version > /dev/null
