#!/usr/bin/env node
// Writes examples/usb-c-breakout/sessions/layout.json: the layout stage's scripted session, which
// places and routes the breakout by anchored edits of the blank board the stage's prepare wrote.
//
//   node examples/usb-c-breakout/hand-layout/make-layout-session.mjs <demo repo>
//
// <demo repo> is a run of the demo stopped at the layout stage, with the blank board in its tree:
// `copperhead create` with a sessions folder that has no layout.json fails there and stashes the
// attempt; `git stash apply` in the repo puts the blank board back. The placement and the routes
// are in place-and-route.py (pcbnew, KiCad's own Python module); this file only turns its board
// into edits. Rerun it when the drafted sheet's uuids or the blank board change (the edits'
// anchors and the footprints' paths come from them).
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

const here = dirname(new URL(import.meta.url).pathname);
const repo = process.argv[2];
if (!repo) throw new Error("usage: make-layout-session.mjs <demo repo stopped at layout>");
const config = JSON.parse(readFileSync(join(repo, ".copperhead/config.json"), "utf8"));
const sheet = config.paths.schematic;
const boardPath = config.paths.board;
const blank = readFileSync(join(repo, boardPath), "utf8");
if (blank.includes("(segment")) throw new Error(`${boardPath} is not the blank board`);

const scratch = mkdtempSync(join(tmpdir(), "copperhead-hand-layout-"));
const netlist = join(scratch, "board.net");
const routed = join(scratch, "routed.kicad_pcb");
execFileSync("kicad-cli", ["sch", "export", "netlist", "-o", netlist, join(repo, sheet)]);
execFileSync("/usr/bin/python3", [
  join(here, "place-and-route.py"),
  join(repo, boardPath),
  routed,
  netlist,
]);

/** The board's top-level forms, each as its text (one tab in, through its closing line). */
function topLevel(text) {
  const lines = text.split("\n");
  const forms = [];
  for (let i = 0; i < lines.length; i++) {
    if (!/^\t\(/.test(lines[i])) continue;
    let end = i;
    if (!/\)$/.test(lines[i]) || lines[i].startsWith("\t(footprint")) {
      while (lines[end] !== "\t)") end++;
    }
    forms.push(lines.slice(i, end + 1).join("\n"));
    i = end;
  }
  return forms;
}
const forms = topLevel(readFileSync(routed, "utf8"));
const nets = forms.filter((f) => /^\t\(net [1-9]\d* /.test(f));
const reference = (f) => /\(property "Reference" "([^"]+)"/.exec(f)[1];
const footprints = forms
  .filter((f) => f.startsWith("\t(footprint") && !f.includes('"MountingHole:'))
  .sort((a, b) => reference(a).localeCompare(reference(b), "en", { numeric: true }));
const copper = forms.filter((f) => /^\t\((segment|via)$/.test(f.split("\n")[0]));
if (nets.length === 0 || footprints.length === 0 || copper.length === 0) {
  throw new Error("the routed board has no nets, footprints or tracks: see place-and-route.py");
}

// A hole whose reference place-and-route.py moved: its Reference property, blank and routed.
const referenceBlock = (form) =>
  /\t\t\(property "Reference" "[^"]+"\n[\s\S]*?\n\t\t\)/.exec(form)?.[0];
const movedHoles = forms
  .filter((f) => f.startsWith("\t(footprint") && f.includes('"MountingHole:'))
  .map((f) => referenceBlock(f))
  .filter((block) => block && !blank.includes(block))
  .map((block) => {
    const ref = /"Reference" "([^"]+)"/.exec(block)[1];
    const old = blank.match(
      new RegExp(`\\t\\t\\(property "Reference" "${ref}"\\n[\\s\\S]*?\\n\\t\\t\\)`),
    )?.[0];
    if (!old) throw new Error(`the blank board has no ${ref} reference`);
    return { ref, old, new: block };
  });
const NET_ANCHOR = '\t(net 0 "")';
const END_ANCHOR = "\t(embedded_fonts no)\n)";
for (const anchor of [NET_ANCHOR, END_ANCHOR]) {
  if (blank.split(anchor).length !== 2) throw new Error(`the blank board has no single ${anchor}`);
}
const edit = (old, text, path = boardPath) => ({
  name: "edit_file",
  input: { path, old, new: text },
});

// kicad-cli DRC warns lib_footprint_issues for a footprint whose library the project's table
// lacks (its environment has no global table): the table prepare wrote names MountingHole only.
const tablePath = join(dirname(boardPath), "fp-lib-table");
const table = readFileSync(join(repo, tablePath), "utf8");
// The table's last row, whatever its layout: the new rows go after it, in KiCad's own format.
const rows = [...table.matchAll(/\t\(lib\n[\s\S]*?\n\t\)/g)].map((m) => m[0]);
const TABLE_ANCHOR = rows.at(-1);
if (!TABLE_ANCHOR || table.split(TABLE_ANCHOR).length !== 2) {
  throw new Error(`${tablePath} has no single last (lib …) row to add after`);
}
const libRow = (name) =>
  [
    "\t(lib",
    `\t\t(name "${name}")`,
    '\t\t(type "KiCad")',
    `\t\t(uri "\${KICAD9_FOOTPRINT_DIR}/${name}.pretty")`,
    '\t\t(options "")',
    '\t\t(descr "")',
    "\t)",
  ].join("\n");
