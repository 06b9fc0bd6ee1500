import { describe, expect, it } from "vitest";
import { isEngineDrafted } from "../../../../engine/kicad/schematic/engine-stamp.js";

describe("isEngineDrafted", () => {
  it("reads the generator stamp", () => {
    expect(
      isEngineDrafted('(kicad_sch (version 20250114) (generator "copperhead") (uuid x))'),
    ).toBe(true);
    expect(
      isEngineDrafted(
        '(kicad_sch (version 20250114) (generator "eeschema") (generator_version "9.0"))',
      ),
    ).toBe(false);
    // A look-alike stamp is not copperhead's: only the exact generator name gates a sheet.
    expect(isEngineDrafted('(kicad_sch (version 20250114) (generator "copperhead-example"))')).toBe(
      false,
    );
  });
  it("judges a sheet that no longer parses by its header, so a broken engine sheet stays guarded", () => {
    expect(
      isEngineDrafted('(kicad_sch (version 20250114) (generator "copperhead") (wire (pts'),
    ).toBe(true);
    expect(isEngineDrafted('(kicad_sch (version 20250114) (generator "eeschema") (wire (pts')).toBe(
      false,
    );
  });
});
