import { cp, readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { readEventLog } from "../../../../engine/flow/event-log.js";
import { gatePasses } from "../../../../engine/flow/stage.js";
import { readConfig } from "../../../../engine/repo/config.js";
import { stages } from "../../../../stages/registry.js";
import { LED_EXAMPLE } from "../../../helpers/fixture-project.js";
import { builtCli } from "../../../helpers/packed-cli.js";
import { runBin } from "../../../helpers/run-bin.js";
import { type TempRepo, tempRepo, useTempRepos } from "../../flow/flow-fixture.js";

// Whole KiCad exports and gate runs: minutes on a loaded two-core machine, not a timing target.
vi.setConfig({ testTimeout: 600_000 });

useTempRepos();

const DEMOS = "/usr/share/kicad/demos";
let bin: string;
beforeAll(async () => {
  bin = (await builtCli()).bin;
});

/** A git repo holding a KiCad project in its root, committed as a person would have it. */
async function projectRepo(files: string[], from: string): Promise<TempRepo> {
  const repo = await tempRepo();
  for (const f of files) await cp(join(from, f), join(repo.dir, f), { recursive: true });
  await repo.commitAll("the design");
  return repo;
}

const ledRepo = () =>
  projectRepo(
    ["led.kicad_pro", "led.kicad_sch", "led.kicad_pcb", "sym-lib-table", "fp-lib-table"],
    LED_EXAMPLE,
  );

/** One KiCad demo project (its .kicad_pro, its sheets and its board). */
async function demoRepo(demo: string, project: string): Promise<TempRepo> {
  const names = await readdir(join(DEMOS, demo));
  const own = names.filter(
    (n) =>
      n.startsWith(`${project}.`) ||
      n === "sym-lib-table" ||
      n === "fp-lib-table" ||
      (n.endsWith(".kicad_sch") && !names.includes(n.replace(".kicad_sch", ".kicad_pro"))),
  );
  return projectRepo(own, join(DEMOS, demo));
}

async function everyGate(repo: string) {
  const config = await readConfig(repo);
  return Promise.all(
    stages.map(async (s) => {
      const evidence = await s.gate({ repo, config });
      return {
        stage: s.name,
        passes: gatePasses(evidence),
        failed: evidence.filter((e) => !e.ok).map((e) => e.check),
      };
    }),
  );
}

const DOCS = [
  "SPEC.md",
  "SUBSYSTEMS.md",
  "BOM.md",
  "PINOUT.md",
  "LAYOUT.md",
  "DECISIONS.md",
  "CHANGELOG.md",
];

describe("copperhead init (built CLI)", () => {
  it("scaffolds the LED example's docs from its schematic; no gate passes on the scaffold", async () => {
    const repo = await ledRepo();
    const run = await runBin(bin, ["init"], { cwd: repo.dir });
    expect(run.stderr).toBe("");
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toContain("design: led.kicad_sch and led.kicad_pcb\n");
    for (const doc of DOCS) expect(run.stdout).toContain(`created     docs/${doc}\n`);
    expect(run.stdout).toContain('origin: "init" recorded');
    expect(run.stdout).toMatch(/not adopted spec: budgets-section: 'Budgets' has no content/);

    const config = await readConfig(repo.dir);
    expect(config).toMatchObject({
      origin: "init",
      paths: { schematic: "led.kicad_sch", board: "led.kicad_pcb" },
    });
    const bom = await readFile(join(repo.dir, "docs/BOM.md"), "utf8");
    expect(bom).toContain(
      "| R1 | 1 | 330 | Device:R | Resistor_SMD:R_0603_1608Metric | UNVERIFIED |",
    );
    const subsystems = await readFile(join(repo.dir, "docs/SUBSYSTEMS.md"), "utf8");
    expect(subsystems).toContain(
      "## Sheet LED indicator\n\nPer-sheet values and reasoning\n\n- D1: LED\n- J1: Conn_01x02\n- R1: 330\n",
    );
    const pinout = await readFile(join(repo.dir, "docs/PINOUT.md"), "utf8");
    expect(pinout).toContain("| J1 | 1 | Pin_1 | +5V |  |");
    expect(await readFile(join(repo.dir, "docs/LAYOUT.md"), "utf8")).toContain(
      "## Draft quality\n\n<!--",
    );

    const gates = await everyGate(repo.dir);
    expect(
      gates.filter((g) => g.passes),
      JSON.stringify(gates),
    ).toEqual([]);
    // The person's schematic and board are clean: only the scaffolded docs hold the stages back.
    expect(gates.find((g) => g.stage === "schematic")!.failed).toEqual(["pinout-present"]);
    expect(gates.find((g) => g.stage === "layout")!.failed).toEqual(["draft-quality"]);
    expect((await readEventLog(repo.dir)).events).toEqual([]);
  });

  it("never overwrites a hand-edited doc without --force, refreshes untouched ones, keeps logs", async () => {
    const repo = await ledRepo();
    expect((await runBin(bin, ["init"], { cwd: repo.dir })).exitCode).toBe(0);
    const spec = join(repo.dir, "docs/SPEC.md");
    const edited = `${await readFile(spec, "utf8")}\nThe board lights an LED when 5 V is present.\n`;
    await writeFile(spec, edited);
    await writeFile(
      join(repo.dir, "docs/DECISIONS.md"),
      "# Decisions\n\n- 0603 parts for hand assembly.\n",
    );

    const again = await runBin(bin, ["init"], { cwd: repo.dir });
    expect(again.exitCode).toBe(1);
    expect(again.stdout).toContain("refused     docs/SPEC.md\n");
    expect(again.stdout).toContain("unchanged   docs/BOM.md\n");
    expect(again.stdout).toContain("kept        docs/DECISIONS.md\n");
    expect(again.stderr).toContain("left alone (edited by a person): docs/SPEC.md");
    expect(await readFile(spec, "utf8")).toBe(edited);

    // The schematic changed: init's untouched scaffolds follow it, the edited SPEC still stays.
    const sheet = join(repo.dir, "led.kicad_sch");
    await writeFile(
      sheet,
      (await readFile(sheet, "utf8")).replace('(property "Value" "330"', '(property "Value" "470"'),
    );
    const refreshed = await runBin(bin, ["init"], { cwd: repo.dir });
    expect(refreshed.stdout).toContain("refreshed   docs/BOM.md\n");
    expect(refreshed.stdout).toContain("refused     docs/SPEC.md\n");
    expect(await readFile(join(repo.dir, "docs/BOM.md"), "utf8")).toContain("| R1 | 1 | 470 |");

    const forced = await runBin(bin, ["init", "--force"], { cwd: repo.dir });
    expect(forced.exitCode).toBe(0);
    expect(forced.stdout).toContain("overwritten docs/SPEC.md\n");
    expect(await readFile(spec, "utf8")).not.toContain("lights an LED");
    // --force never touches the append-only logs.
    expect(await readFile(join(repo.dir, "docs/DECISIONS.md"), "utf8")).toContain("0603 parts");
  });

  it("adopts the stages whose gates pass on what the person wrote", async () => {
    const repo = await ledRepo();
    await runBin(bin, ["init"], { cwd: repo.dir });
    await repo.write("brief.md", "# Brief: LED indicator\n\nA 5 V power-on LED board.\n");
    await repo.write(
      "docs/SPEC.md",
      "# Spec\n\n## Budgets\n\n- Supply: 5 V (`power.supply_voltage_V`)\n",
    );
    await repo.write(
      ".copperhead/constraints.json",
      `${JSON.stringify({ schema: 1, constraints: [{ key: "power.supply_voltage_V", source: 'brief: "A 5 V power-on LED board"', value: 5, unit: "V", affects: [] }] })}\n`,
    );
    await repo.write(
      "docs/SUBSYSTEMS.md",
      "# Subsystems\n\n## Indicator\n\nA resistor sets the LED current from the 5 V header.\n",
    );
    const run = await runBin(bin, ["init", "--json"], { cwd: repo.dir });
    expect(run.exitCode).toBe(1); // SPEC.md and SUBSYSTEMS.md are the person's now: refused
    const report = JSON.parse(run.stdout) as {
      adoptions: Array<{ stage: string; adopted: boolean }>;
    };
    expect(report.adoptions.map((a) => [a.stage, a.adopted])).toEqual([
      ["spec", true],
      ["architecture", true],
      ["parts", false],
    ]);
    const outcomes = (await readEventLog(repo.dir)).events.filter((e) => e.type === "outcome");
    expect(outcomes.map((e) => e.stage)).toEqual(["spec", "architecture"]);
  });

  for (const [demo, project] of [
    ["pic_programmer", "pic_programmer"],
    ["complex_hierarchy", "complex_hierarchy"],
    ["ecc83", "ecc83-pp"],
  ] as const) {
    it(`scaffolds the ${demo} demo; no gate passes on the scaffold; --force restores it`, async () => {
      const repo = await demoRepo(demo, project);
      const run = await runBin(bin, ["init"], { cwd: repo.dir });
      expect(run.stderr).toBe("");
      expect(run.exitCode).toBe(0);
      expect(run.stdout).toContain(`design: ${project}.kicad_sch and ${project}.kicad_pcb\n`);
      const bom = await readFile(join(repo.dir, "docs/BOM.md"), "utf8");
      const rows = bom.split("\n").filter((l) => /^\| [A-Z]+\d/.test(l));
      expect(rows.length).toBeGreaterThan(5);
      for (const row of rows) expect(row).toContain("| UNVERIFIED |");
      const sections =
        (await readFile(join(repo.dir, "docs/SUBSYSTEMS.md"), "utf8")).match(/^## Sheet /gm) ?? [];
      expect(sections.length).toBeGreaterThan(demo === "ecc83" ? 0 : 1);

      expect((await everyGate(repo.dir)).filter((g) => g.passes)).toEqual([]);
      expect((await readEventLog(repo.dir)).events).toEqual([]);

      const pinout = join(repo.dir, "docs/PINOUT.md");
      const scaffold = await readFile(pinout, "utf8");
      await writeFile(pinout, `${scaffold}\nReviewed by hand.\n`);
      expect((await runBin(bin, ["init"], { cwd: repo.dir })).exitCode).toBe(1);
      expect(await readFile(pinout, "utf8")).toContain("Reviewed by hand.");
      expect((await runBin(bin, ["init", "--force"], { cwd: repo.dir })).exitCode).toBe(0);
      expect(await readFile(pinout, "utf8")).toBe(scaffold);
    });
  }

  it("refuses a repo without a KiCad design, and a folder that is not a repository", async () => {
    const repo = await tempRepo();
    const run = await runBin(bin, ["init"], { cwd: repo.dir });
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toMatch(/no KiCad design to initialise from/);
    await cp(LED_EXAMPLE, join(repo.dir, "x"), { recursive: true });
    const outside = await runBin(bin, ["init", "--repo", "/"], { cwd: repo.dir });
    expect(outside.exitCode).toBe(2);
  });
});
