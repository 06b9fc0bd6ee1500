import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { carriedFootprintTable } from "../../../../engine/kicad/draft/footprint-table.js";
import { children, childText } from "../../../../engine/kicad/sexp/node.js";
import { parseSexp } from "../../../../engine/kicad/sexp/parse.js";
import { DEMO_DIR } from "../../../helpers/demo-corpus.js";
import { makeTempDir, type TempDir } from "../../../helpers/temp-dir.js";

const ECC83 = `${DEMO_DIR}/ecc83/ecc83-pp.kicad_sch`;

function rows(text: string | undefined): { name?: string; uri?: string }[] {
  return children(parseSexp(text ?? "(fp_lib_table)", { file: "fp-lib-table" }), "lib").map(
    (row) => ({ name: childText(row, "name"), uri: childText(row, "uri") }),
  );
}

let tmp: TempDir;
beforeAll(async () => {
  tmp = await makeTempDir();
});
afterAll(() => tmp.remove());

describe("carriedFootprintTable", () => {
  it("re-points a used project library relative to a folder inside the project", async () => {
    const table = await carriedFootprintTable(ECC83, `${DEMO_DIR}/ecc83/redraft`, [
      "Footprints:Valve_ECC-83-1",
      "Resistor_THT:R_Axial_DIN0207_L6.3mm_D2.5mm_P7.62mm_Horizontal",
    ]);
    expect(rows(table)).toEqual([{ name: "Footprints", uri: `\${KIPRJMOD}/../footprints.pretty` }]);
  });

  it("uses the original folder's absolute path from elsewhere", async () => {
    const table = await carriedFootprintTable(ECC83, tmp.dir, ["Footprints:Valve_ECC-83-1"]);
    expect(rows(table)).toEqual([
      { name: "Footprints", uri: `${DEMO_DIR}/ecc83/footprints.pretty` },
    ]);
  });

  it("is undefined when no used footprint needs a project library, or there is no table", async () => {
    expect(await carriedFootprintTable(ECC83, tmp.dir, ["Resistor_THT:R_Axial"])).toBeUndefined();
    expect(
      await carriedFootprintTable(tmp.path("none.kicad_sch"), tmp.dir, ["Footprints:X"]),
    ).toBeUndefined();
  });
});
