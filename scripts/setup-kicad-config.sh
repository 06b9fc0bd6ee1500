#!/usr/bin/env bash
# A KiCad 9 configuration folder that does not depend on HOME: the global symbol, footprint and
# design-block library tables from KiCad's templates, in <dir>/9.0/. The image points
# KICAD_CONFIG_HOME at it, so kicad-cli finds KiCad's libraries whatever HOME GitHub Actions
# gives the container (/github/home) and whichever user runs it: the folder is world-writable
# with the sticky bit, because KiCad writes its settings files there on start. (copperhead
# itself gives every kicad-cli call a private configuration; this is for anything else in a job.)
# Idempotent. Usage: setup-kicad-config.sh <dir>
set -euo pipefail

dir="${1:?usage: setup-kicad-config.sh <dir>}"
templates="${KICAD_TEMPLATE_DIR:-/usr/share/kicad/template}"
for table in sym-lib-table fp-lib-table; do
  if [[ ! -s "$templates/$table" ]]; then
    echo "setup-kicad-config: $templates/$table is missing: install KiCad 9 first (scripts/install-kicad.sh)" >&2
    exit 1
  fi
done

mkdir -p "$dir/9.0"
for table in sym-lib-table fp-lib-table; do
  cp "$templates/$table" "$dir/9.0/$table"
done
if [[ -s "$templates/design-block-lib-table" ]]; then
  cp "$templates/design-block-lib-table" "$dir/9.0/design-block-lib-table"
else
  printf '(design_block_lib_table\n  (version 7)\n)\n' > "$dir/9.0/design-block-lib-table"
fi
chmod 1777 "$dir" "$dir/9.0"
chmod a+r "$dir/9.0/"*-lib-table
echo "setup-kicad-config: library tables in $dir/9.0 ($(grep -c '(lib ' "$dir/9.0/sym-lib-table") symbol libraries)"
