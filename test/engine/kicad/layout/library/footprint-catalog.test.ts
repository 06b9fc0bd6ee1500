import { cp, mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { allFootprintIds } from "../../../../../bench/layout-synthetic.js";
import { FootprintCatalog } from "../../../../../engine/kicad/layout/library/footprint-catalog.js";
import { footprintDirs } from "../../../../../engine/kicad/layout/library/footprint-dirs.js";
import { readProjectTable } from "../../../../../engine/kicad/layout/library/project-libraries.js";
import { seeded } from "../../../../../engine/kicad/layout/place/seeded-random.js";
import { makeTempDir, type TempDir } from "../../../../helpers/temp-dir.js";

const catalog = FootprintCatalog.fromEnv();
const temps: TempDir[] = [];
afterAll(() => Promise.all(temps.map((t) => t.remove())));

describe("FootprintCatalog over KiCad 9's installed libraries", () => {
  it("resolves a Library:Name id to the library file, its text and its tree", async () => {
    const found = await catalog.resolve("Resistor_SMD:R_0603_1608Metric");
    expect(found.ok).toBe(true);
    if (!found.ok) return;
    expect(found.footprint.file).toMatch(/Resistor_SMD\.pretty\/R_0603_1608Metric\.kicad_mod$/);
    expect(found.footprint.library.source).toBe("installed");
    expect(found.footprint.text.startsWith('(footprint "R_0603_1608Metric"')).toBe(true);
  });

  it("a misspelt name is a miss that names the real footprint closest to it", async () => {
    const found = await catalog.resolve("Resistor_SMD:R_0603_1608Metrc");
    expect(found.ok).toBe(false);
    if (found.ok) return;
    expect(found.problem).toBe("unknown-footprint");
    expect(found.suggestions[0]).toBe("Resistor_SMD:R_0603_1608Metric");
    expect(found.message).toContain("closest real footprints: Resistor_SMD:R_0603_1608Metric");
  });

  it("a right name in the wrong library points at the library that has it", async () => {
    const found = await catalog.resolve("Capacitor_SMD:R_0603_1608Metric");
    expect(found.ok).toBe(false);
    if (found.ok) return;
    expect(found.suggestions).toEqual(["Resistor_SMD:R_0603_1608Metric"]);
    expect(found.message).toContain("the name is right but the library is wrong");
    const lib = await catalog.resolve("Resistors_SMD:R_0805_2012Metric");
    expect(lib.ok === false && lib.problem).toBe("unknown-library");
    expect(lib.ok === false && lib.suggestions).toEqual(["Resistor_SMD:R_0805_2012Metric"]);
  });

  it("an empty Footprint field and an id without a library are findings, with the fix", async () => {
    const empty = await catalog.resolve("");
    expect(empty.ok === false && empty.problem).toBe("no-footprint");
    const bare = await catalog.resolve("SOIC-8_3.9x4.9mm_P1.27mm");
    expect(bare.ok === false && bare.problem).toBe("bad-id");
    expect(bare.ok === false && bare.suggestions).toEqual(["Package_SO:SOIC-8_3.9x4.9mm_P1.27mm"]);
  });

  it("on 60 seeded picks from the whole library: every id resolves, and one letter dropped is suggested back", async () => {
    const ids = await allFootprintIds(footprintDirs());
    expect(ids.length).toBeGreaterThan(10_000);
    const rnd = seeded(14);
    let suggestedBack = 0;
    for (let k = 0; k < 60; k++) {
      const id = ids[Math.floor(rnd() * ids.length)] as string;
      const found = await catalog.resolve(id);
      expect(found.ok, id).toBe(true);
      const colon = id.indexOf(":");
      const name = id.slice(colon + 1);
      const cut = 1 + Math.floor(rnd() * (name.length - 2));
      const wrong = `${id.slice(0, colon)}:${name.slice(0, cut)}${name.slice(cut + 1)}`;
      const miss = await catalog.resolve(wrong);
      if (miss.ok) continue; // dropping a letter can land on another real footprint
      expect(miss.suggestions.length, wrong).toBeGreaterThan(0);
      if (miss.suggestions.includes(id)) suggestedBack++;
    }
    expect(suggestedBack).toBeGreaterThanOrEqual(50);
  });
});

/** A catalog for a project whose fp-lib-table points Resistor_SMD at `<dir>/<folder>/`. */
async function projectCatalog(
  dir: string,
  folder: string,
  descr: string,
): Promise<FootprintCatalog> {
  const row = `(lib (name "Resistor_SMD")(type "KiCad")(uri "\${KIPRJMOD}/${folder}/Resistor_SMD.pretty")(options "")(descr "${descr}"))`;
  await writeFile(join(dir, "fp-lib-table"), `(fp_lib_table\n\t(version 7)\n\t${row}\n)\n`);
  const table = await readProjectTable(dir, process.env);
  return FootprintCatalog.fromEnv(process.env, table.libraries);
}

describe("the project's fp-lib-table", () => {
  it("shadows the installed library of the same nickname, as KiCad resolves it", async () => {
    const temp = await makeTempDir();
    temps.push(temp);
    await mkdir(temp.path("mine/Resistor_SMD.pretty"), { recursive: true });
    await cp(
      join(footprintDirs()[0] as string, "Resistor_SMD.pretty/R_0805_2012Metric.kicad_mod"),
      temp.path("mine/Resistor_SMD.pretty/R_0805_2012Metric.kicad_mod"),
    );
    const project = await projectCatalog(temp.dir, "mine", "mine");
    const own = await project.resolve("Resistor_SMD:R_0805_2012Metric");
    expect(own.ok && own.footprint.file).toBe(
      join(temp.dir, "mine/Resistor_SMD.pretty/R_0805_2012Metric.kicad_mod"),
    );
    // Not in the person's copy: KiCad would not find it either, so neither do we.
    const missing = await project.resolve("Resistor_SMD:R_0603_1608Metric");
    expect(missing.ok).toBe(false);
  });

  it("a row copperhead vendored falls back to the installed library for footprints added since", async () => {
    const temp = await makeTempDir();
    temps.push(temp);
    await mkdir(temp.path("footprints/Resistor_SMD.pretty"), { recursive: true });
    const project = await projectCatalog(temp.dir, "footprints", "copperhead vendored footprints");
    const found = await project.resolve("Resistor_SMD:R_0603_1608Metric");
    expect(found.ok && found.footprint.library.source).toBe("installed");
  });
});
