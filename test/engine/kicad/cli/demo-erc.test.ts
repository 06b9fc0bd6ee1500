import { describe, expect, it } from "vitest";
import { violationSchema } from "../../../../engine/kicad/violation.js";
import { demoName, demoRootSchematics } from "../../../helpers/demo-corpus.js";
import { cachedErc } from "../../../helpers/kicad-cache.js";

describe("erc over every KiCad demo root sheet", () => {
  // About 40 kicad-cli runs (vme-wren alone takes ~8 s); a loaded shared machine needs the room.
  it("returns a parsed report for each, with positions on the sheet in true mm", {
    timeout: 900_000,
  }, async () => {
    const roots = demoRootSchematics();
    expect(roots.length).toBeGreaterThanOrEqual(37);
    const results = await Promise.all(
      roots.map(async (root) => ({ root, result: await cachedErc(root) })),
    );
    // One demo's footprint table names a library on its author's machine
    // (/home/hlord/…): the pre-flight refuses it, and kicad-cli never sees that project.
    const refused = results.filter(({ result }) => result.refused);
    expect(refused.map(({ root }) => demoName(root))).toEqual([
      "royalblue54L_feather/nfc_antenna/RoyalBlue54L-NFC-Antenna/RoyalBlue54L-NFC-Antenna.kicad_sch",
    ]);
    expect(refused[0]?.result.refused).toEqual([
      expect.objectContaining({
        kind: "path-outside-repo",
        file: "fp-lib-table",
        path: expect.stringMatching(/^\/home\/hlord\//),
      }),
    ]);
    expect(refused[0]?.result.violations.map((v) => v.type)).toEqual(["unsafe_path"]);
    let furthest = 0;
    for (const { root, result } of results) {
      if (result.refused) continue;
      expect(result.sheets.length, demoName(root)).toBeGreaterThanOrEqual(1);
      expect(result.sheets[0], demoName(root)).toBe("/");
      for (const violation of result.violations) {
        expect(violationSchema.parse(violation)).toEqual(violation);
        expect(result.sheets).toContain(violation.sheet);
        for (const item of violation.items) {
          if (!item.pos) continue;
          // Inside an A0 sheet; uncorrected positions would all sit within 12 mm of the origin.
          expect(item.pos.x, demoName(root)).toBeGreaterThanOrEqual(0);
          expect(item.pos.x, demoName(root)).toBeLessThan(1200);
          furthest = Math.max(furthest, item.pos.x, item.pos.y);
        }
      }
    }
    expect(furthest).toBeGreaterThan(100);
    // vme-wren has one sheet instance per placed sheet, down the hierarchy.
    const wren = results.find(({ root }) => root.endsWith("vme-wren/vme-wren.kicad_sch"));
    expect(wren?.result.sheets.length).toBeGreaterThan(30);
  });
});
