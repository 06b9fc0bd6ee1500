import { readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toolDefinition } from "../../../../engine/agent/catalog.js";
import { toolFactsSchema } from "../../../../engine/agent/ledger/facts.js";
import { checkLegibilityTool } from "../../../../engine/agent/tools/check-legibility.js";
import { draftSchematicTool } from "../../../../engine/agent/tools/draft-schematic.js";
import { scoreSchematicTool } from "../../../../engine/agent/tools/score-schematic.js";
import { InterruptedError } from "../../../../engine/errors.js";
import { treeBytes } from "../../../helpers/tree-bytes.js";
import { tempRepo } from "./temp-repo.js";

// What draft_schematic hands back to the model and the ledger: the summary line, the detail,
// the facts, and the verdict it embeds, which must be the one check_legibility and
// score_schematic give of the written sheet under the repository's own settings.
const USB_C = resolve(
  import.meta.dirname,
  "../../../../examples/intents/usb-c-breakout.intent.json",
);
const UPSTREAM_DOCS = resolve(
  import.meta.dirname,
  "../../../../examples/usb-c-breakout/upstream/docs",
);
const SHEET = "hardware/schematic.kicad_sch";
const INTENT = "hardware/schematic.intent.json";

type Made = Awaited<ReturnType<typeof tempRepo>>;

describe("draft_schematic's result", () => {
  let made: Made;
  let intentBytes: string;
  beforeAll(async () => {
    intentBytes = await readFile(USB_C, "utf8");
    made = await tempRepo({
      // A coarser grid than the engine's makes off-grid errors, and utilization weighs far
      // more than by default: both of the repository's settings must reach the embedded verdict.
      ".copperhead/config.json": JSON.stringify({
        paths: { schematic: SHEET },
        legibility: { thresholds: { gridPitch: 2.54 } },
        score: { weights: { utilization: 50 } },
      }),
      [INTENT]: intentBytes,
    });
  });
  afterAll(() => made.done());

  it("drafted from the intent file: states what it drew, reports every file but the intent, and judges as the check tools do", async () => {
    const result = await draftSchematicTool.run({}, made.context);
    expect(result.ok, result.detail).toBe(true);

    // The intent it read is left exactly as it was, and is not reported as changed.
    expect(await readFile(join(made.repo, INTENT), "utf8")).toBe(intentBytes);
    const facts = toolFactsSchema.parse(result.facts);
    expect([facts.mutated].flat()).toEqual([
      { kind: "schematic", path: SHEET, engineAuthored: true },
      { kind: "kicad-other", path: "hardware/schematic.kicad_sym" },
      { kind: "kicad-other", path: "hardware/sym-lib-table" },
      { kind: "kicad-other", path: "hardware/schematic.kicad_pro" },
    ]);

    const checked = await checkLegibilityTool.run({}, made.context);
    const scored = await scoreSchematicTool.run({}, made.context);
    const checkedFacts = toolFactsSchema.parse(checked.facts);
    expect(facts.legibility).toEqual(checkedFacts.legibility);
    expect(facts.legibility?.errors).toBeGreaterThan(0);
    const score = /^score ([\d.]+)$/.exec(scored.summary)?.[1];
    expect(score, scored.summary).toBeDefined();

    const detail = result.detail ?? "";
    const wires = /(\d+) wire segment\(s\)/.exec(detail)?.[1];
    const labels = /(\d+) label\(s\)/.exec(detail)?.[1];
    expect(result.summary).toBe(
      `drafted ${SHEET}: 4 group(s), ${wires} wire(s), ${labels} label(s); legibility ${facts.legibility?.errors} error, score ${score}`,
    );
    // The draft report, then the same legibility and score texts the check tools print.
    const [report, ...rest] = detail.split("\n\n");
    expect(report).toMatch(/^drafted hardware\/schematic\.kicad_sch: 4 group\(s\)/);
    expect(detail.endsWith(`\n\n${checked.detail}\n\n${scored.detail}`)).toBe(true);
    expect(rest.length).toBeGreaterThanOrEqual(2);
  });

  it("an inline IR is saved to intent_path as indented JSON, once the draft succeeded", async () => {
    const intent = JSON.parse(intentBytes) as Record<string, unknown>;
    const result = await draftSchematicTool.run(
      { intent, intent_path: "hardware/inline.intent.json" },
      made.context,
    );
    expect(result.ok, result.detail).toBe(true);
    expect(await readFile(join(made.repo, "hardware/inline.intent.json"), "utf8")).toBe(
      `${JSON.stringify(intent, null, 2)}\n`,
    );
    const paths = [toolFactsSchema.parse(result.facts).mutated].flat().map((m) => m?.path);
    expect(paths.at(-1)).toBe("hardware/inline.intent.json");
    expect(await readFile(join(made.repo, INTENT), "utf8")).toBe(intentBytes);
  });

  it("an interrupt before the write is not a refusal, and leaves every file byte-identical", async () => {
    const intent = JSON.parse(intentBytes) as { title: string };
    intent.title = "USB-C 5V power breakout, rev B";
    const before = await treeBytes(made.repo);
    const signal = AbortSignal.abort(new InterruptedError("SIGTERM"));
    const result = await draftSchematicTool.run(
      { intent: intent as unknown as Record<string, unknown> },
      { ...made.context, signal },
    );
    expect(result.ok).toBe(false);
    expect(result.errorKind).toBe("tool-failure");
    expect(result.detail).toMatch(/^interrupted by SIGTERM — /);
    expect(await treeBytes(made.repo)).toEqual(before);
  });
});

