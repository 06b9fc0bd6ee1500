import { describe, it } from "vitest";
import { drcOutputSchema } from "../../../../engine/cli/commands/drc.js";
import { runCli } from "../../../../engine/cli/run-cli.js";
import { captureIo } from "../../../helpers/capture-io.js";
import { REPO_ROOT } from "../../../helpers/fixture-project.js";

const variants = "test/fixtures/kicad/led-variants";

describe.concurrent("copperhead drc", () => {
  it("exits 0 for the clean LED board, parity included", async ({ expect }) => {
    const io = captureIo(REPO_ROOT);
    expect(await runCli(["drc", "examples/led/led.kicad_pcb", "--schematic-parity"], io)).toBe(0);
    expect(io.out()).toBe(
      "examples/led/led.kicad_pcb: DRC clean (0 violations, 0 unconnected, 0 parity issues)\n",
    );
  });

  it("exits 1 and lists unconnected items in their own numbered section", async ({ expect }) => {
    const io = captureIo(REPO_ROOT);
    expect(await runCli(["drc", `${variants}/led_unrouted.kicad_pcb`], io)).toBe(1);
    const text = io.out();
    expect(text).toContain("DRC found problems (0 violations, 3 unconnected)");
    expect(text).toContain(
      "Unconnected items:\n  1. error unconnected_items — Missing connection between items\n",
    );
    expect(text).not.toContain("Violations:");
  });

  it("--json keeps the three lists apart and validates against drcOutputSchema", async ({
    expect,
  }) => {
    const io = captureIo(REPO_ROOT);
    expect(
      await runCli(["drc", "--json", "--schematic-parity", `${variants}/led_parity.kicad_pcb`], io),
    ).toBe(1);
    const output = drcOutputSchema.parse(JSON.parse(io.out()));
    expect(output).toMatchObject({
      schema: 1,
      command: "drc",
      file: `${variants}/led_parity.kicad_pcb`,
      schematicParity: true,
      clean: false,
      counts: { errors: 0, warnings: 1, excluded: 0 },
      violations: [],
      unconnected: [],
    });
    expect(output.parity.map((v) => v.type)).toEqual(["footprint_symbol_mismatch"]);
  });

  it("numbers violations and unconnected items in one sequence", async ({ expect }) => {
    const io = captureIo(REPO_ROOT);
    expect(await runCli(["drc", `${variants}/led_overlap.kicad_pcb`], io)).toBe(1);
    const numbers = [...io.out().matchAll(/^\s+(\d+)\. /gm)].map((m) => Number(m[1]));
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
    expect(numbers.length).toBeGreaterThan(10);
    expect(io.out()).toMatch(/Violations:\n[\s\S]*Unconnected items:\n/);
  });

  it("exits 2 for an unloadable board and for bad usage", async ({ expect }) => {
    const broken = captureIo(REPO_ROOT);
    expect(await runCli(["drc", `${variants}/broken.kicad_pcb`], broken)).toBe(2);
    expect(broken.err()).toContain(
      "kicad-cli could not load broken.kicad_pcb (rc 3): Failed to load board",
    );
    for (const args of [
      ["drc"],
      ["drc", "examples/led/led.kicad_sch"],
      ["drc", "--parity", "examples/led/led.kicad_pcb"],
    ]) {
      const io = captureIo(REPO_ROOT);
      expect(await runCli(args, io), args.join(" ")).toBe(2);
    }
    const noSchematic = captureIo(REPO_ROOT);
    expect(
      await runCli(
        ["drc", "--schematic-parity", `${variants}/led_unrouted.kicad_pcb`],
        noSchematic,
      ),
    ).toBe(2);
    expect(noSchematic.err()).toContain("schematic parity needs led_unrouted.kicad_sch");
  });
});
