import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { draftSchematic } from "../../../../engine/kicad/draft/draft-schematic.js";
import type { SymbolCatalog } from "../../../../engine/kicad/library/symbol-catalog.js";
import { child, children, numberAt, textAt } from "../../../../engine/kicad/sexp/node.js";
import { parseSexp } from "../../../../engine/kicad/sexp/parse.js";
import { REPO_ROOT } from "../../../helpers/fixture-project.js";
import type { TempDir } from "../../../helpers/temp-dir.js";
import { smallCatalog } from "./library-fixture.js";

let catalog: SymbolCatalog;
let libs: TempDir;

beforeAll(async () => {
  ({ catalog, dir: libs } = await smallCatalog());
});
afterAll(() => libs.remove());

describe("a local net wired along a pin's line (USB-C CC1: J1 to R1)", () => {
  it("is named on its run between the two parts, not on a stub dangling past them", async () => {
    const intent = JSON.parse(
      await readFile(`${REPO_ROOT}/examples/intents/usb-c-breakout.intent.json`, "utf8"),
    );
    const result = await draftSchematic({
      intent,
      sheetPath: "/nonexistent/usb-c-breakout.kicad_sch",
      catalog,
    });
    if (!result.ok) throw new Error(JSON.stringify(result.findings));
    const tree = parseSexp(result.files.sheet.text);
    const key = (x: number, y: number) => `${x.toFixed(2)},${y.toFixed(2)}`;
    const ends = new Map<string, number>();
    for (const w of children(tree, "wire")) {
      const pts = child(w, "pts");
      if (!pts) throw new Error("a wire without pts");
      for (const xy of children(pts, "xy")) {
        const k = key(numberAt(xy, 1) ?? Number.NaN, numberAt(xy, 2) ?? Number.NaN);
        ends.set(k, (ends.get(k) ?? 0) + 1);
      }
    }
    const cc1 = children(tree, "label").filter((l) => textAt(l, 1) === "CC1");
    expect(cc1).toHaveLength(1);
    const label = cc1[0];
    const at = label && child(label, "at");
    if (!at) throw new Error("the CC1 label has no position");
    // Two wire ends meet at the label: it sits on the run, which goes on past it.
    expect(ends.get(key(numberAt(at, 1) ?? Number.NaN, numberAt(at, 2) ?? Number.NaN))).toBe(2);
  });
});