describe("draft_schematic reads the design's docs", () => {
  it("a part in a group docs/SUBSYSTEMS.md does not name is a finding, and nothing is written", async () => {
    const made = await tempRepo({
      ".copperhead/config.json": JSON.stringify({ paths: { schematic: SHEET } }),
      [INTENT]: await readFile(USB_C, "utf8"),
      "docs/SUBSYSTEMS.md": "# Subsystems\n\n## Power in\n\n## Outputs\n",
    });
    try {
      const before = await treeBytes(made.repo);
      const result = await draftSchematicTool.run({}, made.context);
      expect(result.errorKind).toBe("invalid-arguments");
      expect(result.detail).toContain(
        'J1 names group "USB-C input", which is not a docs/SUBSYSTEMS.md heading; use one of: Power in, Outputs',
      );
      expect(result.detail).toMatch(
        /\nnothing was written: hardware\/schematic\.kicad_sch is unchanged\. Fix the intent and call draft_schematic again\.$/,
      );
      expect(await treeBytes(made.repo)).toEqual(before);
    } finally {
      await made.done();
    }
  });

  it("a part docs/BOM.md lists otherwise is a finding, and nothing is written", async () => {
    // The upstream BOM picked a 3.5 mm terminal for J2; the example intent keeps the 2.54 mm one.
    const made = await tempRepo({
      ".copperhead/config.json": JSON.stringify({ paths: { schematic: SHEET } }),
      [INTENT]: await readFile(USB_C, "utf8"),
      "docs/BOM.md": await readFile(join(UPSTREAM_DOCS, "BOM.md"), "utf8"),
      "docs/SUBSYSTEMS.md": await readFile(join(UPSTREAM_DOCS, "SUBSYSTEMS.md"), "utf8"),
    });
    try {
      const before = await treeBytes(made.repo);
      const result = await draftSchematicTool.run({}, made.context);
      expect(result.errorKind).toBe("invalid-arguments");
      expect(result.detail).toMatch(/\[bom-mismatch\] parts\(J2\): docs\/BOM\.md line \d+/);
      expect(result.detail).not.toContain("[unknown-group]");
      expect(await treeBytes(made.repo)).toEqual(before);
    } finally {
      await made.done();
    }
  });
});

describe("draft_schematic as the model sees it", () => {
  it("is named draft_schematic and says where the IR is read from and when an inline one is saved", () => {
    const definition = toolDefinition(draftSchematicTool);
    expect(definition.name).toBe("draft_schematic");
    expect(definition.description).toContain(`(${INTENT}, or inline)`);
    expect(definition.description).toContain("Refuses to overwrite a schematic a person drew.");
    const properties = definition.inputSchema.properties as Record<
      string,
      { default?: unknown; description?: string }
    >;
    expect(properties.intent_path?.default).toBe(INTENT);
    expect(properties.intent_path?.description).toContain(`(default ${INTENT})`);
    expect(properties.intent?.description).toContain("on success, saved to intent_path");
  });
});
