import { cp, readFile, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toolFactsSchema } from "../../../../engine/agent/ledger/facts.js";
import { Ledger } from "../../../../engine/agent/ledger/ledger.js";
import { draftSchematicTool } from "../../../../engine/agent/tools/draft-schematic.js";
import { treeBytes } from "../../../helpers/tree-bytes.js";
import { LED_EXAMPLE, tempRepo } from "./temp-repo.js";

const USB_C = resolve(
  import.meta.dirname,
  "../../../../examples/intents/usb-c-breakout.intent.json",
);
const SHEET = "hardware/schematic.kicad_sch";
const PROJECT = "hardware/schematic.kicad_pro";

async function intentText(): Promise<string> {
  return readFile(USB_C, "utf8");
}

describe("draft_schematic", () => {
  let made: Awaited<ReturnType<typeof tempRepo>>;

  beforeAll(async () => {
    made = await tempRepo({
      ".copperhead/config.json": JSON.stringify({ origin: "create", paths: { schematic: SHEET } }),
      "hardware/schematic.intent.json": await intentText(),
    });
  });
  afterAll(() => made.done());

  it("is mutating, so spec gating keeps it out of the catalog until a proposal validates", () => {
    expect(draftSchematicTool.mutating).toBe(true);
  });

  it("drafts the configured sheet from the IR and reports groups, legibility and score", async () => {
    const result = await draftSchematicTool.run({}, made.context);
    expect(result.ok, result.detail).toBe(true);
    expect(result.detail).toMatch(/drafted hardware\/schematic\.kicad_sch: \d+ group\(s\)/);
    expect(result.detail).toContain('group "USB-C input"');
    expect(result.detail).toMatch(/score|composite/i);
    const sheet = await readFile(join(made.repo, SHEET), "utf8");
    expect(sheet).toMatch(/\(generator "?copperhead"?\)/);
    expect(sheet).toContain('"J1"');

    const facts = toolFactsSchema.parse(result.facts);
    const mutated = [facts.mutated].flat();
    expect(mutated).toContainEqual({ kind: "schematic", path: SHEET, engineAuthored: true });
    // A first draft creates the project file, so it is reported.
    expect(mutated.map((m) => m?.path)).toContain(PROJECT);
    expect(facts.legibility?.sheetPresent).toBe(true);
    expect(facts.legibility?.engineAuthored).toBe(true);

    // The ledger opens ERC/drift on the mutation, and the embedded check judges legibility.
    const ledger = new Ledger({ origin: "create", sheet: { present: false } });
    ledger.apply("draft_schematic", facts);
    const open = ledger.open.map((o) => o.kind);
    expect(open).toContain("erc");
    expect(open).toContain("drift");
    expect(open.includes("legibility")).toBe((facts.legibility?.errors ?? 0) > 0);
  });

  it("reports the files it wrote and not the .kicad_pro it kept", async () => {
    const settings = `${JSON.stringify({ meta: { filename: "schematic.kicad_pro", version: 1 }, person: "kept" }, null, 2)}\n`;
    await writeFile(join(made.repo, PROJECT), settings);
    const intent = JSON.parse(await intentText()) as { parts: { value: string }[] };
    const part = intent.parts[0];
    if (!part) throw new Error("the example has parts");
    part.value = `${part.value} (rev B)`;
    const inline = { intent: intent as unknown as Record<string, unknown> };

    const changed = await draftSchematicTool.run(inline, made.context);
    expect(changed.ok, changed.detail).toBe(true);
    const paths = [toolFactsSchema.parse(changed.facts).mutated ?? []].flat().map((m) => m.path);
    expect(paths).toContain(SHEET);
    expect(paths).toContain("hardware/schematic.intent.json");
    expect(paths).not.toContain(PROJECT);
    expect(await readFile(join(made.repo, PROJECT), "utf8")).toBe(settings);

    expect(paths.sort()).toEqual(
      [
        SHEET,
        "hardware/schematic.kicad_sym",
        "hardware/sym-lib-table",
        "hardware/schematic.intent.json",
      ].sort(),
    );

    // The same IR again rewrites the same bytes: still written (the ledger re-opens its checks),
    // and the project file still kept.
    const again = await draftSchematicTool.run(inline, made.context);
    expect(again.ok, again.detail).toBe(true);
    const againPaths = [toolFactsSchema.parse(again.facts).mutated ?? []].flat().map((m) => m.path);
    expect(againPaths).toContain(SHEET);
    expect(againPaths).not.toContain(PROJECT);
    expect(await readFile(join(made.repo, PROJECT), "utf8")).toBe(settings);
  });

  it("an inline IR naming an unknown pin returns numbered findings and leaves every file byte-identical, the intent file included", async () => {
    const before = await treeBytes(made.repo);
    expect(Object.keys(before)).toEqual(
      expect.arrayContaining([SHEET, "hardware/schematic.intent.json", "hardware/sym-lib-table"]),
    );
    const intent = JSON.parse(await intentText()) as { nets: { pins: string[] }[] };
    intent.nets[0]?.pins.push("R1.9");
    const result = await draftSchematicTool.run(
      { intent: intent as unknown as Record<string, unknown> },
      made.context,
    );
    expect(result.ok).toBe(false);
    expect(result.detail).toMatch(/1\. \[unknown-pin\]/);
    expect(result.detail).toContain(`R1 has no pin "9"`);
    expect(result.detail).toContain(`${SHEET} is unchanged`);
    expect(result.facts).toBeUndefined();
    expect(await treeBytes(made.repo)).toEqual(before);

    // Named for a new intent_path, the failed IR is not saved there either.
    const elsewhere = await draftSchematicTool.run(
      {
        intent: intent as unknown as Record<string, unknown>,
        intent_path: "hardware/next.intent.json",
      },
      made.context,
    );
    expect(elsewhere.ok).toBe(false);
    expect(await treeBytes(made.repo)).toEqual(before);
  });

  it("an intent file that is not JSON is a finding, not a crash, and nothing is written", async () => {
    await writeFile(join(made.repo, "hardware/broken.intent.json"), "{ nope");
    const before = await treeBytes(made.repo);
    const result = await draftSchematicTool.run(
      { intent_path: "hardware/broken.intent.json" },
      made.context,
    );
    expect(result.ok).toBe(false);
    expect(result.detail).toMatch(/1\. \[shape\] hardware\/broken\.intent\.json is not valid JSON/);
    expect(await treeBytes(made.repo)).toEqual(before);
  });
});

