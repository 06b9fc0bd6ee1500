import { describe, expect, it } from "vitest";
import { checkDrift } from "../../../../engine/kicad/drift/check-drift.js";
import { driftFindingSchema } from "../../../../engine/kicad/drift/drift-finding.js";
import { renderDrift } from "../../../../engine/kicad/drift/render-drift.js";
import { CLEAN_BOM, CLEAN_PINOUT, sampleDesign } from "./design-fixture.js";

describe("checkDrift and renderDrift", () => {
  it("says clean when both documents agree", () => {
    const findings = checkDrift({
      bom: { path: "docs/BOM.md", text: CLEAN_BOM },
      pinout: { path: "docs/PINOUT.md", text: CLEAN_PINOUT },
      design: sampleDesign(),
    });
    expect(renderDrift(findings)).toBe("drift: clean");
  });

  it("numbers findings in a stable order, each valid against the schema", () => {
    const input = {
      bom: { path: "docs/BOM.md", text: "no tables here" },
      pinout: {
        path: "docs/PINOUT.md",
        text: CLEAN_PINOUT.replace("| 24 | VDD | +3V3 |", "| 24 | VDD | +5V |"),
      },
      design: sampleDesign(),
    };
    const findings = checkDrift(input);
    expect(checkDrift(input)).toEqual(findings);
    for (const f of findings) driftFindingSchema.parse(f);
    const lines = renderDrift(findings).split("\n");
    expect(lines[0]).toBe("drift: 2 finding(s):");
    expect(lines[1]).toMatch(
      /^1\. docs\/BOM\.md:1 \[no-table\] docs\/BOM\.md has no markdown table — /,
    );
    expect(lines[2]).toMatch(
      /^2\. docs\/PINOUT\.md:10 Signal \[pin-net-mismatch\] claims "\+5V" but actual is "\+3V3" — /,
    );
  });

  it("checks only the documents it is given", () => {
    expect(checkDrift({ design: sampleDesign() })).toEqual([]);
  });
});
