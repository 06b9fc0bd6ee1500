import { describe, expect, it } from "vitest";
import { scaffoldDocs } from "../../engine/repo/scaffold/scaffold-docs.js";
import { architectureGate } from "../../stages/architecture/gate.js";
import { devplanGate } from "../../stages/devplan/gate.js";
import { isPlaceholderPartNumber, partsGate } from "../../stages/parts/gate.js";
import { specGate } from "../../stages/spec/gate.js";
import { LED_DESIGN_DOCS } from "../engine/flow/flow-fixture.js";
import { ledRepo, repoWith, runGate, useStageRepos, write } from "./stage-repos.js";

useStageRepos();

/** What `copperhead init` writes for a small two-sheet design. */
const SCAFFOLD = scaffoldDocs({
  title: "Sensor board",
  sheets: [
    {
      name: "Sensor board",
      parts: [
        {
          ref: "J1",
          value: "Conn_01x02",
          libId: "Connector_Generic:Conn_01x02",
          footprint: "Connector_PinHeader_2.54mm:PinHeader_1x02_P2.54mm_Vertical",
          mpn: undefined,
        },
      ],
    },
    {
      name: "power",
      parts: [
        {
          ref: "R1",
          value: "10k",
          libId: "Device:R",
          footprint: "Resistor_SMD:R_0603_1608Metric",
          mpn: "RC0603FR-0710KL",
        },
      ],
    },
  ],
  pins: [{ ref: "J1", pin: "1", name: "Pin_1", net: "+5V" }],
});

const specFiles = (spec: string, constraints: unknown[], brief = LED_DESIGN_DOCS["brief.md"]!) => ({
  "brief.md": brief,
  "docs/SPEC.md": spec,
  ".copperhead/constraints.json": JSON.stringify({ schema: 1, constraints }),
});
const c = (key: string, source: string, bounds: Record<string, unknown>) => ({
  key,
  source,
  ...bounds,
  affects: [],
});

