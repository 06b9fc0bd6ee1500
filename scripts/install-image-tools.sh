#!/usr/bin/env bash
# The tools a copperhead job needs besides KiCad and Node: git (every stage commits),
# CA certificates (https to GitHub and the model's API) and librsvg's rsvg-convert (SVG → PNG
# for anything in a job that wants it; copperhead's own renders use the bundled resvg).
# Idempotent: installs only what is missing. Run by the Dockerfile and by .ci/run.
set -euo pipefail

need=()
command -v git >/dev/null 2>&1 || need+=(git)
command -v rsvg-convert >/dev/null 2>&1 || need+=(librsvg2-bin)
[[ -f /etc/ssl/certs/ca-certificates.crt ]] || need+=(ca-certificates)

if [[ ${#need[@]} -eq 0 ]]; then
  echo "install-image-tools: git, rsvg-convert and CA certificates already installed"
  exit 0
fi
if [[ $(id -u) -ne 0 ]]; then
  echo "install-image-tools: must run as root to install ${need[*]} (apt-get); try: sudo $0" >&2
  exit 2
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -q
apt-get install -y -q --no-install-recommends "${need[@]}"
echo "install-image-tools: installed ${need[*]}"
