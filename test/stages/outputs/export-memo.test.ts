import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { execa } from "execa";
import { describe, expect, it, vi } from "vitest";
import { exportKey } from "../../../stages/outputs/export-memo.js";
import { exportOutputs } from "../../../stages/outputs/export-outputs.js";
import { outputsGate } from "../../../stages/outputs/gate.js";
import { LED_DESIGN_DOCS } from "../../engine/flow/flow-fixture.js";
import { emptyRepo, ledRepo, useStageRepos, write } from "../stage-repos.js";

// Two whole KiCad exports of the LED board: a minute on a loaded two-core machine.
vi.setConfig({ testTimeout: 600_000 });

useStageRepos();

async function traced(repo: string) {
  const trace = join(repo, "..", `${repo.split("/").pop()}-kicad-trace.tsv`);
  await writeFile(trace, "");
  const count = async () => (await readFile(trace, "utf8")).split("\n").filter(Boolean).length;
  return { env: { ...process.env, COPPERHEAD_TRACE_KICAD: trace }, count };
}

describe("export memo key", () => {
  it("never opens a FIFO in the repository (it would block): its name is keyed, not its bytes", {
    timeout: 20_000,
  }, async () => {
    const repo = await emptyRepo();
    await write(repo, "hardware/a.kicad_pcb", "(kicad_pcb)\n");
    const without = await exportKey(repo, {});
    await execa("mkfifo", [join(repo, "firmware.pipe")]);
    const withFifo = await exportKey(repo, {});
    expect(withFifo).toMatch(/^[0-9a-f]{64}$/);
    expect(withFifo).not.toBe(without);
  });

  it("changes with any input byte, not with outputs/ or run logs, and is withheld when KiCad could read those", async () => {
    const repo = await emptyRepo();
    await write(repo, "hardware/a.kicad_pcb", "(kicad_pcb)\n");
    await write(repo, ".copperhead/config.json", "{}\n");
    const env = {};
    const key = await exportKey(repo, env);
    expect(key).toMatch(/^[0-9a-f]{64}$/);

    await write(repo, "outputs/manifest.json", "{}");
    await write(repo, ".copperhead/runs/x/transcript.jsonl", "{}");
    await write(repo, ".outputs-new-abc/x.gbr", "G04*");
    expect(await exportKey(repo, env)).toBe(key);

    await write(repo, ".copperhead/config.json", '{"paths":{}}\n');
    const configured = await exportKey(repo, env);
    expect(configured).not.toBe(key);
    await write(repo, "models/part.step", "ISO-10303-21;");
    const modelled = await exportKey(repo, env);
    expect(modelled).not.toBe(configured);
    expect(await exportKey(repo, { KICAD9_3DMODEL_DIR: "/elsewhere" })).not.toBe(modelled);

    await write(repo, "hardware/a.kicad_pcb", '(kicad_pcb (model "../outputs/x.step"))\n');
    expect(await exportKey(repo, env)).toBeUndefined();
  });
});

describe("outputs gate against the memoized export (real kicad-cli)", () => {
  it("reuses the stage's export for unchanged inputs, and re-exports and catches a changed output after a board edit", async () => {
    const repo = await ledRepo();
    await write(repo, "docs/BOM.md", LED_DESIGN_DOCS["docs/BOM.md"]!);
    const { env, count } = await traced(repo);

    await exportOutputs(repo, env);
    // Nine KiCad processes export the LED design (the version probe may already have run in
    // this worker: files share modules, so it is not counted on).
    const exportRuns = await count();
    expect(exportRuns).toBeGreaterThanOrEqual(8);

    const same = await outputsGate({ repo }, env);
    expect(same.filter((e) => !e.ok)).toEqual([]);
    expect(await count()).toBe(exportRuns);

    // A title-block date is stamped into every gerber: the edited board exports other bytes.
    const board = join(repo, "hardware/led.kicad_pcb");
    const text = await readFile(board, "utf8");
    const edited = text.replace(
      /\(paper "[^"]*"\)/,
      (m) => `${m}\n  (title_block (date "2021-06-01"))`,
    );
    expect(edited).not.toBe(text);
    await writeFile(board, edited);

    const changed = await outputsGate({ repo }, env);
    expect(await count()).toBeGreaterThanOrEqual(2 * exportRuns - 1);
    expect(await count()).toBeGreaterThan(exportRuns + 7);
    const reproducible = changed.find((e) => e.check === "outputs-reproducible");
    expect(reproducible?.ok).toBe(false);
    expect(reproducible?.detail).toMatch(/file\(s\) differ from a fresh export \(.*\.g/);
  });
});
