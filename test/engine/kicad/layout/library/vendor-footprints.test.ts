import { readFile, writeFile } from "node:fs/promises";
import { afterAll, describe, expect, it } from "vitest";
import { UsageError } from "../../../../../engine/errors.js";
import {
  type CatalogFootprint,
  FootprintCatalog,
} from "../../../../../engine/kicad/layout/library/footprint-catalog.js";
import { readProjectTable } from "../../../../../engine/kicad/layout/library/project-libraries.js";
import {
  planVendoring,
  writeVendoring,
} from "../../../../../engine/kicad/layout/library/vendor-footprints.js";
import { makeTempDir, type TempDir } from "../../../../helpers/temp-dir.js";

const catalog = FootprintCatalog.fromEnv();
const temps: TempDir[] = [];
afterAll(() => Promise.all(temps.map((t) => t.remove())));

// A person's table in KiCad 8's one-line layout: a disabled row of their own, and a row that
// points an installed nickname (LED_SMD) at KiCad's copy — that nickname is theirs.
const PERSON = `(fp_lib_table
  (version 7)
  (lib (name "MyParts")(type "KiCad")(uri "\${KIPRJMOD}/MyParts.pretty")(options "")(descr "hand-made")(disabled))
  (lib (name "LED_SMD")(type "KiCad")(uri "\${KICAD9_FOOTPRINT_DIR}/LED_SMD.pretty")(options "")(descr ""))
)
`;

async function used(ids: string[]): Promise<CatalogFootprint[]> {
  const out: CatalogFootprint[] = [];
  for (const id of ids) {
    const found = await catalog.resolve(id);
    if (!found.ok) throw new Error(found.message);
    out.push(found.footprint);
  }
  return out;
}

async function project(table: string | undefined): Promise<TempDir> {
  const temp = await makeTempDir();
  temps.push(temp);
  if (table !== undefined) await writeFile(temp.path("fp-lib-table"), table);
  return temp;
}

describe("vendoring footprints into the project", () => {
  it("merges rows into a person's table keeping their bytes, and leaves a nickname they use alone", async () => {
    const temp = await project(PERSON);
    const parts = await used(["Resistor_SMD:R_0603_1608Metric", "LED_SMD:LED_0603_1608Metric"]);
    const plan = await planVendoring(temp.dir, parts, await readProjectTable(temp.dir, {}));
    expect(plan.files.map((f) => f.path)).toEqual([
      temp.path("footprints/Resistor_SMD.pretty/R_0603_1608Metric.kicad_mod"),
    ]);
    const text = plan.table?.text ?? "";
    expect(text.startsWith(PERSON.slice(0, PERSON.lastIndexOf(")")).trimEnd())).toBe(true);
    expect(text).toContain(
      `  (lib (name "Resistor_SMD")(type "KiCad")(uri "\${KIPRJMOD}/footprints/Resistor_SMD.pretty")(options "")(descr "copperhead vendored footprints"))\n)`,
    );
    expect(text.match(/\(name "LED_SMD"\)/g)).toHaveLength(1);

    await writeVendoring(plan);
    expect(await readFile(temp.path("fp-lib-table"), "utf8")).toBe(text);
    // The second run reads back its own row: nothing left to write.
    const again = await planVendoring(temp.dir, parts, await readProjectTable(temp.dir, {}));
    expect(again).toEqual({ files: [], table: undefined });
  });

  it("starts a table when the project has none, and keeps rows of earlier runs", async () => {
    const temp = await project(undefined);
    await writeVendoring(
      await planVendoring(
        temp.dir,
        await used(["Capacitor_SMD:C_0402_1005Metric"]),
        await readProjectTable(temp.dir, {}),
      ),
    );
    const plan = await planVendoring(
      temp.dir,
      await used(["Resistor_SMD:R_0402_1005Metric"]),
      await readProjectTable(temp.dir, {}),
    );
    const rows = (await readProjectTable(temp.dir, {})).rows.map((r) => r.name);
    expect(rows).toEqual(["Capacitor_SMD"]);
    expect(plan.table?.text.match(/\(lib\b/g)).toHaveLength(2);
    expect(plan.table?.text).toMatch(/Capacitor_SMD[\s\S]*Resistor_SMD/);
  });

  it("refuses a table it cannot read instead of replacing it", async () => {
    for (const broken of ["(fp_lib_table (lib", "(sym_lib_table\n)\n"]) {
      const temp = await project(broken);
      await expect(readProjectTable(temp.dir, {})).rejects.toThrow(UsageError);
      expect(await readFile(temp.path("fp-lib-table"), "utf8")).toBe(broken);
    }
  });

  it("refuses a vendored row that points elsewhere rather than repointing it", async () => {
    const moved = `(fp_lib_table\n\t(version 7)\n\t(lib (name "Resistor_SMD")(type "KiCad")(uri "\${KIPRJMOD}/old/Resistor_SMD.pretty")(options "")(descr "copperhead vendored footprints"))\n)\n`;
    const temp = await project(moved);
    const table = await readProjectTable(temp.dir, {});
    await expect(
      planVendoring(temp.dir, await used(["Resistor_SMD:R_0603_1608Metric"]), table),
    ).rejects.toThrow(/cannot take the vendored footprint libraries.*points at/);
  });
});
