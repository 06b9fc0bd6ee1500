import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ALL_TOOLS } from "../../../../engine/agent/tools/all-tools.js";

describe("ALL_TOOLS", () => {
  it("has unique names, and exactly the editing tools are mutating", () => {
    const names = ALL_TOOLS.map((t) => t.name);
    expect(new Set(names).size).toBe(names.length);
    expect(
      ALL_TOOLS.filter((t) => t.mutating)
        .map((t) => t.name)
        .sort(),
    ).toEqual(["edit_file", "record_constraint", "record_decision", "write_file"]);
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
