import { cp, readFile, stat, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { execa } from "execa";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkDriftTool } from "../../../../engine/agent/tools/check-drift.js";
import { checkLegibilityTool } from "../../../../engine/agent/tools/check-legibility.js";
import { exportSvgTool } from "../../../../engine/agent/tools/export-svg.js";
import { listNetsTool } from "../../../../engine/agent/tools/list-nets.js";
import { listSymbolsTool } from "../../../../engine/agent/tools/list-symbols.js";
import { runDrcTool } from "../../../../engine/agent/tools/run-drc.js";
import { runErcTool } from "../../../../engine/agent/tools/run-erc.js";
import { scoreSchematicTool } from "../../../../engine/agent/tools/score-schematic.js";
import { ledRepo, tempRepo } from "./temp-repo.js";

const FIXTURES = resolve(import.meta.dirname, "../../../fixtures/legibility");

// One read-only copy of examples/led for the inspection tools, one per mutating case.
let led: Awaited<ReturnType<typeof ledRepo>>;
let bare: Awaited<ReturnType<typeof tempRepo>>;
const others: { done(): Promise<void> }[] = [];

beforeAll(async () => {
  led = await ledRepo();
  bare = await tempRepo({ "docs/SPEC.md": "# Spec\n" });
});
afterAll(async () => {
  await Promise.all([led.done(), bare.done(), ...others.map((o) => o.done())]);
});

