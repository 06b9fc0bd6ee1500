import { writeFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  embeddedSymbols,
  withEmbeddedFallback,
} from "../../../../engine/kicad/draft/symbol-source.js";
import { SymbolCatalog } from "../../../../engine/kicad/library/symbol-catalog.js";
import { headOf, type SList, textAt } from "../../../../engine/kicad/sexp/node.js";
import { DEMO_DIR } from "../../../helpers/demo-corpus.js";
import { makeTempDir, type TempDir } from "../../../helpers/temp-dir.js";

const STICKHUB = `${DEMO_DIR}/stickhub/StickHub.kicad_sch`;
const ROYER = `${DEMO_DIR}/simulation/power_supplies/royer/royer1.kicad_sch`;

const unitNames = (tree: SList) =>
  tree.items
    .filter((i): i is SList => i.kind === "list" && headOf(i) === "symbol")
    .map((u) => textAt(u, 1));

let tmp: TempDir;
beforeAll(async () => {
  tmp = await makeTempDir();
});
afterAll(() => tmp.remove());

describe("embedded symbols", () => {
  it("finds a symbol placed with (lib_name …) under its lib_id", async () => {
    // StickHub places RobotProtos:Logo_3 with (lib_name "Logo_3"): its copy is named Logo_3.
    const embedded = await embeddedSymbols([STICKHUB]);
    expect(textAt(embedded.get("RobotProtos:Logo_3") as SList, 1)).toBe("Logo_3");
    const found = await withEmbeddedFallback(new SymbolCatalog([]), embedded).resolve(
      "RobotProtos:Logo_3",
    );
    expect(found.ok && found.symbol.name).toBe("Logo_3");
  });

  it("keeps the copy named by the lib_id when there is one (lib_name variants do not replace it)", async () => {
    // royer1 has Device:L_Small and three placed variants L_Small_1..3.
    const embedded = await embeddedSymbols([ROYER]);
    expect(textAt(embedded.get("Device:L_Small") as SList, 1)).toBe("Device:L_Small");
  });

  it("renames a lib_name copy and its unit sub-symbols to the lib_id's name", async () => {
    const sheet = tmp.path("variant.kicad_sch");
    await writeFile(
      sheet,
      `(kicad_sch (version 20250114) (generator "eeschema")
  (lib_symbols
    (symbol "Part_2" (property "Reference" "U" (at 0 0 0))
      (symbol "Part_2_0_1" (rectangle (start -1 -1) (end 1 1)))
      (symbol "Part_2_1_1" (pin passive line (at 0 2.54 270) (length 1.27) (name "~") (number "1")))))
  (symbol (lib_name "Part_2") (lib_id "Mine:Part") (at 50 50 0) (unit 1)))
`,
    );
    const found = await withEmbeddedFallback(
      new SymbolCatalog([]),
      await embeddedSymbols([sheet]),
    ).resolve("Mine:Part");
    if (!found.ok) throw new Error("Mine:Part comes from the embedded copy");
    expect(textAt(found.symbol.node, 1)).toBe("Part");
    expect(unitNames(found.symbol.node)).toEqual(["Part_0_1", "Part_1_1"]);
    expect(found.symbol.symbol.pins.map((p) => p.number)).toEqual(["1"]);
  });
});