const libraries = [
  ...new Set(footprints.map((f) => /^\t\(footprint "([^:"]+):/.exec(f)[1])),
].sort();
const layoutMd = `# Layout

Two-layer board, 30 x 20 mm, the outline and the two M3 holes (top left, bottom right) from
.copperhead/constraints.json.

## Draft quality

Placed and routed by hand on the blank board: the USB-C receptacle J1 sits on the left edge with
its mouth out, the screw terminal J2 on the right edge with its wire entry out, the 2x2 header J3
at the bottom. The power path runs J1 to the fuse F1 on 0.8 mm VBUS tracks, with the TVS diode D1
beside the receptacle, then on 1 mm +5V tracks to C1, J2 and J3. Ground is a B.Cu spine along the
bottom edge with vias from the SMD parts; the four shell pads of J1 are tied together on B.Cu.
DRC is clean at every severity with schematic parity.

Review before ordering: 1 mm tracks carry 3 A with about a 20 C rise on 1 oz copper, so a poured
+5V and ground would run cooler; the CC pull-downs share a via row with VBUS, tight but at the
default clearances; the receptacle's courtyard keeps 0.35 mm from the board edge, so check the
shell's overhang against the enclosure.
`;

const session = [
  {
    text: "Reading the schematic's parts and nets before placing them.",
    tools: [
      { name: "list_symbols", input: {} },
      { name: "list_nets", input: {} },
    ],
    expect: {
      catalogIncludes: ["read_file", "list_symbols", "list_nets", "run_drc", "finish"],
      catalogExcludes: ["edit_file", "write_file", "draft_schematic", "run_erc"],
    },
  },
  {
    tools: [{ name: "read_file", input: { path: boardPath } }],
    expect: { lastResultIncludes: "VBUS" },
  },
  {
    tools: [
      {
        name: "propose_change",
        input: {
          id: "place-and-route-usb-c-breakout",
          why: "The board must carry every schematic part inside the 30 x 20 mm outline, with every connection routed, so that DRC with schematic parity is clean and the fab outputs can be made.",
          what_changes: [
            `Add the nets, the ten footprints and the tracks to ${boardPath}`,
            "Write docs/LAYOUT.md with its Draft quality section",
          ],
          tasks: ["Place the parts", "Route every net", "Run DRC", "Write the layout notes"],
          no_spec_changes: true,
        },
      },
    ],
    expect: { lastResultIncludes: "MountingHole" },
  },
  { tools: [{ name: "validate_change", input: { id: "place-and-route-usb-c-breakout" } }] },
  {
    text: "Declaring the schematic's nets on the board.",
    tools: [edit(NET_ANCHOR, [NET_ANCHOR, ...nets].join("\n"))],
    expect: { lastResultIncludes: "validated" },
  },
  {
    text: "Naming the footprints' libraries in the project's table, so DRC can check them.",
    tools: [edit(TABLE_ANCHOR, [TABLE_ANCHOR, ...libraries.map(libRow)].join("\n"), tablePath)],
  },
  {
    text: "Placing the footprints: connectors on their edges, the protection beside the receptacle.",
    tools: [edit(END_ANCHOR, [...footprints, END_ANCHOR].join("\n"))],
  },
  {
    text: "Routing every net: power on wide front tracks, ground on a back-side spine.",
    tools: [edit(END_ANCHOR, [...copper, END_ANCHOR].join("\n"))],
  },
  ...movedHoles.map((m) => ({
    text: `Moving ${m.ref}'s reference off the receptacle's shell pad.`,
    tools: [edit(m.old, m.new)],
  })),
  { tools: [{ name: "write_file", input: { path: "docs/LAYOUT.md", content: layoutMd } }] },
  { tools: [{ name: "run_drc", input: {} }], expect: { obligationsOpen: ["drc"] } },
  {
    tools: [
      {
        name: "finish",
        input: {
          outcome: "done",
          summary:
            "Placed and routed the breakout on the 30 x 20 mm board and wrote the layout notes; DRC clean with schematic parity.",
        },
      },
    ],
    expect: { obligationsClosed: ["drc"] },
  },
];
const out = join(here, "..", "sessions", "layout.json");
writeFileSync(out, `[\n${session.map((t) => `  ${JSON.stringify(t)}`).join(",\n")}\n]\n`);
console.log(
  `wrote ${out}: ${nets.length} nets, ${footprints.length} footprints, ${copper.length} tracks and vias`,
);
