import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { actionInputNames, actionOutputNames } from "../engine/workflow/action-inputs.js";
import { REPO_ROOT } from "./helpers/fixture-project.js";
import { actionMetadataSchema } from "./helpers/workflow-runner/action-schema.js";

describe("action.yml, the copperhead Action", () => {
  it("matches the documented metadata schema, as a composite action running the CLI", async () => {
    const action = actionMetadataSchema.parse(
      parse(await readFile(join(REPO_ROOT, "action.yml"), "utf8")),
    );
    expect(action.runs.using).toBe("composite");
    if (action.runs.using !== "composite") return;
    expect(action.runs.steps.map((s) => s.run)).toEqual(["copperhead action"]);
  });

  it("declares exactly the inputs the entry reads and the outputs it sets, and passes inputs through env only", async () => {
    const action = actionMetadataSchema.parse(
      parse(await readFile(join(REPO_ROOT, "action.yml"), "utf8")),
    );
    expect(Object.keys(action.inputs ?? {})).toEqual([...actionInputNames]);
    expect(Object.keys(action.outputs ?? {})).toEqual([...actionOutputNames]);
    expect(action.inputs?.stage?.required).toBe(true);
    if (action.runs.using !== "composite") throw new Error("composite expected");
    const [step] = action.runs.steps;
    // @actions/core reads INPUT_<NAME> with the name upper-cased: one variable per input.
    expect(step!.env).toEqual(
      Object.fromEntries(
        actionInputNames.map((name) => [
          `INPUT_${name.toUpperCase()}`,
          `\u0024{{ inputs.${name} }}`,
        ]),
      ),
    );
    expect(step!.run).not.toContain("{{");
    for (const name of actionOutputNames) {
      expect((action.outputs![name] as { value: string }).value).toBe(
        `\u0024{{ steps.run.outputs.${name} }}`,
      );
    }
  });

  it("refuses what GitHub would ignore or reject: a misspelt key, a run step without a shell", () => {
    const base = {
      name: "x",
      description: "y",
      runs: { using: "composite", steps: [{ run: "true", shell: "bash" }] },
    };
    expect(actionMetadataSchema.safeParse(base).success).toBe(true);
    expect(actionMetadataSchema.safeParse({ ...base, descripton: "typo" }).success).toBe(false);
    expect(
      actionMetadataSchema.safeParse({
        ...base,
        runs: { using: "composite", steps: [{ run: "true" }] },
      }).success,
    ).toBe(false);
    expect(
      actionMetadataSchema.safeParse({ ...base, outputs: { a: { description: "no value" } } })
        .success,
    ).toBe(false);
  });
});
