import { readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { erc } from "../../engine/kicad/cli/erc.js";
import { DEFAULT_INTENT_PATH } from "../../engine/kicad/draft/intent.js";
import { isEngineDrafted } from "../../engine/kicad/schematic/engine-stamp.js";
import { readConfig } from "../../engine/repo/config.js";
import { schematicGate } from "../../stages/schematic/gate.js";
import { prepareSchematic } from "../../stages/schematic/prepare.js";
import { schematicChecks } from "../../stages/schematic/stage.js";
import { draftedRepo, ledRepo, repoWith, runGate, useStageRepos, write } from "./stage-repos.js";

// Whole KiCad exports and gate runs: minutes on a loaded two-core machine, not a timing target.
vi.setConfig({ testTimeout: 600_000 });

useStageRepos();

describe("schematic prepare", () => {
  it("writes an empty copperhead-stamped sheet and its project, wires them into config, and keeps work", async () => {
    const repo = await repoWith({ "brief.md": "# Brief: USB-C 5V breakout\n\nA pass-through.\n" });
    await prepareSchematic({ repo });
    const config = await readConfig(repo);
    expect(config).toMatchObject({
      origin: "create",
      paths: { schematic: "hardware/usb-c-5v-breakout.kicad_sch" },
    });
    const sheet = join(repo, "hardware/usb-c-5v-breakout.kicad_sch");
    const text = await readFile(sheet, "utf8");
    expect(isEngineDrafted(text)).toBe(true);
    expect(
      JSON.parse(await readFile(join(repo, "hardware/usb-c-5v-breakout.kicad_pro"), "utf8")),
    ).toEqual({
      meta: { filename: "usb-c-5v-breakout.kicad_pro", version: 1 },
    });
    // kicad-cli loads the scaffold and finds nothing wrong with an empty sheet…
    expect((await erc(sheet)).violations).toEqual([]);
    // …recreated when an attempt's rollback removed it, never replacing work on it.
    await rm(sheet);
    await prepareSchematic({ repo });
    expect(await readFile(sheet, "utf8")).toBe(text);
    await writeFile(sheet, `${text}\n`);
    await prepareSchematic({ repo });
    expect(await readFile(sheet, "utf8")).toBe(`${text}\n`);
  });
});

describe("schematic gate (real kicad-cli)", () => {
  it("fails on the prepared scaffold alone: no part placed, nothing drafted", async () => {
    const repo = await repoWith({
      "brief.md": "# Brief: Blinker\n",
      "docs/PINOUT.md": "# Pinout\n",
    });
    await prepareSchematic({ repo });
    const { passes, byCheck } = await runGate(schematicGate, repo);
    expect(passes).toBe(false);
    expect([...byCheck.keys()]).toEqual([...schematicChecks]);
    expect(byCheck.get("symbols-placed")).toMatchObject({ ok: false });
    expect(byCheck.get("intent-redraft")?.detail).toMatch(
      /copperhead-drafted but hardware\/schematic\.intent\.json is missing/,
    );
    // An empty sheet is ERC clean: that alone is why ERC is not the gate.
    expect(byCheck.get("erc-clean")).toMatchObject({ ok: true });
  });

  it("passes a drafted design: ERC, legibility, drift clean and the sheet is a fresh draft of its intent", async () => {
    const repo = await draftedRepo("usb-c-breakout");
    const { passes, evidence, byCheck, findings } = await runGate(schematicGate, repo);
    expect(evidence.filter((e) => !e.ok)).toEqual([]);
    expect(passes).toBe(true);
    expect(findings).toMatchObject({ erc: [], drc: [], legibility: [] });
    expect(findings.score?.composite).toBeGreaterThan(0);
    expect(byCheck.get("intent-redraft")?.detail).toMatch(/byte-identical to a fresh draft/);
    expect(byCheck.get("legibility-clean")?.detail).toBe(
      "0 error-severity findings on copperhead-drafted sheets",
    );

    // A hand edit to the drafted sheet, or an intent changed without a redraft, fails.
    const sheet = join(repo, (await readConfig(repo)).paths.schematic!);
    const drafted = await readFile(sheet, "utf8");
    await writeFile(sheet, drafted.replace('(rev "A")', '(rev "B")'));
    const edited = await runGate(schematicGate, repo);
    expect(edited.byCheck.get("intent-redraft")).toMatchObject({ ok: false });
    expect(edited.byCheck.get("intent-redraft")?.detail).toMatch(
      /differs from a fresh draft .*from line \d+/,
    );
    await writeFile(sheet, drafted);
    const intent = join(repo, DEFAULT_INTENT_PATH);
    const json = JSON.parse(await readFile(intent, "utf8")) as { title: string };
    await writeFile(intent, JSON.stringify({ ...json, title: "Renamed" }));
    expect((await runGate(schematicGate, repo)).byCheck.get("intent-redraft")).toMatchObject({
      ok: false,
    });
  });

  it("passes the hand-drawn LED example (no intent to compare) and fails it on drift", async () => {
    const repo = await ledRepo();
    const good = await runGate(schematicGate, repo);
    expect(good.passes).toBe(true);
    expect(good.byCheck.get("intent-redraft")?.detail).toBe(
      "hardware/led.kicad_sch is drawn by a person (no intent to redraft)",
    );
    const pinout = join(repo, "docs/PINOUT.md");
    await writeFile(
      pinout,
      (await readFile(pinout, "utf8")).replace(
        "| J1 | 1 | Pin_1 | +5V |",
        "| J1 | 1 | Pin_1 | +12V |",
      ),
    );
    const drifted = await runGate(schematicGate, repo);
    expect(drifted.passes).toBe(false);
    expect(drifted.byCheck.get("drift-clean")?.detail).toMatch(/: [1-9]\d* mismatch/);
  });

  it("fails on ERC warnings: a demo project without its library tables", async () => {
    const repo = await repoWith({ "docs/PINOUT.md": "# Pinout\n" });
    for (const ext of ["kicad_pro", "kicad_sch"])
      await write(
        repo,
        `hardware/ecc83-pp.${ext}`,
        await readFile(`/usr/share/kicad/demos/ecc83/ecc83-pp.${ext}`, "utf8"),
      );
    const { passes, byCheck, findings } = await runGate(schematicGate, repo);
    expect(passes).toBe(false);
    const detail = byCheck.get("erc-clean")?.detail ?? "";
    expect(detail).toMatch(
      /^ERC on hardware\/ecc83-pp\.kicad_sch: \d+ errors?, [1-9]\d* warnings?$/,
    );
    // The violations behind the counts, one each, for outcome.json (the App's ERC check run).
    const [errors, warnings] = (detail.match(/\d+/g) ?? []).slice(-2).map(Number);
    expect(findings.erc).toHaveLength((errors ?? 0) + (warnings ?? 0));
    expect(findings.erc.filter((v) => v.severity === "warning")).toHaveLength(warnings ?? -1);
    expect(findings.drc).toEqual([]);
  });

  it("turns an unloadable sheet into failed evidence that says what is wrong", async () => {
    const repo = await repoWith({
      "hardware/bad.kicad_sch": "(kicad_sch (version 20250114)\n",
      "hardware/bad.kicad_pro": "{}\n",
      "docs/PINOUT.md": "# Pinout\n",
    });
    const { passes, byCheck } = await runGate(schematicGate, repo);
    expect(passes).toBe(false);
    for (const check of ["symbols-placed", "erc-clean", "legibility-clean", "drift-clean"]) {
      expect(byCheck.get(check)?.ok, check).toBe(false);
      expect(byCheck.get(check)?.detail, check).toMatch(/bad\.kicad_sch.*line \d+/);
    }
  });

  it("fails fast, before KiCad, on an empty sheet or no project", async () => {
    const empty = await runGate(
      schematicGate,
      await repoWith({ "hardware/a.kicad_sch": "", "hardware/a.kicad_pro": "{}" }),
    );
    expect(empty.evidence).toEqual([
      { check: "schematic-files", ok: false, detail: "empty: hardware/a.kicad_sch" },
      { check: "pinout-present", ok: false, detail: "docs/PINOUT.md does not exist" },
    ]);
    const none = await runGate(schematicGate, await repoWith({}));
    expect(none.byCheck.get("schematic-files")?.detail).toMatch(/^no schematic/);
  });
});
