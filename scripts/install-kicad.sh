#!/usr/bin/env bash
# Installs KiCad 9 (kicad-cli, symbol/footprint libraries, demo projects) from bookworm-backports.
# Idempotent: skips everything when kicad-cli already reports 9.x, and adds the backports suite
# only when apt does not already know it. The mirror is read from apt's own sources so this script
# never names a package host; it works the same on a developer machine, in CI and in the Dockerfile.
set -euo pipefail

want_major=9

# The layout engine fills zones through KiCad's pcbnew Python module (the kicad package), run by
# the system interpreter: a kicad-cli alone is not enough.
has_pcbnew() {
  /usr/bin/python3 -c "import pcbnew" >/dev/null 2>&1
}

if command -v kicad-cli >/dev/null 2>&1; then
  have=$(kicad-cli version 2>/dev/null | head -n 1 || true)
  if [[ "$have" == ${want_major}.* ]] && has_pcbnew; then
    echo "install-kicad: kicad-cli $have and the pcbnew Python module already installed"
    exit 0
  fi
fi

if [[ $(id -u) -ne 0 ]]; then
  echo "install-kicad: must run as root (apt-get install); try: sudo $0" >&2
  exit 2
fi

has_backports() {
  grep -rqsE '(^|[[:space:]])bookworm-backports([[:space:]]|$)' /etc/apt/sources.list /etc/apt/sources.list.d/ 2>/dev/null
}

# The first Debian mirror apt is configured with (deb822 "URIs:" or one-line "deb URI suite").
find_mirror() {
  local uri=""
  if compgen -G "/etc/apt/sources.list.d/*.sources" >/dev/null; then
    uri=$(awk '
      /^[[:space:]]*#/ { next }
      /^URIs:/ { u=$2 }
      /^Suites:/ { if ($0 ~ /[[:space:]]bookworm([[:space:]]|$)/ && u != "") { print u; exit } }
    ' /etc/apt/sources.list.d/*.sources)
  fi
  if [[ -z "$uri" && -f /etc/apt/sources.list ]]; then
    uri=$(awk '$1=="deb" && $0 ~ /[[:space:]]bookworm[[:space:]]/ { for (i=2;i<=NF;i++) if ($i ~ /^[a-z]+:\/\//) { print $i; exit } }' /etc/apt/sources.list)
  fi
  printf '%s' "$uri"
}

if ! has_backports; then
  mirror=$(find_mirror)
  if [[ -z "$mirror" ]]; then
    echo "install-kicad: no Debian bookworm mirror found in apt's sources; add a 'bookworm-backports' suite by hand" >&2
    exit 1
  fi
  keyring=/usr/share/keyrings/debian-archive-keyring.gpg
  {
    echo "Types: deb"
    echo "URIs: $mirror"
    echo "Suites: bookworm-backports"
    echo "Components: main"
    [[ -f "$keyring" ]] && echo "Signed-By: $keyring"
  } > /etc/apt/sources.list.d/copperhead-backports.sources
  echo "install-kicad: added bookworm-backports from $mirror"
fi

export DEBIAN_FRONTEND=noninteractive
apt-get update -q
apt-get install -y -q -t bookworm-backports --no-install-recommends \
  kicad kicad-symbols kicad-footprints kicad-demos

have=$(kicad-cli version | head -n 1)
if [[ "$have" != ${want_major}.* ]]; then
  echo "install-kicad: expected kicad-cli ${want_major}.x, got '$have'" >&2
  exit 1
fi
if ! has_pcbnew; then
  echo "install-kicad: /usr/bin/python3 cannot import pcbnew after installing kicad" >&2
  exit 1
fi
echo "install-kicad: kicad-cli $have, pcbnew Python module ok"
