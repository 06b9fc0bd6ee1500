import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ALL_TOOLS } from "../../../../engine/agent/tools/all-tools.js";
import {
  resolveToolFamilies,
  TOOL_FAMILIES,
  ToolFamilyError,
  toolFamilyNames,
} from "../../../../engine/agent/tools/families.js";
import { stages } from "../../../../stages/registry.js";
import { REPO_ROOT } from "../../../helpers/fixture-project.js";

const registered = new Set(ALL_TOOLS.map((t) => t.name));

/** What each family gives a stage: pinned, so a change to a family is a reviewed change. */
const EXPECTED: Record<string, string[]> = {
  files: [
    "read_file",
    "search",
    "propose_change",
    "validate_change",
    "write_file",
    "edit_file",
    "record_decision",
  ],
  library: [
    "search_symbols",
    "symbol_pins",
    "verify_symbols",
    "search_footprints",
    "verify_footprints",
  ],
  intent: ["list_symbols", "list_nets"],
  draft: ["draft_schematic"],
  erc: ["run_erc"],
  drc: ["run_drc"],
  legibility: ["check_legibility", "score_schematic"],
  drift: ["check_drift"],
  layout: ["layout_board", "run_drc"],
  export: ["export_svg"],
  constraints: ["record_constraint"],
};

describe("tool families", () => {
  it("are exactly the families stage declarations may name", () => {
    expect([...toolFamilyNames].sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  for (const family of Object.keys(EXPECTED)) {
    it(`${family}: every member is a registered tool, and resolves to exactly those tools`, () => {
      const members = TOOL_FAMILIES[family as keyof typeof TOOL_FAMILIES] as readonly string[];
      for (const name of members) expect(registered.has(name), name).toBe(true);
      expect(
        resolveToolFamilies([family])
          .map((t) => t.name)
          .sort(),
      ).toEqual([...(EXPECTED[family] ?? [])].sort());
    });
  }

  it("an unknown family is refused with the list of families", () => {
    expect(() => resolveToolFamilies(["files", "router"])).toThrow(ToolFamilyError);
    let refused: unknown;
    try {
      resolveToolFamilies(["router"]);
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(ToolFamilyError);
    expect((refused as ToolFamilyError).message).toBe("unknown tool family 'router'");
    expect((refused as ToolFamilyError).fix).toMatch(/^name families from: files, library/);
  });

  it("a family naming a tool that is not registered is an error, not a silently smaller catalog", () => {
    const registry = ALL_TOOLS.filter((t) => t.name !== "layout_board");
    expect(() => resolveToolFamilies(["layout"], registry)).toThrow(
      /tool family member\(s\) not registered: layout_board/,
    );
  });

  it("tools come once each, in ALL_TOOLS order, whatever the family order", () => {
    const names = resolveToolFamilies(["drc", "layout", "files"]).map((t) => t.name);
    expect(new Set(names).size).toBe(names.length);
    const order = ALL_TOOLS.map((t) => t.name);
    expect([...names].sort((a, b) => order.indexOf(a) - order.indexOf(b))).toEqual(names);
  });
});

describe("every stage's tools", () => {
  // A stage with `run` is deterministic work: no model reads its prompt or calls its tools.
  for (const stage of stages.filter((s) => s.run === undefined)) {
    it(`${stage.name}: its families resolve, and every tool its prompt names is in them`, async () => {
      const tools = new Set([...resolveToolFamilies(stage.tools).map((t) => t.name), "finish"]);
      // Every stage proposes before it edits.
      for (const name of ["read_file", "propose_change", "validate_change", "write_file"]) {
        expect(tools.has(name), name).toBe(true);
      }
      const prompt = await readFile(join(REPO_ROOT, stage.prompt), "utf8");
      const named = [...prompt.matchAll(/`([a-z]+(?:_[a-z]+)+|finish)`/g)].map(
        (m) => m[1] as string,
      );
      // A deterministic stage (a `run`, no model) has a prompt for people, not a model.
      if (!stage.run) expect(named.length).toBeGreaterThan(2);
      for (const name of named)
        expect(tools.has(name), `${stage.name} prompt names ${name}`).toBe(true);
    });
  }

  it("the parts stage can search and verify footprints; the spec stage cannot draft or run ERC", () => {
    const parts = resolveToolFamilies(stages.find((s) => s.name === "parts")!.tools).map(
      (t) => t.name,
    );
    expect(parts).toEqual(expect.arrayContaining(["search_footprints", "verify_footprints"]));
    const spec = resolveToolFamilies(stages.find((s) => s.name === "spec")!.tools).map(
      (t) => t.name,
    );
    expect(spec).toContain("record_constraint");
    expect(spec).not.toContain("draft_schematic");
    expect(spec).not.toContain("run_erc");
  });
});
