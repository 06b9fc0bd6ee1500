import { readFile, writeFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { driftDesignOf } from "../../../../../engine/check/drift-design.js";
import { erc } from "../../../../../engine/kicad/cli/erc.js";
import { exportNetlist } from "../../../../../engine/kicad/cli/export-netlist.js";
import {
  type DraftProjectResult,
  draftProject,
} from "../../../../../engine/kicad/draft/draft-project.js";
import type { Intent } from "../../../../../engine/kicad/draft/intent.js";
import { SymbolCatalog } from "../../../../../engine/kicad/library/symbol-catalog.js";
import { loadSchematicHierarchy } from "../../../../../engine/kicad/schematic/hierarchy.js";
import { parseKicadNetlist } from "../../../../../engine/kicad/schematic/kicad-netlist.js";
import { netlist } from "../../../../../engine/kicad/schematic/netlist/netlist.js";
import { child, children, numberAt, textAt } from "../../../../../engine/kicad/sexp/node.js";
import { parseSexp } from "../../../../../engine/kicad/sexp/parse.js";
import { REPO_ROOT } from "../../../../helpers/fixture-project.js";
import { makeTempDir, type TempDir } from "../../../../helpers/temp-dir.js";

/**
 * The sensor hub drafted as a hierarchy: the power input on a sheet of its own (hints.sheets),
 * Channel 2 declared an instance of Channel 1 (hints.instances), Channels 3–8 found identical
 * up to names, so one channel sheet is placed eight times; the supervisor and the outputs get a
 * sheet each. Drafted once; KiCad's ERC and netlist and our own netlister judge the result.
 */
let dir: TempDir;
let intent: Intent;
let result: DraftProjectResult;
const root = () => dir.path("hub", "hub.kicad_sch");

/** Nets as sorted `REF.PIN` sets, names aside; only nets of two or more pins. */
function byPins(nets: { pins: string[] }[]): string[] {
  return nets
    .map((n) => [...new Set(n.pins)].sort().join(" "))
    .filter((n) => n.includes(" "))
    .sort();
}

beforeAll(async () => {
  dir = await makeTempDir("copperhead-hierarchy-");
  intent = JSON.parse(
    await readFile(`${REPO_ROOT}/examples/intents/sensor-hub.intent.json`, "utf8"),
  ) as Intent;
  intent.hints = {
    ...intent.hints,
    sheets: [{ name: "Power", groups: ["Power input"] }],
    instances: [{ group: "Channel 2", of: "Channel 1" }],
  };
  await writeFile(dir.path("hub.intent.json"), JSON.stringify(intent));
  result = await draftProject({
    intentPath: dir.path("hub.intent.json"),
    sheetPath: root(),
    docsDir: dir.path("no-docs"),
    catalog: SymbolCatalog.fromEnv(),
  });
}, 120_000);
afterAll(() => dir.remove());

describe("a hierarchical draft of the sensor hub", () => {
  it("draws one channel sheet eight times and reports which copies it found", () => {
    if (!result.ok) throw new Error(JSON.stringify(result.findings));
    const notes = result.report.notes;
    expect(notes).toContain(
      "channel.kicad_sch is drawn once and placed 8 times: Channel 1, Channel 2, Channel 3, Channel 4, Channel 5, Channel 6, Channel 7, Channel 8",
    );
    const detected = notes.filter((n) => n.startsWith("detected: "));
    // Channel 2 was declared, so only 3–8 are reported as found.
    expect(detected).toHaveLength(6);
    expect(detected[0]).toBe(
      'detected: "Channel 3" repeats "Channel 1" up to names, drawn as an instance of its sheet',
    );
    expect(result.written.written.map((p) => p.split("/").pop()).sort()).toEqual([
      "channel.kicad_sch",
      "hub.kicad_pro",
      "hub.kicad_sch",
      "hub.kicad_sym",
      "outputs.kicad_sch",
      "power.kicad_sch",
      "supervisor-mcu.kicad_sch",
      "sym-lib-table",
    ]);
  });

  it("puts every sheet on A4 or A3 and places 11 sheet instances under the root", async () => {
    const hierarchy = await loadSchematicHierarchy(root());
    expect(hierarchy.instances).toHaveLength(12);
    const papers = [...hierarchy.files.values()].map((s) => s.paper.name);
    expect(papers).toHaveLength(5);
    for (const paper of papers) expect(["A5", "A4", "A3"]).toContain(paper);
    expect(hierarchy.root.children.map((c) => c.name).sort()).toEqual([
      "Channel 1",
      "Channel 2",
      "Channel 3",
      "Channel 4",
      "Channel 5",
      "Channel 6",
      "Channel 7",
      "Channel 8",
      "Outputs",
      "Power",
      "Supervisor MCU",
    ]);
  });

  it("puts each root pin on the side its signal goes: channel outputs leave right, the supervisor and outputs sheets take them in on the left", async () => {
    const tree = parseSexp(await readFile(root(), "utf8"));
    const sides = new Map(
      children(tree, "sheet").map((sheet) => {
        const name = children(sheet, "property").find((p) => textAt(p, 1) === "Sheetname");
        const angles = children(sheet, "pin").map((pin) => numberAt(child(pin, "at"), 3));
        return [textAt(name, 2), [...new Set(angles)]];
      }),
    );
    // No pin drives CH1_OUT (a filter's resistor): it is made where most of its pins are.
    expect(sides.get("Channel 1")).toEqual([0]);
    expect(sides.get("Channel 8")).toEqual([0]);
    expect(sides.get("Supervisor MCU")).toEqual([180]);
    expect(sides.get("Outputs")).toEqual([180]);
  });

  it("is ERC-clean at every severity, and KiCad's netlist and ours both equal the intent", async () => {
    const [report, kicad, hierarchy] = await Promise.all([
      erc(root()),
      exportNetlist(root()),
      loadSchematicHierarchy(root()),
    ]);
    expect(report.violations.map((v) => `${v.severity} ${v.type}: ${v.description}`)).toEqual([]);
    const refs = new Set(intent.parts.map((p) => p.ref));
    const want = byPins(intent.nets);
    expect(want.length).toBeGreaterThan(60);
    const theirs = parseKicadNetlist(kicad);
    expect(theirs.components).toHaveLength(refs.size);
    const pinsOf = (nets: { nodes: { ref: string; pin: string }[] }[]) =>
      byPins(
        nets.map((n) => ({
          pins: n.nodes.filter((x) => refs.has(x.ref)).map((x) => `${x.ref}.${x.pin}`),
        })),
      );
    // The intent names some pins (D1.K, U1.VI), the netlists number them: the draft itself
    // proved ours equal to the intent pin by pin (check-drawn-nets), so KiCad's must equal ours.
    const ours = pinsOf(netlist(hierarchy).nets);
    expect(ours).toHaveLength(want.length);
    expect(pinsOf(theirs.nets)).toEqual(ours);
  }, 120_000);

  it("the drift checker sees every part once, under its own reference, on the nets of the intent", async () => {
    const hierarchy = await loadSchematicHierarchy(root());
    const design = driftDesignOf(hierarchy, netlist(hierarchy));
    expect(design.symbols.map((s) => s.ref).sort()).toEqual(intent.parts.map((p) => p.ref).sort());
    // A copy's own parts are on its own nets: Channel 8's connector J10 reaches its own R56 and D17.
    const sense = design.nets.find((n) => n.members.some((m) => m.ref === "J10" && m.pin === "2"));
    expect(sense?.members.map((m) => `${m.ref}.${m.pin}`).sort()).toEqual([
      "D17.1",
      "J10.2",
      "R56.1",
    ]);
    // A value that numbers its copy is drawn shared; the parts' other values are the intent's.
    expect(design.symbols.find((s) => s.ref === "J10")?.value).toBe("Sensor");
    expect(design.symbols.find((s) => s.ref === "R46")?.value).toBe("47k");
  });

  it("check and score walk every sheet instance: no error finding", () => {
    if (!result.ok) throw new Error("draft failed");
    expect(result.legibility.counts.error).toBe(0);
    expect(result.legibility.sheets).toBe(12);
    expect(result.score.sheets).toBe(12);
    expect(result.score.composite).toBeGreaterThan(0);
  });
});
