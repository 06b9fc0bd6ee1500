import { describe, expect, it } from "vitest";
import { z } from "zod";
import { executeTool } from "../../../../engine/agent/loop/execute-tool.js";
import { ALL_TOOLS } from "../../../../engine/agent/tools/all-tools.js";
import { tempRepo } from "./temp-repo.js";

describe("ALL_TOOLS", () => {
  it("has unique names, and exactly the editing tools are mutating", () => {
    const names = ALL_TOOLS.map((t) => t.name);
    expect(new Set(names).size).toBe(names.length);
    expect(
      ALL_TOOLS.filter((t) => t.mutating)
        .map((t) => t.name)
        .sort(),
    ).toEqual([
      "draft_schematic",
      "edit_file",
      "layout_board",
      "record_constraint",
      "record_decision",
      "write_file",
    ]);
  });

  it("every schema converts to the JSON schema a provider sends, as an object", () => {
    for (const tool of ALL_TOOLS) {
      const schema = z.toJSONSchema(tool.schema, { io: "input" }) as {
        type?: string;
        anyOf?: unknown[];
      };
      expect(schema.type === "object" || Array.isArray(schema.anyOf), tool.name).toBe(true);
      expect(tool.description.length, tool.name).toBeGreaterThan(20);
    }
  });
});

describe("through the loop's executeTool", () => {
  it("a tool takes the loop's parsed arguments (defaults and coercions applied) unchanged", async () => {
    const made = await tempRepo({ "docs/A.md": "one\ntwo\n" });
    try {
      const read = ALL_TOOLS.find((t) => t.name === "read_file");
      const search = ALL_TOOLS.find((t) => t.name === "search");
      if (!read || !search) throw new Error("read_file and search must be listed");
      const ranged = await executeTool(read, { path: "docs/A.md", start_line: "2" }, made.context);
      expect(ranged.detail).toBe("2: two");
      const found = await executeTool(search, { pattern: "TWO", ignore_case: true }, made.context);
      expect(found.detail).toBe("docs/A.md:2: two");
    } finally {
      await made.done();
    }
  });
});
