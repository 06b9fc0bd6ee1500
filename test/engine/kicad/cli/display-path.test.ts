import { describe, expect, it } from "vitest";
import { displayPath } from "../../../../engine/kicad/cli/display-path.js";

describe("displayPath", () => {
  it("is relative inside the working directory and absolute outside it", () => {
    expect(displayPath("/repo", "examples/led/led.kicad_sch")).toBe("examples/led/led.kicad_sch");
    expect(displayPath("/repo/test", "../examples/led.kicad_sch")).toBe(
      "/repo/examples/led.kicad_sch",
    );
    expect(displayPath("/repo", "/usr/share/kicad/demos/a.kicad_sch")).toBe(
      "/usr/share/kicad/demos/a.kicad_sch",
    );
    expect(displayPath("/repo", "/repo/a/../b.kicad_pcb")).toBe("b.kicad_pcb");
  });
});
