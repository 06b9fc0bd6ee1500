import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { clearDesign } from "../../engine/kicad/cli/cleared-design.js";
import { withKicadCli } from "../../engine/kicad/cli/run-kicad-cli.js";
import { csvLine, guardCell } from "../../engine/kicad/export/csv.js";
import { normalizeDates } from "../../engine/kicad/export/normalize-dates.js";
import { orderingBoms } from "../../engine/kicad/export/ordering-bom.js";
import { children, headOf, list } from "../../engine/kicad/sexp/node.js";
import { parseSexp } from "../../engine/kicad/sexp/parse.js";
import { writeSexp } from "../../engine/kicad/sexp/write.js";
import { forgetExports } from "../../stages/outputs/export-memo.js";
import { exportOutputs } from "../../stages/outputs/export-outputs.js";
import { outputsGate } from "../../stages/outputs/gate.js";
import { outputsChecks } from "../../stages/outputs/stage.js";
import { LED_DESIGN_DOCS } from "../engine/flow/flow-fixture.js";
import { demoFiles, ledRepo, runGate, useStageRepos, write } from "./stage-repos.js";

// Whole KiCad exports and gate runs: minutes on a loaded two-core machine, not a timing target.
vi.setConfig({ testTimeout: 600_000 });

useStageRepos();

/** Every file kind the issue lists, as the LED board exports them. */
const LED_FILES = [
  "bom-digikey.csv",
  "bom-jlcpcb.csv",
  "bom-mouser.csv",
  "bom.csv",
  "gerbers/led-B_Cu.gbl",
  "gerbers/led-B_Mask.gbs",
  "gerbers/led-B_Paste.gbp",
  "gerbers/led-B_Silkscreen.gbo",
  "gerbers/led-Edge_Cuts.gm1",
  "gerbers/led-F_Cu.gtl",
  "gerbers/led-F_Mask.gts",
  "gerbers/led-F_Paste.gtp",
  "gerbers/led-F_Silkscreen.gto",
  "gerbers/led-NPTH-drl_map.gbr",
  "gerbers/led-NPTH.drl",
  "gerbers/led-PTH-drl_map.gbr",
  "gerbers/led-PTH.drl",
  "gerbers/led-job.gbrjob",
  "jlcpcb-cpl.csv",
  "led-outline.dxf",
  "led-pos.csv",
  "led.step",
  "renders/led-board-3d.png",
  "renders/led-board.svg",
  "renders/led-schematic.png",
  "renders/led-schematic.svg",
];

describe("outputs stage (real kicad-cli)", () => {
  it("exports every listed file from the LED board, the same bytes on a second run, and the gate passes", async () => {
    const repo = await ledRepo();
    await write(repo, "docs/BOM.md", LED_DESIGN_DOCS["docs/BOM.md"]!);
    const first = await exportOutputs(repo);
    expect(first.files.map((f) => f.path)).toEqual(LED_FILES);
    for (const f of first.manifest.files) expect(f.bytes, f.path).toBeGreaterThan(0);
    const manifest = await readFile(join(repo, "outputs/manifest.json"), "utf8");
    const gerber = await readFile(join(repo, "outputs/gerbers/led-F_Cu.gtl"), "utf8");
    // KiCad stamps the clock into these; the export sets them to the board's date.
    expect(gerber).toContain("%TF.CreationDate,2020-01-01T00:00:00+00:00*%");

    // A real second run (not the in-process memo): KiCad itself must give the same bytes.
    forgetExports();
    const second = await exportOutputs(repo);
    expect(await readFile(join(repo, "outputs/manifest.json"), "utf8")).toBe(manifest);
    expect(second.manifest.files.map((f) => f.sha256)).toEqual(
      first.manifest.files.map((f) => f.sha256),
    );

    const { passes, evidence } = await runGate((c) => outputsGate(c), repo);
    expect(evidence.map((e) => e.check)).toEqual([...outputsChecks]);
    expect(evidence.filter((e) => !e.ok)).toEqual([]);
    expect(passes).toBe(true);

    // The ordering BOM takes the MPNs from BOM.md and lists what the schematic has.
    expect(await readFile(join(repo, "outputs/bom.csv"), "utf8")).toBe(
      [
        '"References","Value","Footprint","Manufacturer","MPN","Quantity"',
        '"D1","LED","LED_SMD:LED_0603_1608Metric","","150060RS75000","1"',
        '"J1","Conn_01x02","Connector_PinHeader_2.54mm:PinHeader_1x02_P2.54mm_Vertical","","61300211121","1"',
        '"R1","330","Resistor_SMD:R_0603_1608Metric","","RC0603FR-07330RL","1"',
        "",
      ].join("\r\n"),
    );

    // A changed output, or a file the export does not make, fails the reproducibility check.
    await writeFile(join(repo, "outputs/led-pos.csv"), "Ref,Val\n");
    await write(repo, "outputs/notes.txt", "mine");
    const tampered = await runGate((c) => outputsGate(c), repo);
    expect(tampered.byCheck.get("outputs-reproducible")?.detail).toBe(
      "1 file(s) differ from a fresh export (led-pos.csv); 1 file(s) the export does not make (notes.txt): run the outputs stage again on the committed board",
    );
    // …and the export refuses to delete the person's file.
    await expect(exportOutputs(repo)).rejects.toThrow(
      /outputs\/ holds 1 file\(s\) copperhead did not export \(notes\.txt\)/,
    );
    expect(await readFile(join(repo, "outputs/notes.txt"), "utf8")).toBe("mine");
  });

  it("fills the zones before plotting: a board saved with its pour unfilled still exports the pour", async () => {
    const repo = await demoFiles("ecc83", [
      "ecc83-pp.kicad_pro",
      "ecc83-pp.kicad_sch",
      "ecc83-pp.kicad_pcb",
      "ecc83-pp.kicad_sym",
      "sym-lib-table",
      "fp-lib-table",
      "footprints.pretty",
    ]);
    const boardPath = join(repo, "hardware/ecc83-pp.kicad_pcb");
    const tree = parseSexp(await readFile(boardPath, "utf8"));
    const zones = children(tree, "zone");
    expect(zones.length).toBe(1);
    const unfilled = list(
      tree.items.map((item) =>
        item.kind === "list" && headOf(item) === "zone"
          ? list(item.items.filter((z) => !(z.kind === "list" && headOf(z) === "filled_polygon")))
          : item,
      ),
    );
    await writeFile(boardPath, writeSexp(unfilled));
    const first = await exportOutputs(repo);
    const plain = await withKicadCli(
      (await clearDesign({ board: boardPath })).cleared,
      (work) => ["pcb", "export", "gerbers", "-l", "B.Cu", "-o", `${work.out("g")}/`, boardPath],
      async (_run, work) => {
        const [name] = (await readdir(work.out("g"))).filter((n) => n.endsWith(".gbl"));
        return (await stat(join(work.out("g"), name!))).size;
      },
    );
    // The demo renames its layers ("bottom_cu"): the bottom copper is the one .gbl file.
    const bottom = first.files.find((f) => f.path.endsWith(".gbl"))!;
    const filled = (await stat(join(repo, "outputs", bottom.path))).size;
    expect(filled).toBeGreaterThan(plain * 2);
    const again = await exportOutputs(repo);
    expect(again.manifest).toEqual(first.manifest);
  });

  it("fails fast, without exporting, when nothing was exported", async () => {
    const { passes, evidence } = await runGate((c) => outputsGate(c), await ledRepo());
    expect(passes).toBe(false);
    expect(new Set(evidence.map((e) => e.detail))).toEqual(
      new Set(["outputs/manifest.json is missing: the outputs stage has not exported this design"]),
    );
  });
});

