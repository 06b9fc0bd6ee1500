import { describe, expect, it } from "vitest";
import { runCopperhead } from "../../flow/flow-fixture.js";

describe("copperhead graph", () => {
  it("prints what each stage reads, owns and waits for, and the parallel levels", async () => {
    const { code, stdout } = await runCopperhead("/", "graph");
    expect(code).toBe(0);
    expect(stdout).toContain(
      "firmware\n  reads  brief.md, docs/PINOUT.md, docs/SPEC.md, hardware/*.kicad_sch, *.kicad_sch\n  owns   firmware/\n  after  spec, schematic\n",
    );
    expect(stdout).toContain("  5. layout, firmware\n");
    expect(stdout).toContain("  7. devplan\n");
  });

  it("--json lists stages with their dependencies", async () => {
    const { stdout } = await runCopperhead("/", "graph", "--json");
    const json = JSON.parse(stdout);
    expect(json.order).toEqual([
      "spec",
      "architecture",
      "parts",
      "schematic",
      "layout",
      "outputs",
      "firmware",
      "devplan",
    ]);
    const layout = json.stages.find((s: { name: string }) => s.name === "layout");
    expect(layout).toEqual({
      name: "layout",
      inputs: [
        "brief.md",
        "hardware/*.kicad_sch",
        "*.kicad_sch",
        "docs/SPEC.md",
        ".copperhead/constraints.json",
      ],
      outputs: ["hardware/*.kicad_pcb", "*.kicad_pcb", "docs/LAYOUT.md"],
      dependsOn: ["spec", "schematic"],
    });
  });
});
