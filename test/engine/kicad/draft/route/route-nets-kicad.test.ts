import { writeFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { erc } from "../../../../../engine/kicad/cli/erc.js";
import { exportNetlist } from "../../../../../engine/kicad/cli/export-netlist.js";
import { type RoutedNet, routeNets } from "../../../../../engine/kicad/draft/route/route-nets.js";
import { parseKicadNetlist } from "../../../../../engine/kicad/schematic/kicad-netlist.js";
import { makeTempDir, type TempDir } from "../../../../helpers/temp-dir.js";
import { type SheetSpec, sheetText } from "../../schematic/helpers/build-sheet.js";
import { checkKicadRules } from "./kicad-rules.js";
import { type ResistorCase, resistorCase } from "./resistor-cases.js";

/**
 * The proof that counts: routed nets drawn on a real sheet (Device:R pins, stubs, the router's
 * wires, junctions and one uniquely named label per wired component), netlisted by kicad-cli.
 * Every component the router reports must be exactly one KiCad net, named by its label.
 */
const CASES = 16;
let dir: TempDir;
let cases: { c: ResistorCase; routed: RoutedNet[] }[];
let kicadNets: { name: string; members: string[] }[];
let violations: { type: string; description: string; items: string[] }[];

const labelText = (net: string, component: number) => `${net}_C${component}`;

beforeAll(async () => {
  dir = await makeTempDir("copperhead-route-");
  cases = Array.from({ length: CASES }, (_, i) => {
    const c = resistorCase(1000 + i, i + 1, [(i % 4) * 76.2, Math.floor(i / 4) * 63.5]);
    return { c, routed: routeNets(c.request) };
  });
  const spec: Required<Pick<SheetSpec, "symbols" | "wires" | "junctions" | "labels">> = {
    symbols: [],
    wires: [],
    junctions: [],
    labels: [],
  };
  for (const { c, routed } of cases) {
    for (const r of c.resistors) spec.symbols.push({ lib: "Device:R", ref: r.ref, at: r.at });
    for (const net of c.request.nets)
      for (const t of net.terminals)
        if (t.from) spec.wires.push([t.from.x, t.from.y, t.at.x, t.at.y]);
    for (const r of routed) {
      for (const w of r.wires) spec.wires.push([w.a.x, w.a.y, w.b.x, w.b.y]);
      for (const j of r.junctions) spec.junctions.push([j.x, j.y]);
      for (const l of r.labels ?? [])
        spec.labels.push({ text: labelText(r.name, l.component), at: [l.at.x, l.at.y] });
    }
  }
  const path = dir.path("routed.kicad_sch");
  await writeFile(path, sheetText(spec));
  const [text, report] = await Promise.all([exportNetlist(path), erc(path)]);
  violations = report.violations.map((v) => ({
    type: v.type,
    description: v.description,
    items: v.items.map((i) => i.description),
  }));
  const netlist = parseKicadNetlist(text);
  kicadNets = netlist.nets.map((n) => ({
    name: n.name,
    members: n.nodes.map((node) => `${node.ref}.${node.pin}`).sort(),
  }));
});
afterAll(() => dir?.remove());

describe("routed nets under kicad-cli's netlister", () => {
  it("leave ERC nothing to say but the pins left out of every net (and the fixture's missing library table)", () => {
    const expected = new Set(["pin_not_connected", "lib_symbol_issues"]);
    expect(violations.filter((v) => !expected.has(v.type))).toEqual([]);
    const unused = cases.reduce(
      (n, { c }) =>
        n + 2 * c.resistors.length - c.request.nets.reduce((k, net) => k + net.terminals.length, 0),
      0,
    );
    expect(unused).toBeGreaterThan(0);
    expect(violations.filter((v) => v.type === "pin_not_connected")).toHaveLength(unused);
  });

  it("pass the pure rule checker first", () => {
    for (const { c, routed } of cases)
      expect(checkKicadRules(c.request, routed).defects).toEqual([]);
  });

  it("keep off the stubs even when the pins are not given (checked against the real stubs)", () => {
    for (const { c } of cases) {
      const bare = {
        ...c.request,
        nets: c.request.nets.map((n) => ({
          ...n,
          terminals: n.terminals.map((t) => ({ pin: t.pin, at: t.at })),
        })),
      };
      expect(checkKicadRules(c.request, routeNets(bare)).defects).toEqual([]);
    }
  });

  it("make each reported component exactly one KiCad net, named by its label", () => {
    const byMember = new Map<string, { name: string; members: string[] }>();
    for (const n of kicadNets) for (const m of n.members) byMember.set(m, n);
    let components = 0;
    let labelled = 0;
    for (const { routed } of cases)
      for (const r of routed)
        r.components.forEach((component, index) => {
          components++;
          const kicad = byMember.get(component[0] as string);
          expect(kicad?.members, `${r.name} component ${index}`).toEqual([...component].sort());
          const label = r.labels?.find((l) => l.component === index);
          if (label) {
            labelled++;
            expect(kicad?.name).toBe(`/${labelText(r.name, index)}`);
          }
        });
    // Not vacuous: many components, most wired ones labelled.
    expect(components).toBeGreaterThan(60);
    expect(labelled).toBeGreaterThan(components / 3);
  });
});
