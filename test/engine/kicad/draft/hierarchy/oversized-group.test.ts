import { writeFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { erc } from "../../../../../engine/kicad/cli/erc.js";
import { exportNetlist } from "../../../../../engine/kicad/cli/export-netlist.js";
import { draftProject } from "../../../../../engine/kicad/draft/draft-project.js";
import { draftSchematic } from "../../../../../engine/kicad/draft/draft-schematic.js";
import { SymbolCatalog } from "../../../../../engine/kicad/library/symbol-catalog.js";
import { loadSchematicHierarchy } from "../../../../../engine/kicad/schematic/hierarchy.js";
import { parseKicadNetlist } from "../../../../../engine/kicad/schematic/kicad-netlist.js";
import { netlist } from "../../../../../engine/kicad/schematic/netlist/netlist.js";
import { makeTempDir, type TempDir } from "../../../../helpers/temp-dir.js";
import { oversizedIntent } from "./oversized-intent.js";

/**
 * Generated designs whose one big group needs more than A3 on a sheet of its own: drafted the
 * way the CLI does, the group is cut into sheets of A4/A3 and the design comes out a hierarchy
 * that kicad-cli's ERC passes at every severity, with kicad-cli's netlist, ours and the intent
 * the same. Seeds chosen for 5, 6, 7 and 8 amplifier stages (the generator's whole range).
 */
const SEEDS: [number, number][] = [
  [7, 5],
  [12, 6],
  [1, 7],
  [4, 8],
];

let dir: TempDir;
let catalog: SymbolCatalog;
beforeAll(async () => {
  dir = await makeTempDir("copperhead-oversized-");
  catalog = SymbolCatalog.fromEnv();
});
afterAll(() => dir.remove());

/** Nets as sorted `REF.PIN` sets, names aside; only nets of two or more pins. */
function byPins(nets: { pins: string[] }[]): string[] {
  return nets
    .map((n) => [...new Set(n.pins)].sort().join(" "))
    .filter((n) => n.includes(" "))
    .sort();
}
const pinsOf = (nets: { nodes: { ref: string; pin: string }[] }[], refs: Set<string>) =>
  byPins(
    nets.map((n) => ({
      pins: n.nodes.filter((x) => refs.has(x.ref)).map((x) => `${x.ref}.${x.pin}`),
    })),
  );

/**
 * The drawn hierarchy is ERC clean at every severity, and kicad-cli's netlist and ours both
 * join exactly the intent's pins, with every part placed. Returns kicad-cli's netlist.
 */
async function expectCleanAndEqual(
  rootPath: string,
  hierarchy: Awaited<ReturnType<typeof loadSchematicHierarchy>>,
  intent: { parts: { ref: string }[]; nets: { pins: string[] }[] },
) {
  const [report, kicad] = await Promise.all([erc(rootPath), exportNetlist(rootPath)]);
  expect(report.violations.map((v) => `${v.severity} ${v.type}: ${v.description}`)).toEqual([]);
  const refs = new Set(intent.parts.map((p) => p.ref));
  const theirs = parseKicadNetlist(kicad);
  expect(theirs.components.map((c) => c.ref).sort()).toEqual([...refs].sort());
  const want = byPins(intent.nets);
  expect(pinsOf(netlist(hierarchy).nets, refs)).toEqual(want);
  expect(pinsOf(theirs.nets, refs)).toEqual(want);
  return theirs;
}

describe.each(SEEDS)(
  "a generated design with one oversized group (seed %i, %i stages)",
  (seed, stages) => {
    const intent = oversizedIntent(seed);
    const root = () => dir.path(`s${seed}`, "board.kicad_sch");

    it("needs more than A3 on one sheet, and is drafted as a hierarchy of sheets no larger than A3 with its nets intact", async () => {
      expect(intent.parts.filter((p) => p.ref.startsWith("U"))).toHaveLength(stages);
      const single = await draftSchematic({
        intent,
        sheetPath: dir.path("one.kicad_sch"),
        catalog,
      });
      expect(single.ok && ["A2", "A1", "A0"].includes(single.report.paper)).toBe(true);

      await writeFile(dir.path(`s${seed}.intent.json`), JSON.stringify(intent));
      const result = await draftProject({
        intentPath: dir.path(`s${seed}.intent.json`),
        sheetPath: root(),
        docsDir: dir.path("no-docs"),
        catalog,
      });
      if (!result.ok) throw new Error(JSON.stringify(result.findings));
      const note = result.report.notes.find((n) => n.startsWith('"Signal chain" needs A'));
      expect(note, `${stages} stages`).toMatch(
        /cut along its connectivity into \d+ sheets of A4\/A3/,
      );

      const hierarchy = await loadSchematicHierarchy(root());
      const papers = [...hierarchy.files.values()].map((s) => s.paper.name);
      // The root, the input sheet and at least two pieces of the chain.
      expect(papers.length).toBeGreaterThanOrEqual(4);
      for (const paper of papers) expect(["A5", "A4", "A3"]).toContain(paper);
      // Pages along the signal: the connector's sheet feeds the chain, each piece the next.
      const byPage = hierarchy.instances
        .filter((i) => i.name !== "")
        .sort((a, b) => Number(a.page) - Number(b.page))
        .map((i) => i.name);
      const n = byPage.length - 1;
      expect(byPage).toEqual([
        "Input",
        ...Array.from({ length: n }, (_, i) => `Signal chain (${i + 1} of ${n})`),
      ]);

      const theirs = await expectCleanAndEqual(root(), hierarchy, intent);

      // Each op-amp's decoupling capacitor (listed right after it) is drawn on its sheet.
      const sheetOf = new Map(theirs.components.map((c) => [c.ref, c.sheetNames]));
      intent.parts.forEach((p, i) => {
        const cap = intent.parts[i + 1]?.ref ?? "";
        if (p.ref.startsWith("U")) expect(sheetOf.get(cap), cap).toBe(sheetOf.get(p.ref));
      });
    }, 240_000);
  },
);

describe("a generated design whose oversized group repeats (seed 7, two chains of 5 stages)", () => {
  const intent = oversizedIntent(7, { copies: 2 });
  const root = () => dir.path("shared", "board.kicad_sch");

  it("draws the chain's pieces once each and places every piece twice, sheets no larger than A3, nets intact", async () => {
    await writeFile(dir.path("shared.intent.json"), JSON.stringify(intent));
    const result = await draftProject({
      intentPath: dir.path("shared.intent.json"),
      sheetPath: root(),
      docsDir: dir.path("no-docs"),
      catalog,
    });
    if (!result.ok) throw new Error(JSON.stringify(result.findings));
    expect(result.report.notes).toContain(
      'detected: "Signal chain 2" repeats "Signal chain" up to names, drawn as an instance of its sheet',
    );
    expect(result.report.notes.some((n) => n.startsWith('"Signal chain" needs A'))).toBe(true);
    const hierarchy = await loadSchematicHierarchy(root());
    for (const s of hierarchy.files.values()) expect(["A5", "A4", "A3"]).toContain(s.paper.name);
    const pieces = hierarchy.instances.filter((i) => / \(\d+ of \d+\)$/.test(i.name));
    const files = new Set(pieces.map((p) => p.file));
    expect(files.size).toBeGreaterThanOrEqual(2);
    for (const f of files) {
      const names = pieces.filter((p) => p.file === f).map((p) => p.name.replace(/ \(.*/, ""));
      expect(names.sort()).toEqual(["Signal chain", "Signal chain 2"]);
    }

    await expectCleanAndEqual(root(), hierarchy, intent);
  }, 240_000);
});
