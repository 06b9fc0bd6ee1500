import { copyFile, cp, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { Evidence } from "../../engine/flow/evidence.js";
import { gatePasses } from "../../engine/flow/stage.js";
import { configSchema } from "../../engine/repo/config.js";
import { layoutGate } from "../../stages/layout/stage.js";
import { schematicGate } from "../../stages/schematic/stage.js";

const LED = join(import.meta.dirname, "../../examples/led");
const ECC83 = "/usr/share/kicad/demos/ecc83";
const FIXTURES = join(import.meta.dirname, "../fixtures/legibility");

const dirs: string[] = [];
afterAll(async () => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

/** A repo holding the LED example's KiCad project under hardware/ and its BOM/PINOUT under docs/. */
async function ledRepo(): Promise<string> {
  const repo = await mkdtemp(join(tmpdir(), "copperhead-kicad-gate-"));
  dirs.push(repo);
  await cp(LED, join(repo, "hardware"), { recursive: true });
  await cp(join(LED, "docs"), join(repo, "docs"), { recursive: true });
  await writeFile(join(repo, "docs/LAYOUT.md"), "# Layout\n\nTwo layers.\n");
  return repo;
}

async function gate(
  which: typeof schematicGate,
  repo: string,
  config: unknown = {},
): Promise<{ passes: boolean; byCheck: Map<string, Evidence> }> {
  const evidence = await which({ repo, config: configSchema.parse(config) });
  return { passes: gatePasses(evidence), byCheck: new Map(evidence.map((e) => [e.check, e])) };
}

describe("schematic gate: the project passes copperhead check's schematic checks", () => {
  it("passes the LED example: ERC clean, legibility advisory (not a create repo), no drift", async () => {
    const { passes, byCheck } = await gate(schematicGate, await ledRepo());
    expect([...byCheck.keys()]).toEqual([
      "schematic-files",
      "pinout-present",
      "erc-clean",
      "legibility-clean",
      "drift-clean",
    ]);
    expect(passes).toBe(true);
    expect(byCheck.get("erc-clean")?.detail).toBe(
      "ERC on hardware/led.kicad_sch: 0 errors, 0 warnings",
    );
    expect(byCheck.get("legibility-clean")?.detail).toMatch(/^advisory/);
    expect(byCheck.get("drift-clean")?.detail).toBe(
      "docs/BOM.md and docs/PINOUT.md against the schematic: 0 mismatches",
    );
  });

  it("fails on drift: a PINOUT row that names the wrong net", async () => {
    const repo = await ledRepo();
    const pinout = join(repo, "docs/PINOUT.md");
    await writeFile(
      pinout,
      (await readFile(pinout, "utf8")).replace(
        "| J1 | 1 | Pin_1 | +5V |",
        "| J1 | 1 | Pin_1 | +12V |",
      ),
    );
    const { passes, byCheck } = await gate(schematicGate, repo);
    expect(passes).toBe(false);
    expect(byCheck.get("drift-clean")).toMatchObject({ ok: false });
    expect(byCheck.get("drift-clean")?.detail).toMatch(/: [1-9]\d* mismatch/);
    expect(byCheck.get("erc-clean")?.ok).toBe(true);
  });

  it("fails on ERC warnings: a demo project without its library tables", async () => {
    const repo = await mkdtemp(join(tmpdir(), "copperhead-kicad-gate-"));
    dirs.push(repo);
    await mkdir(join(repo, "hardware"));
    for (const ext of ["kicad_pro", "kicad_sch", "kicad_pcb"])
      await copyFile(join(ECC83, `ecc83-pp.${ext}`), join(repo, "hardware", `ecc83-pp.${ext}`));
    await mkdir(join(repo, "docs"));
    await writeFile(join(repo, "docs/PINOUT.md"), "# Pinout\n");
    const { passes, byCheck } = await gate(schematicGate, repo);
    expect(passes).toBe(false);
    const erc = byCheck.get("erc-clean");
    expect(erc?.ok).toBe(false);
    expect(erc?.detail).toMatch(
      /^ERC on hardware\/ecc83-pp\.kicad_sch: \d+ errors?, [1-9]\d* warnings?$/,
    );
    const layout = await gate(layoutGate, repo);
    await writeFile(join(repo, "docs/LAYOUT.md"), "# Layout\n");
    const withNotes = await gate(layoutGate, repo);
    expect(layout.passes).toBe(false);
    expect(withNotes.byCheck.get("drc-clean")?.detail).toMatch(
      /^DRC on hardware\/ecc83-pp\.kicad_pcb: /,
    );
  });

  it("blocks on legibility errors only on a copperhead-drafted sheet of a create repo", async () => {
    const repo = await mkdtemp(join(tmpdir(), "copperhead-kicad-gate-"));
    dirs.push(repo);
    await mkdir(join(repo, "hardware"));
    await mkdir(join(repo, "docs"));
    await copyFile(join(FIXTURES, "drafted.kicad_sch"), join(repo, "hardware/board.kicad_sch"));
    await writeFile(join(repo, "hardware/board.kicad_pro"), "{}\n");
    await writeFile(join(repo, "docs/PINOUT.md"), "# Pinout\n");
    await mkdir(join(repo, ".copperhead"));
    await writeFile(join(repo, ".copperhead/config.json"), '{"origin":"create"}\n');
    const created = await gate(schematicGate, repo, { origin: "create" });
    expect(created.byCheck.get("legibility-clean")).toMatchObject({ ok: false });
    expect(created.byCheck.get("legibility-clean")?.detail).toMatch(
      /^[1-9]\d* error-severity findings? on copperhead-drafted sheets$/,
    );
    await writeFile(join(repo, ".copperhead/config.json"), '{"origin":"init"}\n');
    const adopted = await gate(schematicGate, repo, { origin: "init" });
    expect(adopted.byCheck.get("legibility-clean")).toMatchObject({ ok: true });
  });

  it("turns an unloadable sheet into failed evidence that says what is wrong", async () => {
    const repo = await mkdtemp(join(tmpdir(), "copperhead-kicad-gate-"));
    dirs.push(repo);
    await mkdir(join(repo, "hardware"));
    await mkdir(join(repo, "docs"));
    await writeFile(join(repo, "hardware/bad.kicad_sch"), "(kicad_sch (version 20250114)\n");
    await writeFile(join(repo, "hardware/bad.kicad_pro"), "{}\n");
    await writeFile(join(repo, "docs/PINOUT.md"), "# Pinout\n");
    const { passes, byCheck } = await gate(schematicGate, repo);
    expect(passes).toBe(false);
    for (const check of ["erc-clean", "legibility-clean", "drift-clean"]) {
      expect(byCheck.get(check)?.ok, check).toBe(false);
      expect(byCheck.get(check)?.detail, check).toMatch(/bad\.kicad_sch.*line \d+/);
    }
  });
});

describe("layout gate: kicad-cli DRC is clean", () => {
  it("passes the LED example's routed board", async () => {
    const { passes, byCheck } = await gate(layoutGate, await ledRepo());
    expect(passes).toBe(true);
    expect(byCheck.get("drc-clean")?.detail).toBe(
      "DRC on hardware/led.kicad_pcb: 0 violations, 0 unconnected items, 0 schematic parity issues",
    );
  });
});
