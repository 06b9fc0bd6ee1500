import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prepareExample } from "../../../../bench/layout-examples.js";
import { toolFactsSchema } from "../../../../engine/agent/ledger/facts.js";
import { Ledger } from "../../../../engine/agent/ledger/ledger.js";
import { layoutBoardTool } from "../../../../engine/agent/tools/layout-board.js";
import { runDrcTool } from "../../../../engine/agent/tools/run-drc.js";
import { draftProject } from "../../../../engine/kicad/draft/draft-project.js";
import { SymbolCatalog } from "../../../../engine/kicad/library/symbol-catalog.js";
import { tempRepo } from "./temp-repo.js";

const BOARD = "hardware/usb-c-breakout.kicad_pcb";

describe("layout_board", () => {
  let made: Awaited<ReturnType<typeof tempRepo>>;
  beforeAll(async () => {
    made = await tempRepo({
      ".copperhead/config.json": JSON.stringify({
        paths: { schematic: "hardware/usb-c-breakout.kicad_sch" },
      }),
      "docs/LAYOUT.md":
        "# Layout\n\n## Stack-up\n\nTwo layers, 1.6 mm.\n\n## Draft quality\n\nold text\n\n## Notes\n\nkeep me\n",
    });
    await prepareExample("usb-c-breakout", made.repo);
  });
  afterAll(() => made.done());

  it("is mutating: spec gating keeps it out of the catalog until a proposal validates", () => {
    expect(layoutBoardTool.mutating).toBe(true);
  });

  it("lays out and routes the configured board, writes its Draft quality into LAYOUT.md, and opens the DRC obligation that run_drc then clears", async () => {
    const result = await layoutBoardTool.run({}, made.context);
    expect(result.ok, result.detail).toBe(true);
    expect(result.summary).toMatch(
      /^laid out hardware\/usb-c-breakout\.kicad_pcb: 10 parts on 30 x 20 mm, .*, 6 of 6 net\(s\) routed, \d+ via\(s\)$/,
    );
    expect(result.detail).toContain("Every net is routed: run_drc next");
    const board = await readFile(join(made.repo, BOARD), "utf8");
    expect(board).toContain('(generator "copperhead")');
    expect(board).toContain("(segment");
    const doc = await readFile(join(made.repo, "docs/LAYOUT.md"), "utf8");
    expect(doc).toContain("## Stack-up\n\nTwo layers, 1.6 mm.");
    expect(doc).toContain("## Notes\n\nkeep me");
    expect(doc).not.toContain("old text");
    expect(doc).toMatch(
      /## Draft quality\n\n`hardware\/usb-c-breakout\.kicad_pcb`: 10 parts placed.*Every net is routed\./,
    );
    expect(doc).toMatch(/\*\*Routing:\*\* 6 of 6 net\(s\) routed \(100 %\)/);

    const facts = toolFactsSchema.parse(result.facts);
    const mutated = [facts.mutated].flat();
    expect(mutated).toContainEqual({ kind: "board", path: BOARD });
    // The footprint table is read by the board only (DRC's); the project file is the sheet's too.
    expect(mutated).toContainEqual({ kind: "board", path: "hardware/fp-lib-table" });
    expect(mutated).toContainEqual({
      kind: "kicad-other",
      path: BOARD.replace(/\.kicad_pcb$/, ".kicad_pro"),
    });
    expect(mutated).toContainEqual({ kind: "other", path: "docs/LAYOUT.md" });

    const ledger = new Ledger({ sheet: { present: true, engineAuthored: true } });
    ledger.apply("layout_board", facts);
    expect(ledger.open.map((o) => o.kind)).toContain("drc");
    // run_drc finds the board beside the schematic (paths.board is not set): routed, it is clean.
    const drc = await runDrcTool.run({}, made.context);
    expect(drc.summary).toBe(`DRC clean (${BOARD})`);
    ledger.apply("run_drc", toolFactsSchema.parse(drc.facts));
    expect(ledger.open.map((o) => o.kind)).not.toContain("drc");
  });

  it("place_only leaves the nets unrouted, so run_drc keeps the obligation open on the unconnected items", async () => {
    const result = await layoutBoardTool.run({ place_only: true }, made.context);
    expect(result.ok, result.detail).toBe(true);
    expect(result.summary).toMatch(/, 6 net\(s\) to route$/);
    expect(result.detail).toContain("The board is placed, not routed");
    expect(await readFile(join(made.repo, BOARD), "utf8")).not.toContain("(segment");
    const ledger = new Ledger({ sheet: { present: true, engineAuthored: true } });
    ledger.apply("layout_board", toolFactsSchema.parse(result.facts));
    const drc = await runDrcTool.run({}, made.context);
    expect(drc.ok).toBe(false);
    expect(drc.summary).toMatch(/^DRC: 0 violation\(s\), \d+ unconnected/);
    ledger.apply("run_drc", toolFactsSchema.parse(drc.facts));
    expect(ledger.open.find((o) => o.kind === "drc")?.detail).toMatch(/DRC reports \d+ unresolved/);
  });

  it("a footprint that does not exist is a check-failed result naming the closest ones, and nothing is written", async () => {
    const sheet = join(made.repo, "hardware/usb-c-breakout.kicad_sch");
    const before = await readFile(join(made.repo, BOARD), "utf8");
    const text = await readFile(sheet, "utf8");
    await writeFile(
      sheet,
      text.replace('"Resistor_SMD:R_0603_1608Metric"', '"Resistor_SMD:R_0603_1608Metrik"'),
    );
    try {
      const result = await layoutBoardTool.run({}, made.context);
      expect(result.ok).toBe(false);
      expect(result.errorKind).toBe("check-failed");
      expect(result.detail).toContain('library Resistor_SMD has no footprint "R_0603_1608Metrik"');
      expect(result.detail).toContain("Resistor_SMD:R_0603_1608Metric");
      expect(result.detail).toContain("nothing was written");
      expect(await readFile(join(made.repo, BOARD), "utf8")).toBe(before);
    } finally {
      await writeFile(sheet, text);
    }
  });
});

