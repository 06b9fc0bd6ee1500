#!/usr/bin/env bash
# Installs copperhead the way it ships: build this checkout, `npm pack` it, and install the
# tarball into <prefix> (`npm install --global --prefix`), so <prefix>/bin/copperhead is the
# packed CLI, not the checkout. The Dockerfile installs into /usr/local; .ci/run (through
# scripts/smoke-installed.sh) into a temporary prefix. Usage: install-copperhead.sh <prefix>
set -euo pipefail
cd "$(dirname "$0")/.."

prefix="${1:?usage: install-copperhead.sh <prefix>}"
work="$(mktemp -d "${TMPDIR:-/tmp}/copperhead-install-XXXXXX")"
trap 'rm -rf "$work"' EXIT

# A checkout whose dependencies are installed (CI has just run npm ci) is not installed again.
[[ -f node_modules/.package-lock.json ]] || npm ci --no-audit --no-fund
npm run build --silent
tarball="$(npm pack --silent --pack-destination "$work" | tail -n 1)"
npm install --global --prefix "$prefix" --prefer-offline --no-audit --no-fund --silent "$work/$tarball"
"$prefix/bin/copperhead" help > /dev/null
echo "install-copperhead: $prefix/bin/copperhead installed from $tarball"
