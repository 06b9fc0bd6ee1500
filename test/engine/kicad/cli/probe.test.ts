import { join } from "node:path";
import { describe, it } from "vitest";
import { UsageError } from "../../../../engine/errors.js";
import { probe } from "../../../../engine/kicad/cli/probe.js";
import { LED_EXAMPLE, LED_VARIANTS } from "../../../helpers/fixture-project.js";

describe.concurrent("probe", () => {
  it("says the LED schematic and board load", async ({ expect }) => {
    const [sch, pcb] = await Promise.all([
      probe(join(LED_EXAMPLE, "led.kicad_sch")),
      probe(join(LED_EXAMPLE, "led.kicad_pcb")),
    ]);
    expect(sch).toEqual({ loads: true });
    expect(pcb).toEqual({ loads: true });
  });

  it("says a file with an unknown token, a BOM or an unquoted board stamp does not load", async ({
    expect,
  }) => {
    const [token, bom, board] = await Promise.all(
      ["broken.kicad_sch", "bom.kicad_sch", "broken.kicad_pcb"].map((name) =>
        probe(join(LED_VARIANTS, name)),
      ),
    );
    expect(token).toEqual({
      loads: false,
      stderr: expect.stringContaining("Failed to load schematic"),
    });
    expect(bom).toEqual({
      loads: false,
      stderr: expect.stringContaining("Failed to load schematic"),
    });
    expect(board).toEqual({
      loads: false,
      stderr: expect.stringContaining("Failed to load board"),
    });
  });

  it("refuses a missing file or another extension with a UsageError", async ({ expect }) => {
    await expect(probe(join(LED_VARIANTS, "nope.kicad_pcb"))).rejects.toBeInstanceOf(UsageError);
    await expect(probe(join(LED_EXAMPLE, "sym-lib-table"))).rejects.toThrow(
      /\.kicad_sch or \.kicad_pcb/,
    );
  });
});
