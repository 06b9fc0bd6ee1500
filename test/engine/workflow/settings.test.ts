import { describe, expect, test } from "vitest";
import { describeError } from "../../../engine/errors.js";
import { stageNames } from "../../../engine/flow/stage-names.js";
import {
  defaultSettings,
  parseSettings,
  roleAtLeast,
  SettingsError,
} from "../../../engine/workflow/settings.js";

describe(".github/copperhead.yml", () => {
  test("a missing or empty file gives the documented defaults", () => {
    expect(parseSettings(null)).toEqual(defaultSettings);
    expect(defaultSettings).toEqual({
      label: "hardware-brief",
      briefPath: "brief.md",
      stages: [...stageNames],
      turnBudgets: {},
      commanders: "write",
      starters: "triage",
      checkRuns: { erc: true, legibility: true, drc: true },
      continuations: 3,
    });
    expect(defaultSettings.model).toBeUndefined();
  });

  test("every key can be set", () => {
    const s = parseSettings({
      label: "design-me",
      briefPath: "docs/brief.md",
      stages: ["spec", "architecture", "parts"],
      model: "claude-opus-4-1",
      turnBudgets: { spec: 10, schematic: 80 },
      commanders: "maintain",
      starters: "write",
      checkRuns: { drc: false },
      continuations: 0,
    });
    expect(s).toMatchObject({
      label: "design-me",
      briefPath: "docs/brief.md",
      commanders: "maintain",
      starters: "write",
      checkRuns: { erc: true, legibility: true, drc: false },
      turnBudgets: { spec: 10, schematic: 80 },
      continuations: 0,
    });
  });

  test.each([
    [{ comanders: "admin" }, "unknown key(s) comanders"],
    [{ stages: ["spec", "pcb"] }, "stages.1"],
    [{ stages: ["spec", "spec"] }, "lists a stage twice"],
    [{ stages: [] }, "stages"],
    [{ briefPath: "../outside.md" }, "briefPath"],
    [{ briefPath: ".github/workflows/evil.yml" }, "briefPath"],
    [{ commanders: "triage" }, "commanders"],
    [{ turnBudgets: { spec: 0 } }, "turnBudgets.spec"],
    [{ checkRuns: { lvs: true } }, "unknown key(s) lvs"],
    [{ continuations: 11 }, "continuations"],
    [{ continuations: 1.5 }, "continuations"],
    ["just a string", "(top level)"],
  ])("%j is refused, naming what to fix", (raw, where) => {
    expect(() => parseSettings(raw)).toThrow(SettingsError);
    expect(() => parseSettings(raw)).toThrow(where);
    expect(describeError(caught(() => parseSettings(raw)))).toContain("docs/app.md");
  });
});

describe("roles", () => {
  test("rank as GitHub's base roles do; a custom role counts as read", () => {
    expect(roleAtLeast("triage", "triage")).toBe(true);
    expect(roleAtLeast("read", "triage")).toBe(false);
    expect(roleAtLeast("maintain", "write")).toBe(true);
    expect(roleAtLeast("write", "maintain")).toBe(false);
    expect(roleAtLeast("admin", "admin")).toBe(true);
    expect(roleAtLeast("none", "triage")).toBe(false);
    expect(roleAtLeast("security-reviewer", "triage")).toBe(false);
    expect(roleAtLeast("security-reviewer", "read")).toBe(true);
  });
});

function caught(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error("expected a throw");
}
