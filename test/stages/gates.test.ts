import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { gatePasses, type StageDeclaration } from "../../engine/flow/stage.js";
import { configSchema } from "../../engine/repo/config.js";
import { architectureGate } from "../../stages/architecture/stage.js";
import { devplanGate } from "../../stages/devplan/stage.js";
import { firmwareGate } from "../../stages/firmware/stage.js";
import { layoutGate } from "../../stages/layout/stage.js";
import { outputsGate } from "../../stages/outputs/stage.js";
import { partsGate } from "../../stages/parts/stage.js";
import { schematicGate } from "../../stages/schematic/stage.js";
import { specGate } from "../../stages/spec/stage.js";
import { LED_EXAMPLE } from "../helpers/fixture-project.js";

const dirs: string[] = [];
afterAll(async () => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

async function repoWith(files: Record<string, string>): Promise<string> {
  const repo = await mkdtemp(join(tmpdir(), "copperhead-gate-"));
  dirs.push(repo);
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(repo, path)), { recursive: true });
    await writeFile(join(repo, path), text);
  }
  return repo;
}

type Gate = StageDeclaration["gate"];
async function run(gate: Gate, files: Record<string, string>) {
  const evidence = await gate({ repo: await repoWith(files), config: configSchema.parse({}) });
  return { passes: gatePasses(evidence), evidence };
}

describe("spec gate", () => {
  it("passes with a Budgets section that has content, subsections included", async () => {
    const spec = "# Spec\n\n## Power budget\n\n### Rails\n\n- 3.3 V at 200 mA\n\n## Other\n";
    expect((await run(specGate, { "docs/SPEC.md": spec })).passes).toBe(true);
  });

  it("fails on an empty or comment-only Budgets section, or none", async () => {
    const scaffold =
      "# Spec\n\n## Budgets\n\n<!-- fill in power, size, cost -->\n\n## Interfaces\n\nUSB\n";
    const empty = await run(specGate, { "docs/SPEC.md": scaffold });
    expect(empty.passes).toBe(false);
    expect(empty.evidence[1]).toMatchObject({ check: "budgets-section", ok: false });
    const none = await run(specGate, { "docs/SPEC.md": "# Spec\n\nText.\n" });
    expect(none.evidence[1]!.detail).toBe("no heading named Budget(s)");
  });

  it("does not take a heading inside a code fence for a section", async () => {
    const fenced = "# Spec\n\n```\n## Budgets\n```\n\nsome words\n";
    expect((await run(specGate, { "docs/SPEC.md": fenced })).passes).toBe(false);
  });
});

describe("architecture gate", () => {
  it("passes with a subsystem section written in prose", async () => {
    const doc = "# Subsystems\n\n## Power\n\nA buck converter makes 3.3 V from the USB supply.\n";
    expect((await run(architectureGate, { "docs/SUBSYSTEMS.md": doc })).passes).toBe(true);
  });

  it("fails on scaffold text and refdes inventories", async () => {
    const doc =
      "# Subsystems\n\nIntro prose at the top does not count as a section.\n\n## Power\n\nPer-sheet values and reasoning\n- R1: 10k\n- C3: 100n\n| a | b |\n|---|---|\n";
    const result = await run(architectureGate, { "docs/SUBSYSTEMS.md": doc });
    expect(result.passes).toBe(false);
    expect(result.evidence[0]!.detail).toMatch(/no subsystem section has prose/);
  });
});