describe("spec gate", () => {
  it("fails on init's scaffold: a Budgets heading with only a comment, no constraints", async () => {
    const { passes, evidence } = await runGate(
      specGate,
      await repoWith({ "docs/SPEC.md": SCAFFOLD["SPEC.md"]! }),
    );
    expect(passes).toBe(false);
    expect(evidence.filter((e) => !e.ok).map((e) => [e.check, e.detail])).toEqual([
      ["budgets-section", "'Budgets' has no content (only blank lines, headings or comments)"],
      [
        "constraints-file",
        ".copperhead/constraints.json does not exist (record every budget with record_constraint)",
      ],
    ]);
  });

  it("passes a real spec whose budgets are constraints with the same numbers", async () => {
    const repo = await repoWith({
      "brief.md": LED_DESIGN_DOCS["brief.md"]!,
      "docs/SPEC.md": LED_DESIGN_DOCS["docs/SPEC.md"]!,
      ".copperhead/constraints.json": LED_DESIGN_DOCS[".copperhead/constraints.json"]!,
    });
    const { passes, evidence } = await runGate(specGate, repo);
    expect(evidence.filter((e) => !e.ok)).toEqual([]);
    expect(passes).toBe(true);
    expect(evidence.find((e) => e.check === "assumptions-flagged")?.detail).toBe(
      "3 budget(s) quote the brief, 1 flagged ASSUMED",
    );
  });

  it("fails a budget line whose number disagrees with its constraint, or that names no key", async () => {
    const spec =
      "# Spec\n\n## Budgets\n\n- Board: 30 × 20 mm (`board.width_mm`, `board.height_mm`)\n- Cost: under 5 EUR\n";
    const repo = await repoWith(
      specFiles(spec, [
        c("board.width_mm", 'brief: "30 x 15 mm"', { value: 30 }),
        c("board.height_mm", 'brief: "30 x 15 mm"', { value: 15 }),
        c("power.supply_voltage_V", 'brief: "5 V"', { value: 5 }),
      ]),
    );
    const detail = (await runGate(specGate, repo)).byCheck.get("budgets-recorded")?.detail;
    expect(detail).toBe(
      "docs/SPEC.md line 5 does not state 15 that constraints.json records for board.height_mm; docs/SPEC.md line 6 states a budget but names no constraint key; constraint power.supply_voltage_V is not named anywhere in docs/SPEC.md",
    );
  });

  it("accepts another SI prefix (1.5 A for 1500 mA) and refuses an unknown key", async () => {
    const spec =
      "# Spec\n\n## Budgets\n\n| Budget | Limit | Key |\n|---|---|---|\n| VBUS current | 1.5 A | `power.vbus_current_mA` |\n| Sleep | 10 µA | `power.sleep_uA` |\n";
    const repo = await repoWith(
      specFiles(spec, [c("power.vbus_current_mA", "ASSUMED: USB default", { max: 1500 })]),
    );
    const { byCheck } = await runGate(specGate, repo);
    expect(byCheck.get("budgets-recorded")?.detail).toBe(
      "docs/SPEC.md line 8 names power.sleep_uA, which constraints.json does not record",
    );
    expect(byCheck.get("assumptions-flagged")?.detail).toMatch(
      /power\.vbus_current_mA is ASSUMED but no SPEC\.md line flags it/,
    );
  });

  it("fails a source that quotes words the brief does not say, or that is neither brief nor ASSUMED", async () => {
    const spec =
      "# Spec\n\n## Budgets\n\n- Width 30 mm (`board.width_mm`), 2 holes (`board.mounting_holes`), 9 V (`power.v`)\n";
    const repo = await repoWith(
      specFiles(spec, [
        c("board.width_mm", 'brief: "40 x 20 mm"', { value: 30 }),
        c("board.mounting_holes", "the datasheet", { value: 2 }),
        c("power.v", "brief", { value: 9 }),
      ]),
    );
    const detail = (await runGate(specGate, repo)).byCheck.get("assumptions-flagged")?.detail;
    expect(detail).toContain('board.width_mm quotes "40 x 20 mm", which brief.md does not say');
    expect(detail).toContain(
      'board.mounting_holes has source "the datasheet": write brief: "<the brief\'s words>" or ASSUMED: <why>',
    );
    expect(detail).toContain("power.v cites the brief without quoting it");
  });

  it("reads Markdown as CommonMark: setext headings count, fenced and indented code does not", async () => {
    const setext = "Spec\n====\n\nBudgets\n-------\n\n- Supply: 5 V (`power.supply_voltage_V`)\n";
    const ok = await runGate(
      specGate,
      await repoWith(
        specFiles(setext, [
          c("power.supply_voltage_V", 'brief: "A 5 V power-on LED board"', { value: 5 }),
        ]),
      ),
    );
    expect(ok.passes).toBe(true);
    const fenced = "# Spec\n\n~~~\n```\n## Budgets\n```\n~~~\n\n    ## Budgets\n\nwords\n";
    expect(
      (await runGate(specGate, await repoWith({ "docs/SPEC.md": fenced }))).byCheck.get(
        "budgets-section",
      )?.detail,
    ).toBe("no heading named Budget(s)");
  });

  it("reports an invalid constraints file with the problem", async () => {
    const repo = await repoWith({
      ...specFiles("# S\n\n## Budgets\n\n- 5 V\n", []),
      ".copperhead/constraints.json": '{"schema":1,"constraints":[{"key":"x","source":"a"}]}',
    });
    expect((await runGate(specGate, repo)).byCheck.get("constraints-file")?.detail).toMatch(
      /does not match its schema \(docs\/constraints\.md\): constraints\.0\.key/,
    );
  });
});

