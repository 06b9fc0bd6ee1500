import { copyFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, it } from "vitest";
import { UsageError } from "../../../../engine/errors.js";
import { drc } from "../../../../engine/kicad/cli/drc.js";
import { KicadCliError } from "../../../../engine/kicad/cli/errors.js";
import { copyFixtureProject, LED_EXAMPLE, LED_VARIANTS } from "../../../helpers/fixture-project.js";

const variant = (name: string) => join(LED_VARIANTS, name);

describe.concurrent("drc", () => {
  it("finds the bundled LED board clean, including schematic parity", async ({ expect }) => {
    const result = await drc(join(LED_EXAMPLE, "led.kicad_pcb"), { schematicParity: true });
    expect(result).toMatchObject({
      violations: [],
      unconnected: [],
      parity: [],
      source: "led.kicad_pcb",
    });
    expect(result.board).toBe(join(LED_EXAMPLE, "led.kicad_pcb"));
  });

  it("reports an unrouted board as unconnected items, not violations", async ({ expect }) => {
    const result = await drc(variant("led_unrouted.kicad_pcb"));
    expect(result.violations).toEqual([]);
    expect(result.parity).toEqual([]);
    expect(result.unconnected.map((v) => `${v.severity} ${v.type}`)).toEqual([
      "error unconnected_items",
      "error unconnected_items",
      "error unconnected_items",
    ]);
    // Each ratsnest line names the two pads it joins, at board positions in mm.
    const j1 = result.unconnected
      .flatMap((v) => v.items)
      .find((item) => item.description.includes("J1"));
    expect(j1?.pos?.x).toBeGreaterThan(100);
  });

  it("reports overlapping footprints as shorts and courtyard overlaps", async ({ expect }) => {
    const result = await drc(variant("led_overlap.kicad_pcb"));
    const types = new Set(result.violations.map((v) => v.type));
    for (const type of [
      "shorting_items",
      "courtyards_overlap",
      "solder_mask_bridge",
      "track_dangling",
    ]) {
      expect(types).toContain(type);
    }
    const courtyard = result.violations.find((v) => v.type === "courtyards_overlap");
    expect(courtyard?.items.map((item) => item.description).join(" ")).toMatch(/R1.*D1|D1.*R1/);
  });

  it("keeps schematic parity issues apart, and only when asked for", async ({ expect }) => {
    const board = variant("led_parity.kicad_pcb");
    const [without, withParity] = await Promise.all([
      drc(board),
      drc(board, { schematicParity: true }),
    ]);
    expect(without.parity).toEqual([]);
    expect(withParity.violations).toEqual([]);
    expect(withParity.unconnected).toEqual([]);
    expect(withParity.parity).toEqual([
      expect.objectContaining({ type: "footprint_symbol_mismatch", severity: "warning" }),
    ]);
  });

  it("refuses parity without a schematic beside the board", async ({ expect }) => {
    await expect(
      drc(variant("led_unrouted.kicad_pcb"), { schematicParity: true }),
    ).rejects.toBeInstanceOf(UsageError);
  });

  it("raises KicadCliError when the schematic beside the board does not load", async ({
    expect,
  }) => {
    const project = await copyFixtureProject();
    try {
      await copyFile(variant("broken.kicad_sch"), project.path("led.kicad_sch"));
      const failure = await drc(project.path("led.kicad_pcb"), { schematicParity: true }).catch(
        (e: unknown) => e,
      );
      expect(failure).toBeInstanceOf(KicadCliError);
      expect((failure as KicadCliError).stderr).toMatch(/led\.kicad_sch', line 7/);
    } finally {
      await project.remove();
    }
  });

  it("raises KicadCliError with stderr for a board that does not load", async ({ expect }) => {
    const failure = await drc(variant("broken.kicad_pcb")).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(KicadCliError);
    expect((failure as KicadCliError).rc).toBe(3);
    expect((failure as KicadCliError).stderr).toContain("Failed to load board");
  });
});
