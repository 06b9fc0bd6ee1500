import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { constraintsFileSchema } from "../../../../engine/agent/tools/constraints-file.js";
import { recordConstraintTool } from "../../../../engine/agent/tools/record-constraint.js";
import { recordDecisionTool } from "../../../../engine/agent/tools/record-decision.js";
import { treeBytes } from "../../../helpers/tree-bytes.js";
import { tempRepo } from "./temp-repo.js";

let made: Awaited<ReturnType<typeof tempRepo>>;
beforeEach(async () => {
  made = await tempRepo({ "docs/BOM.md": "# BOM\n" });
});
afterEach(() => made.done());

describe("record_decision", () => {
  it("creates docs/DECISIONS.md and appends one line per decision, never rewriting", async () => {
    const first = await recordDecisionTool.run(
      {
        decision: "Use a 330 ohm resistor",
        rationale: "about 9 mA at 5 V\nis bright enough",
        affects: ["R1"],
      },
      made.context,
    );
    // The decision log is not a drift document: recording opens no drift obligation.
    expect(first.facts).toEqual({ mutated: { kind: "other", path: "docs/DECISIONS.md" } });
    await recordDecisionTool.run(
      { decision: "Red LED", rationale: "lowest forward voltage" },
      made.context,
    );
    const text = await readFile(join(made.repo, "docs/DECISIONS.md"), "utf8");
    expect(
      text.endsWith(
        "- [test #1] Use a 330 ohm resistor | why: about 9 mA at 5 V is bright enough | affects: R1\n- [test #1] Red LED | why: lowest forward voltage\n",
      ),
    ).toBe(true);
    expect(text.startsWith("# Decisions\n")).toBe(true);
  });

  it("shows the model the same result on every attempt, so a resumed run's replay hits the cache", async () => {
    const args = { decision: "Red LED", rationale: "lowest forward voltage", affects: [] };
    const first = await recordDecisionTool.run(args, made.context);
    const again = await recordDecisionTool.run(args, { ...made.context, attempt: 2 });
    expect(again.detail).toBe(first.detail);
    expect(first.detail).toBe(
      "appended to docs/DECISIONS.md: Red LED | why: lowest forward voltage",
    );
    // The file still records which attempt decided what.
    const text = await readFile(join(made.repo, "docs/DECISIONS.md"), "utf8");
    expect(text).toContain("- [test #1] Red LED");
    expect(text).toContain("- [test #2] Red LED");
  });
});

describe("record_constraint", () => {
  const read = async () =>
    constraintsFileSchema.parse(
      JSON.parse(await readFile(join(made.repo, ".copperhead/constraints.json"), "utf8")),
    );

  it("records one constraint, then a batch, replacing a re-recorded key; keys stay sorted", async () => {
    const one = await recordConstraintTool.run(
      { key: "power.supply_V", source: "brief: USB 5 V", value: 5, unit: "V" },
      made.context,
    );
    expect(one.ok).toBe(true);
    const batch = await recordConstraintTool.run(
      {
        constraints: [
          {
            key: "power.led_current_mA",
            source: "SPEC.md budgets",
            max: 10,
            unit: "mA",
            affects: ["docs/BOM.md", "R1"],
          },
          { key: "power.supply_V", source: "brief: USB 5 V", min: 4.75, max: 5.25, unit: "V" },
        ],
      },
      made.context,
    );
    expect(batch.summary).toBe("recorded 2 constraint(s), 1 replaced");
    const file = await read();
    expect(file.constraints.map((c) => c.key)).toEqual(["power.led_current_mA", "power.supply_V"]);
    expect(file.constraints[1]).toMatchObject({ min: 4.75, max: 5.25 });
    // Only the affected item that exists as a repo file opens a revisit.
    expect(batch.facts).toEqual({
      mutated: { kind: "other", path: ".copperhead/constraints.json" },
      constraintRevisit: {
        open: [{ key: "power.led_current_mA", item: "docs/BOM.md" }],
        resolved: [],
      },
    });
  });

  it("refuses a constraint without bounds, a bad key and a duplicate key in one batch", async () => {
    const before = await treeBytes(made.repo);
    expect(
      (await recordConstraintTool.run({ key: "power.x", source: "s" }, made.context)).errorKind,
    ).toBe("invalid-arguments");
    expect(
      (await recordConstraintTool.run({ key: "nodots", source: "s", max: 1 }, made.context))
        .errorKind,
    ).toBe("invalid-arguments");
    const twice = await recordConstraintTool.run(
      {
        constraints: [
          { key: "a.b", source: "s", max: 1 },
          { key: "a.b", source: "s", max: 2 },
        ],
      },
      made.context,
    );
    expect(twice.detail).toContain("given twice");
    // Refused: every file it could have touched is byte-identical, and none was made.
    expect(await treeBytes(made.repo)).toEqual(before);
  });
});
