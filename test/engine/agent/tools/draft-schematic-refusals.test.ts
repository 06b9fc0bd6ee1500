import { cp, readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { draftSchematicTool } from "../../../../engine/agent/tools/draft-schematic.js";
import { treeBytes } from "../../../helpers/tree-bytes.js";
import { LED_EXAMPLE, tempRepo } from "./temp-repo.js";

// Each refusal's whole text (what the model reads, and acts on) and, for each, that every file
// in the repository is byte-identical afterwards.
const USB_C = resolve(
  import.meta.dirname,
  "../../../../examples/intents/usb-c-breakout.intent.json",
);
const SHEET = "hardware/schematic.kicad_sch";
const INTENT = "hardware/schematic.intent.json";

async function refused(
  files: Record<string, string>,
  args: Record<string, unknown> = {},
  setup: (repo: string) => Promise<void> = async () => {},
) {
  const made = await tempRepo(files);
  try {
    await setup(made.repo);
    const before = await treeBytes(made.repo);
    const result = await draftSchematicTool.run(args, made.context);
    expect(result.ok).toBe(false);
    expect(result.facts).toBeUndefined();
    expect(await treeBytes(made.repo)).toEqual(before);
    return { ...result, repo: made.repo };
  } finally {
    await made.done();
  }
}

describe("draft_schematic refuses, saying what to do", () => {
  it("with no schematic configured", async () => {
    const result = await refused({ [INTENT]: await readFile(USB_C, "utf8") });
    expect(result.errorKind).toBe("refused");
    expect(result.detail).toBe(
      "no schematic is configured (paths.schematic in .copperhead/config.json is empty), so there is no sheet to draft into — finish with outcome refuse and ask for a schematic path to be configured; the schematic stage scaffolds one",
    );
  });

  it("over a sheet a person drew, pointing at edit_file", async () => {
    const result = await refused(
      {
        ".copperhead/config.json": JSON.stringify({
          paths: { schematic: "hardware/led.kicad_sch" },
        }),
        [INTENT]: await readFile(USB_C, "utf8"),
      },
      {},
      (repo) => cp(LED_EXAMPLE, join(repo, "hardware"), { recursive: true }),
    );
    expect(result.errorKind).toBe("refused");
    expect(result.detail).toBe(
      "hardware/led.kicad_sch was drawn by a person (its generator stamp is not copperhead's); drafting would replace their drawing — edit the sheet with edit_file (anchored replace) instead of redrafting it",
    );
  });

  it("over a person's library: the write's numbered conflicts, repo-relative, and what to do instead", async () => {
    const result = await refused({
      ".copperhead/config.json": JSON.stringify({ paths: { schematic: SHEET } }),
      [INTENT]: await readFile(USB_C, "utf8"),
      "hardware/schematic.kicad_sym":
        '(kicad_symbol_lib\n\t(version 20241209)\n\t(generator "kicad_symbol_editor")\n\t(symbol "Mine"\n\t)\n)\n',
    });
    expect(result.errorKind).toBe("refused");
    expect(result.detail).toBe(
      `drafting would replace what copperhead did not write, so nothing was written:\n  1. hardware/schematic.kicad_sym: a symbol library copperhead did not write (generator "kicad_symbol_editor", 1 symbol); the draft's library of the same name would replace it — leave those files alone: finish with outcome refuse and say which files block the draft, or configure another schematic path`,
    );
  });

  it("an intent_path outside the repository, before reading or drafting anything", async () => {
    const result = await refused(
      {
        ".copperhead/config.json": JSON.stringify({ paths: { schematic: SHEET } }),
        [INTENT]: await readFile(USB_C, "utf8"),
      },
      { intent_path: "../elsewhere.intent.json" },
    );
    expect(result.errorKind).toBe("refused");
    expect(result.detail).toMatch(/\.\.\/elsewhere\.intent\.json/);
  });
});

describe("draft_schematic with an IR that does not validate", () => {
  it("saves nothing to a named intent_path that already holds an intent, and says the sheet is unchanged", async () => {
    const intent = JSON.parse(await readFile(USB_C, "utf8")) as { parts: { ref: string }[] };
    const second = intent.parts[1];
    if (!second) throw new Error("the example has parts");
    second.ref = "J1";
    const result = await refused(
      {
        ".copperhead/config.json": JSON.stringify({ paths: { schematic: SHEET } }),
        "hardware/kept.intent.json": '{ "kept": true }\n',
      },
      {
        intent: intent as unknown as Record<string, unknown>,
        intent_path: "hardware/kept.intent.json",
      },
    );
    expect(result.errorKind).toBe("invalid-arguments");
    expect(result.summary).toBe("draft_schematic: the intent has findings, nothing written");
    expect(result.detail).toMatch(
      /^intent validation: \d+ finding\(s\) to reconcile:\n {2}1\. \[duplicate-ref\]/,
    );
    expect(result.detail).toMatch(
      /\nnothing was written: hardware\/schematic\.kicad_sch is unchanged\. Fix the intent and call draft_schematic again\.$/,
    );
  });

  it("an intent file that is not JSON: one shape finding naming the file, and the same closing line", async () => {
    const result = await refused({
      ".copperhead/config.json": JSON.stringify({ paths: { schematic: SHEET } }),
      [INTENT]: "{ nope",
    });
    expect(result.errorKind).toBe("invalid-arguments");
    expect(result.detail).toMatch(
      /^intent validation: 1 finding\(s\) to reconcile:\n {2}1\. \[shape\] hardware\/schematic\.intent\.json is not valid JSON \(.+\); fix the syntax\nnothing was written: hardware\/schematic\.kicad_sch is unchanged\. Fix the intent and call draft_schematic again\.$/,
    );
  });
});