describe("layout_board then run_drc on a board with nothing left to route", () => {
  it("run_drc clears the obligation: the routed strap and the filled ground pour join every ground pad", async () => {
    const made = await tempRepo({
      ".copperhead/config.json": JSON.stringify({
        paths: { schematic: "hardware/gnd.kicad_sch", board: "hardware/gnd.kicad_pcb" },
      }),
    });
    try {
      const intent = {
        version: 1,
        title: "Ground strap",
        parts: [
          {
            ref: "J1",
            libId: "Connector_Generic:Conn_01x02",
            value: "in",
            footprint: "Connector_PinHeader_2.54mm:PinHeader_1x02_P2.54mm_Vertical",
            group: "Strap",
          },
          {
            ref: "J2",
            libId: "Connector_Generic:Conn_01x02",
            value: "out",
            footprint: "Connector_PinHeader_2.54mm:PinHeader_1x02_P2.54mm_Vertical",
            group: "Strap",
          },
        ],
        nets: [{ name: "GND", kind: "ground", pins: ["J1.1", "J1.2", "J2.1", "J2.2"] }],
      };
      await mkdir(join(made.repo, "hardware"), { recursive: true });
      await writeFile(join(made.repo, "hardware/gnd.intent.json"), JSON.stringify(intent));
      const drafted = await draftProject({
        intentPath: join(made.repo, "hardware/gnd.intent.json"),
        sheetPath: join(made.repo, "hardware/gnd.kicad_sch"),
        docsDir: join(made.repo, "docs"),
        catalog: SymbolCatalog.fromEnv(),
      });
      expect(drafted.ok).toBe(true);
      const laid = await layoutBoardTool.run({}, made.context);
      expect(laid.ok, laid.detail).toBe(true);
      const ledger = new Ledger({ sheet: { present: true, engineAuthored: true } });
      ledger.apply("layout_board", toolFactsSchema.parse(laid.facts));
      expect(ledger.open.map((o) => o.kind)).toContain("drc");
      const drc = await runDrcTool.run({}, made.context);
      expect(drc.summary).toBe("DRC clean (hardware/gnd.kicad_pcb)");
      ledger.apply("run_drc", toolFactsSchema.parse(drc.facts));
      expect(ledger.open.map((o) => o.kind)).not.toContain("drc");
    } finally {
      await made.done();
    }
  });
});
