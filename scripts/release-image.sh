#!/usr/bin/env bash
# The release workflow's check before it publishes: the pushed tag must be v<version> of
# package.json (the generated workflows pin ghcr.io/<owner>/copperhead:<version> and the Action
# at v<version>), and it prints the image name for the next step. Reads TAG and OWNER.
set -euo pipefail
cd "$(dirname "$0")/.."

: "${TAG:?TAG (the pushed tag) is required}"
: "${OWNER:?OWNER (the repository owner) is required}"
version="$(node -p 'require("./package.json").version')"
if [[ "$TAG" != "v$version" ]]; then
  echo "release-image: the tag $TAG is not v$version (package.json): bump the version or tag v$version" >&2
  exit 1
fi
image="ghcr.io/${OWNER,,}/copperhead:$version"
echo "release-image: publishing $image"
if [[ -n "${GITHUB_OUTPUT:-}" ]]; then
  echo "image=$image" >> "$GITHUB_OUTPUT"
fi