describe("parts gate", () => {
  const header = "| Refdes | Value | Footprint | MPN | Rationale |\n|---|---|---|---|---|\n";

  it("passes when a row names a real part number", async () => {
    const bom = `# BOM\n\n${header}| U1 | MCU | QFN-32 | STM32G031K8U6 | cheap |\n| R1 | 10k | 0603 | UNVERIFIED | |\n`;
    const result = await run(partsGate, { "docs/BOM.md": bom });
    expect(result.passes).toBe(true);
    expect(result.evidence[0]!.detail).toBe("1 row(s) with a part number: STM32G031K8U6");
  });

  it("fails when every part number is a placeholder or there is no MPN column", async () => {
    const bom = `${header}| U1 | MCU | QFN-32 | UNVERIFIED STM32 | |\n| R1 | 10k | 0603 | TBD | |\n| R2 | 1k | 0603 |  | |\n`;
    expect((await run(partsGate, { "docs/BOM.md": bom })).passes).toBe(false);
    // examples/led's BOM: every MPN cell an em dash (the gate adopted it before).
    const led = await readFile(join(LED_EXAMPLE, "docs/BOM.md"), "utf8");
    const dashes = await run(partsGate, { "docs/BOM.md": led });
    expect(dashes.passes).toBe(false);
    expect(dashes.evidence[0]!.detail).toMatch(/no chosen part/);
    for (const cell of ["–", "-", "---", "?", "**—**", "`n/a`", "None", "pending"]) {
      const row = `${header}| R1 | 10k | 0603 | ${cell} | |\n`;
      expect((await run(partsGate, { "docs/BOM.md": row })).passes, cell).toBe(false);
    }
    for (const mpn of ["1N4148", "RC0603FR-0710KL", "LM358"]) {
      const row = `${header}| R1 | 10k | 0603 | ${mpn} | |\n`;
      expect((await run(partsGate, { "docs/BOM.md": row })).passes, mpn).toBe(true);
    }
    const noColumn = "| Refdes | Value |\n|---|---|\n| U1 | STM32G031K8U6 |\n";
    const result = await run(partsGate, { "docs/BOM.md": noColumn });
    expect(result.evidence[0]!.detail).toMatch(/no table with an MPN/);
  });
});

describe("file gates", () => {
  it("schematic fails fast on an empty sheet, before any KiCad run", async () => {
    const empty = await run(schematicGate, {
      "hardware/a.kicad_sch": "",
      "docs/PINOUT.md": "# Pins\n",
    });
    expect(empty.evidence).toEqual([
      { check: "schematic-files", ok: false, detail: "empty: hardware/a.kicad_sch" },
      { check: "pinout-present", ok: true, detail: "1 non-empty: docs/PINOUT.md" },
    ]);
  });

  it("layout fails fast without a board", async () => {
    const result = await run(layoutGate, { "docs/LAYOUT.md": "x" });
    expect(result.passes).toBe(false);
    expect(result.evidence.map((e) => e.check)).toEqual(["board-files", "layout-notes-present"]);
  });

  it("outputs needs gerbers and a drill file, none empty", async () => {
    const ok = { "outputs/gerbers/a-F_Cu.gtl": "G04*", "outputs/gerbers/a.drl": "M48" };
    expect((await run(outputsGate, ok)).passes).toBe(true);
    const noDrill = await run(outputsGate, { "outputs/a.gtl": "G04*" });
    expect(noDrill.evidence.find((e) => e.check === "drill")!.ok).toBe(false);
    const empty = await run(outputsGate, { ...ok, "outputs/bom.csv": "" });
    expect(empty.evidence[0]!.ok).toBe(false);
  });

  it("firmware needs a non-empty source file", async () => {
    expect((await run(firmwareGate, { "firmware/src/main.c": "int main;" })).passes).toBe(true);
    expect((await run(firmwareGate, { "firmware/README.md": "later" })).passes).toBe(false);
    expect((await run(firmwareGate, { "firmware/pins.h": "" })).passes).toBe(false);
  });

  it("devplan needs a heading with content", async () => {
    expect((await run(devplanGate, { "docs/DEVPLAN.md": "# Plan\n\nStep 1.\n" })).passes).toBe(
      true,
    );
    expect((await run(devplanGate, { "docs/DEVPLAN.md": "# Plan\n" })).passes).toBe(false);
  });
});