describe("architecture gate", () => {
  it("fails on init's scaffold: sheet headings with the scaffold line and refdes inventories", async () => {
    const { passes, evidence } = await runGate(
      architectureGate,
      await repoWith({ "docs/SUBSYSTEMS.md": SCAFFOLD["SUBSYSTEMS.md"]! }),
    );
    expect(passes).toBe(false);
    expect(evidence[0]?.detail).toMatch(/no subsystem section of docs\/SUBSYSTEMS\.md has prose/);
  });

  it("passes a subsystem section written in prose (setext or ATX)", async () => {
    expect(
      (
        await runGate(
          architectureGate,
          await repoWith({ "docs/SUBSYSTEMS.md": LED_DESIGN_DOCS["docs/SUBSYSTEMS.md"]! }),
        )
      ).passes,
    ).toBe(true);
    const setext =
      "Subsystems\n==========\n\nPower\n-----\n\nA buck converter makes 3.3 V from the USB supply.\n";
    expect(
      (await runGate(architectureGate, await repoWith({ "docs/SUBSYSTEMS.md": setext }))).passes,
    ).toBe(true);
  });

  it("does not count prose above the first subsystem, in tables, code or comments", async () => {
    const doc =
      "# Subsystems\n\nIntro prose at the top does not count as a section.\n\n## Power\n\n<!-- explain the power path here -->\n\n| a | b |\n|---|---|\n| the regulator makes three volts | x |\n\n```\nthe code block is not prose\n```\n";
    expect(
      (await runGate(architectureGate, await repoWith({ "docs/SUBSYSTEMS.md": doc }))).passes,
    ).toBe(false);
  });
});

describe("parts gate", () => {
  it("fails on init's scaffold: every MPN UNVERIFIED", async () => {
    const { passes, byCheck } = await runGate(
      partsGate,
      await repoWith({ "docs/BOM.md": SCAFFOLD["BOM.md"]! }),
    );
    expect(passes).toBe(false);
    expect(byCheck.get("bom-part-numbers")?.detail).toBe(
      '2 of 2 row(s) have no chosen part number: J1 (line 7: "UNVERIFIED"); R1 (line 8: "UNVERIFIED")',
    );
    // The scaffold names real symbols and footprints: only the part choice is missing.
    expect(byCheck.get("bom-symbols")).toMatchObject({ ok: true });
    expect(byCheck.get("bom-footprints")).toMatchObject({ ok: true });
  });

  it("fails the LED example's BOM, whose part numbers are all —", async () => {
    const repo = await ledRepo();
    const { passes, byCheck } = await runGate(partsGate, repo);
    expect(passes).toBe(false);
    expect(byCheck.get("bom-part-numbers")?.detail).toMatch(
      /^3 of 3 row\(s\) have no chosen part number/,
    );
    expect(byCheck.get("bom-symbols")?.detail).toBe(
      "docs/BOM.md has no Symbol column (Library:Name)",
    );
  });

  it("reads a cell with no letter or digit, or a marker word, as no choice", () => {
    for (const cell of [
      "",
      "–",
      "-",
      "---",
      "?",
      "**—**",
      "`n/a`",
      "None",
      "pending",
      "TBD",
      "x UNVERIFIED",
    ])
      expect(isPlaceholderPartNumber(cell), cell).toBe(true);
    for (const mpn of ["1N4148", "RC0603FR-0710KL", "LM358", "12401610E4#2A"])
      expect(isPlaceholderPartNumber(mpn), mpn).toBe(false);
  });

  it("passes a BOM where every row has a chosen part, a real symbol and a real footprint", async () => {
    const { passes, evidence } = await runGate(
      partsGate,
      await repoWith({ "docs/BOM.md": LED_DESIGN_DOCS["docs/BOM.md"]! }),
    );
    expect(evidence.filter((e) => !e.ok)).toEqual([]);
    expect(passes).toBe(true);
  });

  it("names the closest real symbol and footprint for invented ones", async () => {
    const bom = [
      "| Refdes | Value | Symbol | Footprint | MPN |",
      "|---|---|---|---|---|",
      "| U1 | LDO | Regulator_Linear:AMS1117-3.4 | Package_TO_SOT_SMD:SOT-223-3_TabPin9 | AMS1117-3.3 |",
      "| R1 | 1k | Device:R | R_0603_1608Metric | RC0603FR-071KL |",
      "| C1 | 1u | Device:C | C_0603 | GRM188R61E105KA12D |",
      "| J1 | USB | Connector:USB_C_Receptacle | PinHeader_1x02_P2.54mm_Vertical | 12401610E4#2A |",
    ].join("\n");
    const { byCheck } = await runGate(partsGate, await repoWith({ "docs/BOM.md": bom }));
    expect(byCheck.get("bom-part-numbers")).toMatchObject({ ok: true });
    expect(byCheck.get("bom-symbols")?.detail).toMatch(
      /^U1 \(line 3\): "Regulator_Linear:AMS1117-3\.4": the library Regulator_Linear is right but it has no symbol "AMS1117-3\.4"; closest real names: .*AMS1117-3\.3/,
    );
    const footprints = byCheck.get("bom-footprints")?.detail ?? "";
    expect(footprints).toMatch(
      /U1 \(line 3\): "Package_TO_SOT_SMD:SOT-223-3_TabPin9": library Package_TO_SOT_SMD has no footprint "SOT-223-3_TabPin9"; closest real footprints: Package_TO_SOT_SMD:SOT-223, Package_TO_SOT_SMD:SOT-223-3_TabPin2/,
    );
    expect(footprints).toContain("C1 (line 5): C_0603: no installed library has this footprint");
    // A bare name is fine when exactly one library holds it (KiCad 9's libraries never repeat one).
    expect(footprints).not.toMatch(/R1 |J1 /);
  });

  it("refuses a bare footprint name that two libraries hold", async () => {
    const libs = await repoWith({
      "A.pretty/X.kicad_mod": '(footprint "X")',
      "B.pretty/X.kicad_mod": '(footprint "X")',
    });
    const bom =
      "| Refdes | Symbol | Footprint | MPN |\n|---|---|---|---|\n| R1 | Device:R | X | RC0603FR-071KL |\n";
    const repo = await repoWith({ "docs/BOM.md": bom });
    const evidence = await partsGate({ repo, env: { ...process.env, KICAD9_FOOTPRINT_DIR: libs } });
    expect(evidence.find((e) => e.check === "bom-footprints")?.detail).toBe(
      "R1 (line 3): X is in 2 libraries (A, B): write it as Library:Name",
    );
  });
});

