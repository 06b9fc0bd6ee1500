#!/usr/bin/env bash
# Re-saves a KiCad project's schematics with eeschema itself, to record "a pure KiCad re-save"
# (kicad-cli 9.0.8 has no `sch upgrade`, and eeschema has no headless save). Used once to make
# test/fixtures/diff/resaved/; not run by CI. Needs a display: Xvfb plus xdotool, e.g.
#   apt-get install xvfb xdotool && Xvfb :77 -screen 0 1600x1200x24 &
#   DISPLAY=:77 scripts/resave-in-eeschema.sh /tmp/copy/of/project/root.kicad_sch
# eeschema saves nothing for an unmodified design, so the script draws a wire on empty canvas,
# undoes it (the design is the same, but marked modified) and saves: every sheet is rewritten.
set -euo pipefail

root=${1:?usage: resave-in-eeschema.sh <root.kicad_sch>}
: "${DISPLAY:?set DISPLAY to a running X server (Xvfb)}"
cfg=$(mktemp -d)
export KICAD_CONFIG_HOME=$cfg
# A first kicad-cli run writes the settings eeschema would otherwise ask for in dialogs.
kicad-cli sch erc -o "$cfg/first-run.rpt" "$root" >/dev/null 2>&1 || true
cp /usr/share/kicad/template/sym-lib-table "$cfg/9.0/"

eeschema "$root" >/dev/null 2>&1 &
pid=$!
for _ in $(seq 1 60); do
  xdotool search --name "Schematic Editor" >/dev/null 2>&1 && break
  sleep 1
done
sleep 3
# Canvas coordinates for a 1600x1200 screen: an empty spot right of the page.
xdotool mousemove 1100 600 click 1
sleep 0.2
xdotool key w
sleep 0.4
xdotool mousemove 1100 600 click 1
sleep 0.4
xdotool mousemove 1180 600
sleep 0.4
xdotool click --repeat 2 --delay 150 1
sleep 0.5
xdotool key Escape
sleep 0.3
xdotool key Escape
sleep 0.5
xdotool key ctrl+z
sleep 1
xdotool key ctrl+s
sleep 4
kill "$pid"
wait "$pid" 2>/dev/null || true
rm -rf "$cfg"
rm -f "$(dirname "$root")"/~*.lck
echo "resave-in-eeschema: saved $root and its sheets"