describe("draft_schematic refusals", () => {
  it("refuses to redraft a sheet a person drew, naming edit_file", async () => {
    const made = await tempRepo({
      ".copperhead/config.json": JSON.stringify({ paths: { schematic: "hardware/led.kicad_sch" } }),
      "hardware/schematic.intent.json": await intentText(),
    });
    try {
      await cp(LED_EXAMPLE, join(made.repo, "hardware"), { recursive: true });
      const before = await treeBytes(made.repo);
      const result = await draftSchematicTool.run({}, made.context);
      expect(result.errorKind).toBe("refused");
      expect(result.detail).toContain("edit_file");
      expect(await treeBytes(made.repo)).toEqual(before);
    } finally {
      await made.done();
    }
  });

  it("says so when no schematic is configured", async () => {
    const made = await tempRepo({ "hardware/schematic.intent.json": await intentText() });
    try {
      const before = await treeBytes(made.repo);
      const result = await draftSchematicTool.run({}, made.context);
      expect(result.errorKind).toBe("refused");
      expect(result.detail).toContain("no schematic is configured");
      expect(await treeBytes(made.repo)).toEqual(before);
    } finally {
      await made.done();
    }
  });
  it("refuses a configured schematic that is not a .kicad_sch, and a missing intent file, saying what to fix", async () => {
    const notSheet = await tempRepo({
      ".copperhead/config.json": JSON.stringify({ paths: { schematic: "hardware/board.txt" } }),
      "hardware/schematic.intent.json": await intentText(),
    });
    const noIntent = await tempRepo({
      ".copperhead/config.json": JSON.stringify({ paths: { schematic: SHEET } }),
    });
    try {
      const wrong = await draftSchematicTool.run({}, notSheet.context);
      expect(wrong.errorKind).toBe("refused");
      expect(wrong.detail).toBe(
        "the configured schematic hardware/board.txt is not a .kicad_sch file — correct paths.schematic in .copperhead/config.json",
      );
      const before = await treeBytes(noIntent.repo);
      const missing = await draftSchematicTool.run({}, noIntent.context);
      expect(missing.errorKind).toBe("not-found");
      expect(missing.detail).toBe(
        "no intent at hardware/schematic.intent.json — write the IR there with write_file (or edit_file), or pass it inline as `intent`",
      );
      expect(await treeBytes(noIntent.repo)).toEqual(before);
    } finally {
      await notSheet.done();
      await noIntent.done();
    }
  });

  it("refuses to replace a person's symbol library beside the sheet, naming it repo-relative, and writes nothing", async () => {
    const made = await tempRepo({
      ".copperhead/config.json": JSON.stringify({ paths: { schematic: SHEET } }),
      "hardware/schematic.intent.json": await intentText(),
      "hardware/schematic.kicad_sym":
        '(kicad_symbol_lib\n\t(version 20241209)\n\t(generator "kicad_symbol_editor")\n)\n',
    });
    try {
      const before = await treeBytes(made.repo);
      const result = await draftSchematicTool.run({}, made.context);
      expect(result.errorKind).toBe("refused");
      expect(result.detail).toContain(
        'hardware/schematic.kicad_sym: a symbol library copperhead did not write (generator "kicad_symbol_editor", 0 symbols)',
      );
      expect(result.detail).not.toContain(made.repo);
      expect(result.detail).toContain("leave those files alone");
      expect(await treeBytes(made.repo)).toEqual(before);
    } finally {
      await made.done();
    }
  });
});