describe("devplan gate", () => {
  const plan = LED_DESIGN_DOCS["docs/DEVPLAN.md"]!;

  it("fails a plan with headings and no content (a scaffold), and a missing plan", async () => {
    const scaffold =
      "# Development plan\n\n## Bring-up\n\n<!-- steps -->\n\n## Test points\n\n## Risks\n\n## Prototype order\n";
    const repo = await ledRepo();
    await write(repo, "docs/DEVPLAN.md", scaffold);
    const { passes, evidence } = await runGate(devplanGate, repo);
    expect(passes).toBe(false);
    expect(evidence.every((e) => !e.ok)).toBe(true);
    expect((await runGate(devplanGate, await repoWith({}))).evidence.map((e) => e.detail)).toEqual(
      Array(4).fill("docs/DEVPLAN.md is missing or empty"),
    );
  });

  it("passes a real plan whose test points exist on the board", async () => {
    const repo = await ledRepo();
    await write(repo, "docs/DEVPLAN.md", plan);
    const { passes, evidence } = await runGate(devplanGate, repo);
    expect(evidence.filter((e) => !e.ok)).toEqual([]);
    expect(passes).toBe(true);
  });

  it("fails test points the board does not have, a one-step bring-up and an order without a quantity", async () => {
    const repo = await ledRepo();
    await write(
      repo,
      "docs/DEVPLAN.md",
      plan
        .replace("- J1.2: GND", "- TP7: the LED current\n- the middle of the board")
        .replace("1. Set the bench supply to 5 V with a 30 mA current limit.\n", "")
        .replace(
          "- 5 boards from the gerbers in outputs/, hand assembled.",
          "- a few boards, hand assembled.",
        ),
    );
    const { byCheck } = await runGate(devplanGate, repo);
    expect(byCheck.get("test-points")?.detail).toBe(
      'line 10 names TP7, which hardware/led.kicad_pcb does not have; line 11 ("the middle of the board") names no reference or net of hardware/led.kicad_pcb',
    );
    expect(byCheck.get("bring-up")?.detail).toMatch(/has one step/);
    expect(byCheck.get("prototype-order")?.detail).toMatch(/does not say how many boards/);
    expect(byCheck.get("risks")).toMatchObject({ ok: true });
  });
});
