import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { proposeChangeTool } from "../../../../engine/agent/tools/propose-change.js";
import { validateChangeTool } from "../../../../engine/agent/tools/validate-change.js";
import { treeBytes } from "../../../helpers/tree-bytes.js";
import { tempRepo } from "./temp-repo.js";

let made: Awaited<ReturnType<typeof tempRepo>>;

const why =
  "The board has no visible sign of power, so a person cannot tell whether 5 V is present.";
const good = {
  id: "add-power-led",
  why,
  what_changes: ["Add a power LED (D1) with a series resistor (R1) on +5V"],
  tasks: ["Add D1 and R1 to the schematic", "Update docs/BOM.md"],
  requirements: [
    {
      capability: "power-indicator",
      name: "Power LED",
      text: "The board SHALL light an LED while +5V is present.",
      scenarios: [{ name: "Powered", when: "5 V is applied to J1", outcome: "D1 lights" }],
    },
  ],
};

beforeAll(async () => {
  made = await tempRepo({
    // Hand-written, as a model might leave it after a bad edit: too short a why, no deltas.
    "openspec/changes/bad-change/proposal.md":
      "# Proposal\n\n## Why\nshort\n\n## What Changes\n- x\n",
    "openspec/changes/bad-change/tasks.md": "- [ ] 1.1 x\n",
  });
});
afterAll(() => made.done());

describe("propose_change / validate_change (real OpenSpec CLI)", () => {
  it("writes proposal, tasks and spec delta files that OpenSpec validates; emits proposalValidated", async () => {
    const proposed = await proposeChangeTool.run(good, made.context);
    expect(proposed.ok).toBe(true);
    const dir = join(made.repo, "openspec/changes/add-power-led");
    expect(await readFile(join(dir, "proposal.md"), "utf8")).toContain(`## Why\n${why}\n`);
    expect(await readFile(join(dir, "tasks.md"), "utf8")).toBe(
      "## 1. Implementation\n- [ ] 1.1 Add D1 and R1 to the schematic\n- [ ] 1.2 Update docs/BOM.md\n",
    );
    expect(await readFile(join(dir, "specs/power-indicator/spec.md"), "utf8")).toContain(
      "#### Scenario: Powered\n- **WHEN** 5 V is applied to J1\n- **THEN** D1 lights",
    );
    const validated = await validateChangeTool.run({ id: "add-power-led" }, made.context);
    expect(validated.detail).toContain("validated");
    expect(validated.ok).toBe(true);
    expect(validated.facts).toEqual({ proposalValidated: "add-power-led" });
  });

  it("validates a change that declares no spec changes", async () => {
    const { requirements: _, ...rest } = good;
    await proposeChangeTool.run(
      { ...rest, id: "reword-docs", no_spec_changes: true },
      made.context,
    );
    const validated = await validateChangeTool.run({ id: "reword-docs" }, made.context);
    expect(validated.ok).toBe(true);
    expect(validated.facts).toEqual({ proposalValidated: "reword-docs" });
  });

  it("returns OpenSpec's issues for a bad change and emits no fact", async () => {
    const result = await validateChangeTool.run({ id: "bad-change" }, made.context);
    expect(result.ok).toBe(false);
    expect(result.errorKind).toBe("check-failed");
    expect(result.facts).toBeUndefined();
    expect(result.detail).toMatch(/1\. \[ERROR\]/);
    expect(result.detail).toMatch(/delta/i);
  });

  it("refuses a change that does not exist, and arguments that could never validate", async () => {
    const before = await treeBytes(made.repo);
    expect((await validateChangeTool.run({ id: "nope" }, made.context)).errorKind).toBe(
      "not-found",
    );
    const noDeltas = await proposeChangeTool.run(
      { ...good, id: "x-change", requirements: [] },
      made.context,
    );
    expect(noDeltas.errorKind).toBe("invalid-arguments");
    expect(noDeltas.detail).toContain("no_spec_changes");
    const weak = await proposeChangeTool.run(
      { ...good, requirements: [{ ...good.requirements[0]!, text: "The LED lights." }] },
      made.context,
    );
    expect(weak.detail).toContain("SHALL or MUST");
    expect((await proposeChangeTool.run({ ...good, why: "short" }, made.context)).detail).toContain(
      "50",
    );
    expect(
      (await proposeChangeTool.run({ ...good, id: "../escape" }, made.context)).errorKind,
    ).toBe("invalid-arguments");
    // Refused: every file it could have touched is byte-identical, and none was made.
    expect(await treeBytes(made.repo)).toEqual(before);
  });
});
