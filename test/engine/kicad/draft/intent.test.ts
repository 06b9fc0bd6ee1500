import { readdir, readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import {
  intentJsonSchema,
  intentSchema,
  splitEndpoint,
} from "../../../../engine/kicad/draft/intent.js";
import { REPO_ROOT } from "../../../helpers/fixture-project.js";

describe("intent IR", () => {
  it("docs/intent.md carries the current JSON Schema", async () => {
    const doc = await readFile(`${REPO_ROOT}/docs/intent.md`, "utf8");
    const block =
      /<!-- intent-schema:start -->\n```json\n([\s\S]*?)```\n<!-- intent-schema:end -->/.exec(doc);
    // Compared as data: the formatter may lay the JSON out differently.
    expect(JSON.parse(block?.[1] ?? "null")).toEqual(intentJsonSchema());
  });

  it("the JSON Schema requires the fields the zod schema requires", () => {
    const schema = intentJsonSchema() as { required: string[]; additionalProperties: boolean };
    expect(schema.required.sort()).toEqual(["nets", "parts", "version"]);
    expect(schema.additionalProperties).toBe(false);
  });

  it("every bundled example parses", async () => {
    const dir = `${REPO_ROOT}/examples/intents`;
    const names = (await readdir(dir)).filter((f) => f.endsWith(".intent.json"));
    expect(names.length).toBeGreaterThanOrEqual(3);
    for (const name of names) {
      const parsed = intentSchema.safeParse(JSON.parse(await readFile(`${dir}/${name}`, "utf8")));
      expect(parsed.error?.issues ?? []).toEqual([]);
    }
  });

  it("refuses unknown fields and bad endpoints", () => {
    const bad = intentSchema.safeParse({
      version: 1,
      parts: [{ ref: "R1", libID: "Device:R", value: "1k", group: "g" }],
      nets: [{ name: "N", pins: ["R1-1", "R1.2"] }],
    });
    expect(bad.success).toBe(false);
    const paths = bad.error?.issues.map((i) => i.path.join(".")) ?? [];
    expect(paths).toEqual(expect.arrayContaining(["parts.0", "parts.0.libId", "nets.0.pins.0"]));
  });

  it("splits an endpoint at the first dot", () => {
    expect(splitEndpoint("U1.PA0.1")).toEqual({ ref: "U1", pin: "PA0.1" });
  });
});
