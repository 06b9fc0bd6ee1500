import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, it } from "vitest";
import { UsageError } from "../../../../engine/errors.js";
import { erc } from "../../../../engine/kicad/cli/erc.js";
import { KicadCliError } from "../../../../engine/kicad/cli/errors.js";
import { withFindings } from "../../../../engine/kicad/cli/with-findings.js";
import { DEMO_DIR } from "../../../helpers/demo-corpus.js";
import { copyFixtureProject, LED_EXAMPLE, LED_VARIANTS } from "../../../helpers/fixture-project.js";
import { cachedErc } from "../../../helpers/kicad-cache.js";

const variant = (name: string) => join(LED_VARIANTS, name);
const summary = (result: Awaited<ReturnType<typeof erc>>) =>
  result.violations.map((v) => `${v.severity} ${v.type}${v.excluded ? " (excluded)" : ""}`).sort();

describe.concurrent("erc", () => {
  it("finds nothing wrong with the bundled LED example", async ({ expect }) => {
    const result = await erc(join(LED_EXAMPLE, "led.kicad_sch"));
    expect(result.violations).toEqual([]);
    expect(result.sheets).toEqual(["/"]);
    expect(result.root).toBe(join(LED_EXAMPLE, "led.kicad_sch"));
    expect(result.source).toBe("led.kicad_sch");
    expect(result.kicadVersion).toMatch(/^9\./);
  });

  it("reports an open pin at its true sheet position (kicad-cli says 0.8509, it is 85.09 mm)", async ({
    expect,
  }) => {
    const result = await erc(variant("led_open.kicad_sch"));
    expect(summary(result)).toEqual(["error pin_not_connected", "error pin_not_connected"]);
    const items = result.violations.flatMap((v) => v.items);
    expect(items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          description: "Symbol R1 Pin 2 [Passive, Line]",
          pos: { x: 85.09, y: 76.2 },
        }),
        expect.objectContaining({
          description: "Symbol D1 Pin 2 [A, Passive, Line]",
          pos: { x: 97.79, y: 76.2 },
        }),
      ]),
    );
    for (const violation of result.violations) {
      expect(violation.sheet).toBe("/");
      expect(violation.source).toBe("kicad-cli");
    }
  });

  it("reports undriven power pins when the PWR_FLAGs are missing", async ({ expect }) => {
    const result = await erc(variant("led_noflag.kicad_sch"));
    const undriven = result.violations.filter((v) => v.type === "power_pin_not_driven");
    expect(undriven.map((v) => v.items[0]?.pos)).toEqual(
      expect.arrayContaining([
        { x: 63.5, y: 71.12 },
        { x: 60.96, y: 83.82 },
      ]),
    );
    expect(undriven).toHaveLength(2);
    // The flag's feed wire is left hanging at the +5V symbol.
    expect(summary(result)).toEqual([
      "error power_pin_not_driven",
      "error power_pin_not_driven",
      "warning unconnected_wire_endpoint",
    ]);
  });

  it("fixes the wire length in descriptions as well as positions", async ({ expect }) => {
    const result = await erc(variant("led_dangwire.kicad_sch"));
    expect(summary(result)).toEqual([
      "error wire_dangling",
      "warning unconnected_wire_endpoint",
      "warning unconnected_wire_endpoint",
    ]);
    const dangling = result.violations.find((v) => v.type === "wire_dangling");
    expect(dangling?.items).toEqual([
      expect.objectContaining({
        description: "Horizontal Wire, length 12.7000 mm",
        pos: { x: 120.65, y: 63.5 },
      }),
    ]);
  });

  it("keeps violations the project excludes, marked excluded", async ({ expect }) => {
    const result = await erc(variant("led_excluded.kicad_sch"));
    expect(summary(result)).toEqual([
      "error pin_not_connected",
      "error pin_not_connected (excluded)",
    ]);
    const excluded = result.violations.find((v) => v.excluded);
    expect(excluded?.items[0]).toMatchObject({
      description: "Symbol R1 Pin 2 [Passive, Line]",
      pos: { x: 85.09, y: 76.2 },
    });
  });

  it("passes text variables to kicad-cli", async ({ expect }) => {
    const project = await copyFixtureProject();
    try {
      const sch = project.path("led.kicad_sch");
      const text = `\t(text "rev \${BOARD_REV}"\n\t\t(exclude_from_sim no)\n\t\t(at 50.8 50.8 0)\n\t\t(effects\n\t\t\t(font\n\t\t\t\t(size 1.27 1.27)\n\t\t\t)\n\t\t)\n\t\t(uuid "4c7e0b5a-1ed0-4a1e-9d2b-0000000003a0")\n\t)\n`;
      await writeFile(
        sch,
        (await readFile(sch, "utf8")).replace("\t(junction\n", `${text}\t(junction\n`),
      );
      const [unset, set] = await Promise.all([
        erc(sch),
        erc(sch, { variables: { BOARD_REV: "B" } }),
      ]);
      expect(unset.violations.map((v) => v.type)).toEqual(["unresolved_variable"]);
      expect(set.violations).toEqual([]);
    } finally {
      await project.remove();
    }
  });

  it("checks the root sheet when asked about a sub-sheet", async ({ expect }) => {
    const sub = join(DEMO_DIR, "pic_programmer/pic_sockets.kicad_sch");
    const result = await erc(sub);
    expect(result.root).toBe(join(DEMO_DIR, "pic_programmer/pic_programmer.kicad_sch"));
    expect(result.sheets).toHaveLength(2);
    const direct = await cachedErc(result.root);
    expect(result.violations).toEqual(direct.violations);
  });

  it("raises KicadCliError with kicad-cli's stderr for an unloadable schematic", async ({
    expect,
  }) => {
    const fixes = {
      // Well-formed, but KiCad refuses the content: only KiCad can say why.
      "broken.kicad_sch": /^open broken\.kicad_sch in KiCad 9 to see why/,
      // Our reader knows: the byte order mark at 1:1.
      "bom.kicad_sch": /^save the file as UTF-8 without a byte order mark/,
    };
    for (const [name, fix] of Object.entries(fixes)) {
      const failure = await erc(variant(name)).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(KicadCliError);
      const error = failure as KicadCliError;
      expect(error.rc).toBe(3);
      expect(error.stderr).toContain("Failed to load schematic");
      expect(error.command).toContain(name);
      expect(error.message).toContain(`could not load ${name}`);
      expect(error.fix).toMatch(fix);
    }
  });

  it("refuses paths that are not schematics before running kicad-cli", async ({ expect }) => {
    await expect(erc(join(LED_EXAMPLE, "led.kicad_pcb"))).rejects.toBeInstanceOf(UsageError);
    await expect(erc(variant("missing.kicad_sch"))).rejects.toThrow(/does not exist/);
  });
});

describe("withFindings", () => {
  it("adds copperhead's findings after kicad-cli's, marked as ours", async ({ expect }) => {
    const result = await cachedErc(variant("led_open.kicad_sch"));
    const merged = withFindings(result, [
      {
        type: "duplicate_reference",
        severity: "error",
        description: "R1 is used twice",
        sheet: "/",
        items: [],
        source: "kicad-cli",
      },
    ]);
    expect(merged.violations).toHaveLength(3);
    expect(merged.violations.slice(0, 2)).toEqual(result.violations);
    expect(merged.violations[2]).toMatchObject({
      type: "duplicate_reference",
      source: "copperhead",
    });
    expect(merged.root).toBe(result.root);
  });
});
