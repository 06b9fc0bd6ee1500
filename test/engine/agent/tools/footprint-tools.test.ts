import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { searchFootprintsTool } from "../../../../engine/agent/tools/search-footprints.js";
import { verifyFootprintsTool } from "../../../../engine/agent/tools/verify-footprints.js";
import { ledRepo, tempRepo } from "./temp-repo.js";

// The installed KiCad 9 footprint libraries (/usr/share/kicad/footprints) are the data.
const FOOTPRINTS = "/usr/share/kicad/footprints";
let led: Awaited<ReturnType<typeof ledRepo>>;

beforeAll(async () => {
  led = await ledRepo();
});
afterAll(() => led.done());

describe("search_footprints", () => {
  it("finds Lib:Name ids holding every word, over every installed library", async () => {
    const result = await searchFootprintsTool.run({ query: "resistor_smd 0603 1608" }, led.context);
    const ids = result.detail?.split("\n") ?? [];
    expect(ids).toContain("Resistor_SMD:R_0603_1608Metric");
    expect(ids).toContain("Resistor_SMD:R_0603_1608Metric_Pad0.98x0.95mm_HandSolder");
    for (const id of ids) expect(id.toLowerCase()).toMatch(/resistor_smd:.*0603.*1608/);
    const none = await searchFootprintsTool.run({ query: "qqqzzzx footprint" }, led.context);
    expect(none.summary).toContain("no matches");
    expect(none.detail).toMatch(/\(\d{3} libraries searched\)/);
  });

  it("caps long answers and says how many more there are", async () => {
    const result = await searchFootprintsTool.run({ query: "Connector" }, led.context);
    expect(result.detail?.split("\n").filter((l) => l.includes(":"))).toHaveLength(40);
    expect(result.detail).toMatch(/… \d+ more; add words to narrow/);
  });

  // A seeded sample of real footprints: each is found by its own name.
  it("finds a sample of real footprints by their full id", async () => {
    const libraries = (await readdir(FOOTPRINTS)).filter((d) => d.endsWith(".pretty")).sort();
    expect(libraries.length).toBeGreaterThan(100);
    for (let i = 0; i < libraries.length; i += 17) {
      const library = libraries[i] as string;
      const names = (await readdir(join(FOOTPRINTS, library))).filter((f) =>
        f.endsWith(".kicad_mod"),
      );
      const name = names[(i * 7) % names.length]?.replace(/\.kicad_mod$/, "");
      if (!name) continue;
      const id = `${library.replace(/\.pretty$/, "")}:${name}`;
      const result = await searchFootprintsTool.run({ query: id }, led.context);
      expect(result.detail?.split("\n"), id).toContain(id);
    }
  });
});

describe("verify_footprints", () => {
  it("passes the LED example: every footprint exists and has a pad per symbol pin", async () => {
    const result = await verifyFootprintsTool.run({}, led.context);
    expect(result.ok, result.detail).toBe(true);
    // The sheet's three, and the BOM's bare names, each found in exactly one library.
    expect(result.summary).toBe("verify_footprints: 6 footprint(s) verified");
  });

  it("names a missing footprint, a missing library and a bare name from BOM.md, with close names", async () => {
    const bom = await tempRepo({
      "docs/BOM.md": [
        "| Ref | Footprint | MPN |",
        "|---|---|---|",
        "| R1 | Resistor_SMD:R_0603_1608Metric | RC0603 |",
        "| R2 | Resistor_SMD:R_0603_1608Metrik | RC0603 |",
        "| J1 | Conector_USB:USB_C_Receptacle | USB4105 |",
        "| D1 | LED_0603_1608Metrik | LTST |",
        "| D2 | LED_0603_1608Metric | LTST |",
        "",
      ].join("\n"),
    });
    try {
      const result = await verifyFootprintsTool.run({}, bom.context);
      expect(result.ok).toBe(false);
      expect(result.errorKind).toBe("check-failed");
      const lines = result.detail?.split("\n") ?? [];
      expect(lines).toHaveLength(3);
      expect(lines[0]).toMatch(
        /^1\. no-footprint: Resistor_SMD:R_0603_1608Metrik \(docs\/BOM\.md:4\) is not in Resistor_SMD; closest: Resistor_SMD:R_0603_1608Metric/,
      );
      expect(lines[1]).toMatch(
        /^2\. no-library: Conector_USB:USB_C_Receptacle \(docs\/BOM\.md:5\): no footprint library "Conector_USB" .*close: Connector_USB/,
      );
      expect(lines[2]).toMatch(
        /^3\. no-footprint: LED_0603_1608Metrik \(docs\/BOM\.md:6\) is in no installed library; closest: LED_0603_1608Metric/,
      );
    } finally {
      await bom.done();
    }
  });

  it("reports a symbol whose footprint has no pad for one of its pins", async () => {
    const sheet = join(led.repo, "hardware/led.kicad_sch");
    const original = await readFile(sheet, "utf8");
    try {
      await writeFile(
        sheet,
        original.replace("LED_SMD:LED_0603_1608Metric", "TestPoint:TestPoint_Pad_1.0x1.0mm"),
      );
      const result = await verifyFootprintsTool.run({}, led.context);
      expect(result.ok).toBe(false);
      expect(result.detail).toMatch(
        /^1\. pad-mismatch: D1 on sheet \/ uses TestPoint:TestPoint_Pad_1\.0x1\.0mm, which has no pad for pin\(s\) 2 of Device:LED \(pads: 1\); choose a footprint with a pad per pin$/m,
      );
    } finally {
      await writeFile(sheet, original);
    }
  });

  it("has nothing to verify in a repo without a sheet or a Footprint column", async () => {
    const empty = await tempRepo({ "docs/BOM.md": "| Ref | Value |\n|---|---|\n| R1 | 10k |\n" });
    try {
      const result = await verifyFootprintsTool.run({}, empty.context);
      expect(result).toMatchObject({ ok: true, summary: "verify_footprints: nothing to verify" });
    } finally {
      await empty.done();
    }
  });
});