describe("ordering BOMs", () => {
  const part = {
    value: "10k",
    footprint: "Resistor_SMD:R_0603_1608Metric",
    mpn: "RC0603FR-0710KL",
    manufacturer: "Yageo",
    lcsc: "C98220",
    digikey: "311-10.0KHRCT-ND",
    mouser: "603-RC0603FR-0710KL",
    dnp: false,
  };

  it("groups identical parts, leaves DNP parts out and fills each supplier's columns", () => {
    const boms = orderingBoms([
      { ...part, ref: "R10" },
      { ...part, ref: "R2" },
      { ...part, ref: "R3", dnp: true },
      {
        ...part,
        ref: "C1",
        value: "100n",
        footprint: "Capacitor_SMD:C_0603_1608Metric",
        mpn: "",
        lcsc: "",
        digikey: "",
        mouser: "",
        manufacturer: "",
      },
    ]);
    expect(boms["bom.csv"]).toContain(
      '"R2,R10","10k","Resistor_SMD:R_0603_1608Metric","Yageo","RC0603FR-0710KL","2"',
    );
    expect(boms["bom-jlcpcb.csv"]).toContain(
      '"10k RC0603FR-0710KL","R2,R10","R_0603_1608Metric","C98220"',
    );
    expect(boms["bom-digikey.csv"]).toContain(
      '"311-10.0KHRCT-ND","RC0603FR-0710KL","Yageo","2","R2,R10","10k R_0603_1608Metric"',
    );
    expect(boms["bom-mouser.csv"]).toContain(
      '"603-RC0603FR-0710KL","RC0603FR-0710KL","Yageo","2","R2,R10"',
    );
    expect(boms["bom.csv"]!.split("\r\n")[1]).toMatch(/^"C1"/);
  });

  it("guards every cell against spreadsheet formulas", () => {
    expect(guardCell('=HYPERLINK("http://x")')).toBe(`'=HYPERLINK("http://x")`);
    expect(guardCell("+cmd|' /C calc'!A0")).toBe("'+cmd|' /C calc'!A0");
    expect(guardCell("@SUM(1)")).toBe("'@SUM(1)");
    expect(guardCell("-2+3")).toBe("'-2+3");
    expect(guardCell("-5")).toBe("-5");
    expect(guardCell("+3V3")).toBe("'+3V3");
    expect(guardCell("10k")).toBe("10k");
    expect(csvLine(['say "hi"', "a\nb"])).toBe('"say ""hi""","a b"\r\n');
    const bom = orderingBoms([{ ...part, ref: "R1", mpn: "=1+1", value: "@x" }]);
    expect(bom["bom.csv"]).toContain(`"'@x"`);
    expect(bom["bom.csv"]).toContain(`"'=1+1"`);
  });

  it("sets only the named date stamps", () => {
    const drill =
      "M48\n; DRILL file {KiCad 9.0.8+1} date 2026-12-01T20:22:21+0000\n; #@! TF.CreationDate,2026-12-01T20:22:21+00:00\nT1C1.000\n";
    expect(normalizeDates("x.drl", drill, "2025-03-04")).toBe(
      "M48\n; DRILL file {KiCad 9.0.8+1} date 2025-03-04T00:00:00+0000\n; #@! TF.CreationDate,2025-03-04T00:00:00+00:00\nT1C1.000\n",
    );
    const step = "FILE_NAME('led.step','2026-12-01T20:22:23',('Pcbnew'),('Kicad'),\n";
    expect(normalizeDates("led.step", step, "2025-03-04")).toBe(
      "FILE_NAME('led.step','2025-03-04T00:00:00',('Pcbnew'),('Kicad'),\n",
    );
    expect(normalizeDates("led-pos.csv", step, "2025-03-04")).toBe(step);
  });
});
