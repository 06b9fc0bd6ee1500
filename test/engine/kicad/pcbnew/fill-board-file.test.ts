import { copyFile, readFile, writeFile } from "node:fs/promises";
import { basename, join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { loadBoard } from "../../../../engine/kicad/board/load-board.js";
import { clearDesign } from "../../../../engine/kicad/cli/cleared-design.js";
import { fillBoardFile } from "../../../../engine/kicad/pcbnew/fill-board-file.js";
import {
  child,
  children,
  childText,
  headOf,
  list,
  type SList,
} from "../../../../engine/kicad/sexp/node.js";
import { parseSexp } from "../../../../engine/kicad/sexp/parse.js";
import { writeSexp } from "../../../../engine/kicad/sexp/write.js";
import { makeTempDir, type TempDir } from "../../../helpers/temp-dir.js";

// pcbnew loads and fills two demo boards, twice each: tens of seconds on a loaded machine.
vi.setConfig({ testTimeout: 300_000 });

const temps: TempDir[] = [];
afterAll(() => Promise.all(temps.map((t) => t.remove())));

const DEMOS = "/usr/share/kicad/demos";

/** Shoelace area of a zone's filled polygons, mm². */
function filledArea(zone: SList): number {
  let total = 0;
  for (const poly of children(zone, "filled_polygon")) {
    const pts = children(child(poly, "pts") as SList, "xy").map((xy) => [
      Number(childText(list([xy]), "xy", 1)),
      Number(childText(list([xy]), "xy", 2)),
    ]);
    let a = 0;
    pts.forEach(([x, y], i) => {
      const [u, v] = pts[(i + 1) % pts.length] as number[];
      a += (x as number) * (v as number) - (u as number) * (y as number);
    });
    total += Math.abs(a) / 2;
  }
  return total;
}

const withoutFills = (tree: SList) =>
  list(
    tree.items.map((item) =>
      item.kind === "list" && headOf(item) === "zone"
        ? list(item.items.filter((z) => !(z.kind === "list" && headOf(z) === "filled_polygon")))
        : item,
    ),
  );

/** The board without what filling changes: zones' filled polygons and `(fill …)` flags. */
const unfilledView = (tree: SList) =>
  list(
    tree.items.map((item) =>
      item.kind === "list" && headOf(item) === "zone"
        ? list(
            item.items.filter(
              (z) => !(z.kind === "list" && ["filled_polygon", "fill"].includes(headOf(z) ?? "")),
            ),
          )
        : item,
    ),
  );

const textOfFill = (zone: SList) => writeSexp(child(zone, "fill") as SList).trim();

const areas = (tree: SList) =>
  new Map(children(tree, "zone").map((z) => [childText(z, "uuid") ?? "", filledArea(z)]));

describe("fillBoardFile: any board, filled by pcbnew, written by us", () => {
  // ecc83 renames its layers (B.Cu is "bottom_cu") and keeps legacy uuids; custom_pads_test
  // has seven zones, so every fill must find its own zone.
  for (const demo of ["ecc83/ecc83-pp", "custom_pads_test/custom_pads_test"]) {
    it(`${demo}: its pour stripped, the fill comes back as KiCad stored it, the rest of the board untouched`, async () => {
      const temp = await makeTempDir();
      temps.push(temp);
      const name = basename(demo);
      const original = parseSexp(await readFile(join(DEMOS, `${demo}.kicad_pcb`), "utf8"));
      const board = temp.path(`${name}.kicad_pcb`);
      await writeFile(board, writeSexp(withoutFills(original)));
      await copyFile(join(DEMOS, `${demo}.kicad_pro`), temp.path(`${name}.kicad_pro`));

      const out = temp.path("filled.kicad_pcb");
      const { cleared } = await clearDesign({ board });
      const zones = await fillBoardFile(cleared, out);
      const text = await readFile(out, "utf8");
      const filled = parseSexp(text);
      expect(zones).toBe(
        children(original, "zone").filter((z) => child(z, "keepout") === undefined).length,
      );
      expect(zones).toBeGreaterThan(0);
      expect([...areas(filled).values()].reduce((a, b) => a + b, 0)).toBeGreaterThan(100);
      // KiCad's own fill of the same board, within 1 % per zone.
      const want = areas(original);
      for (const [uuid, area] of areas(filled)) {
        const stored = want.get(uuid) as number;
        expect(Math.abs(area - stored), `zone ${uuid}`).toBeLessThanOrEqual(stored * 0.01 + 0.01);
      }
      expect(writeSexp(unfilledView(filled))).toBe(writeSexp(unfilledView(original)));
      for (const zone of children(filled, "zone"))
        if (child(zone, "keepout") === undefined)
          expect(textOfFill(zone), childText(zone, "uuid")).toMatch(/^\(fill yes\b/);
      // The file's layer names, and KiCad reads the copy back with its fill.
      expect(text).not.toMatch(/\(layer "bottom_cu"\)/);
      const loaded = await loadBoard(out);
      expect(loaded.zones.some((z) => z.filled.length > 0)).toBe(true);
      // Same board, same bytes.
      await fillBoardFile(cleared, temp.path("again.kicad_pcb"));
      expect(await readFile(temp.path("again.kicad_pcb"), "utf8")).toBe(text);
    });
  }
});