describe("schematic inspection", () => {
  it("list_symbols lists J1, R1, D1 with lib ids, values and footprints (power symbols left out)", async () => {
    const result = await listSymbolsTool.run({}, led.context);
    const rows = JSON.parse(result.detail ?? "[]") as {
      ref: string;
      lib_id: string;
      value: string;
      footprint: string;
    }[];
    expect(rows.map((r) => r.ref).sort()).toEqual(["D1", "J1", "R1"]);
    expect(rows.find((r) => r.ref === "R1")).toMatchObject({
      lib_id: "Device:R",
      value: "330",
      sheet: "/",
    });
    expect(rows.find((r) => r.ref === "D1")?.footprint).toMatch(/^LED_SMD:/);
  });

  it("list_nets names the rails with their pins", async () => {
    const result = await listNetsTool.run({}, led.context);
    const lines = result.detail?.split("\n") ?? [];
    expect(lines.find((l) => l.startsWith("+5V:"))).toContain("J1.1");
    expect(lines.find((l) => l.startsWith("GND:"))).toContain("J1.2");
    expect(result.summary).toMatch(/^\d+ net\(s\) on hardware\/led\.kicad_sch$/);
  });

  it("every schematic tool says 'no schematic configured' in a repo without one, and succeeds", async () => {
    for (const tool of [
      listSymbolsTool,
      listNetsTool,
      runErcTool,
      scoreSchematicTool,
      checkLegibilityTool,
    ]) {
      const result = await tool.run({}, bare.context);
      expect(result.ok, tool.name).toBe(true);
      expect(result.summary, tool.name).toContain("no schematic configured");
    }
    const legibility = await checkLegibilityTool.run({}, bare.context);
    expect(legibility.facts).toEqual({
      legibility: { errors: 0, findings: [], sheetPresent: false },
    });
    const drc = await runDrcTool.run({}, bare.context);
    expect(drc.summary).toContain("no board configured");
  });

  it("check_legibility returns the checker's numbered report and the ledger fact", async () => {
    const result = await checkLegibilityTool.run({}, led.context);
    expect(result.ok).toBe(true);
    expect(result.detail).toMatch(/^legibility: /);
    const fact = result.facts?.legibility as {
      errors: number;
      findings: unknown[];
      sheetPresent: boolean;
    };
    expect(fact.sheetPresent).toBe(true);
    expect(result.summary.startsWith(`legibility: ${fact.errors} error, `)).toBe(true);
    // The fact carries the same findings the model reads, numbered in the detail.
    const numbered = (result.detail ?? "").split("\n").filter((l) => /^ {2}\d+\. \[/.test(l));
    expect(numbered).toHaveLength(fact.findings.length);
  });

  it("check_legibility numbers overlapping bodies with both refs and reports them to the ledger", async () => {
    const overlap = await tempRepo({
      ".copperhead/config.json": JSON.stringify({ paths: { schematic: "hw/overlap.kicad_sch" } }),
      "hw/overlap.kicad_sch": await readFile(join(FIXTURES, "symbol-overlap.kicad_sch"), "utf8"),
    });
    others.push(overlap);
    const result = await checkLegibilityTool.run({}, overlap.context);
    const line = result.detail?.split("\n").find((l) => l.includes("symbol-overlap"));
    expect(line).toMatch(/^ {2}\d+\. \[error\] symbol-overlap @ \/ \(/);
    expect(line).toMatch(/refs: \w+\d+, \w+\d+/);
    const fact = result.facts?.legibility as
      | { errors: number; engineAuthored: boolean }
      | undefined;
    expect(fact?.errors ?? 0).toBeGreaterThan(0);
    expect(fact?.engineAuthored).toBe(false);
  });

  it("score_schematic returns the composite and each metric", async () => {
    const result = await scoreSchematicTool.run({}, led.context);
    expect(result.detail).toMatch(/^score: \d+(\.\d+)?\/100/);
    expect(result.detail).toContain("weight");
  });
});

describe("drift", () => {
  it("is clean on the example, and names a BOM value the schematic contradicts", async () => {
    const clean = await checkDriftTool.run({}, led.context);
    expect(clean.summary).toBe("drift: clean");
    expect(clean.facts).toEqual({ drift: { findings: 0 } });
    const drifted = await ledRepo();
    others.push(drifted);
    const bom = join(drifted.repo, "docs/BOM.md");
    await writeFile(
      bom,
      (await readFile(bom, "utf8")).replace("| R1 | 1 | 330 Ω |", "| R1 | 1 | 470 Ω |"),
    );
    const result = await checkDriftTool.run({}, drifted.context);
    expect(result.ok).toBe(false);
    expect(result.facts).toEqual({ drift: { findings: 1 } });
    expect(result.detail).toContain("470");
    expect(result.detail).toContain("R1");
  });

  it("is vacuously clean without a schematic", async () => {
    expect((await checkDriftTool.run({}, bare.context)).facts).toEqual({ drift: { findings: 0 } });
  });
});

describe.concurrent("kicad-cli tools", () => {
  it("run_erc: clean on the example; an unannotated part is a violation", async () => {
    const clean = await runErcTool.run({}, led.context);
    expect(clean.summary).toBe("ERC clean (hardware/led.kicad_sch)");
    expect(clean.facts).toEqual({ erc: { violations: 0 } });
    const broken = await ledRepo();
    others.push(broken);
    const sheet = join(broken.repo, "hardware/led.kicad_sch");
    await writeFile(
      sheet,
      (await readFile(sheet, "utf8")).replace('(reference "R1")', '(reference "R?")'),
    );
    const result = await runErcTool.run({}, broken.context);
    expect(result.ok).toBe(false);
    expect(result.errorKind).toBe("check-failed");
    const erc = result.facts?.erc as { violations: number } | undefined;
    expect(erc?.violations ?? 0).toBeGreaterThan(0);
    expect(result.detail).toMatch(/1\. error/);
  });

  it("run_drc: clean on the example board", async () => {
    const result = await runDrcTool.run({}, led.context);
    expect(result.summary).toBe("DRC clean (hardware/led.kicad_pcb)");
    expect(result.facts).toEqual({ drc: { violations: 0, rules: 0, unconnected: 0 } });
  });

  it("export_svg renders the schematic into .copperhead/renders/", async () => {
    const result = await exportSvgTool.run({ kind: "sch" }, led.context);
    expect(result.detail).toBe("wrote .copperhead/renders/led.svg");
    expect((await stat(join(led.repo, ".copperhead/renders/led.svg"))).size).toBeGreaterThan(1000);
    // Git sees no renders: the folder ignores itself (checked in a git repo holding a copy).
    const git = await tempRepo({ "README.md": "x\n" });
    others.push(git);
    await cp(join(led.repo, ".copperhead"), join(git.repo, ".copperhead"), { recursive: true });
    await execa("git", ["init", "-q"], { cwd: git.repo });
    const { stdout } = await execa("git", ["status", "--porcelain", "--untracked-files=all"], {
      cwd: git.repo,
    });
    expect(stdout).toContain("README.md");
    expect(stdout).not.toContain(".copperhead/renders");
  });
});
