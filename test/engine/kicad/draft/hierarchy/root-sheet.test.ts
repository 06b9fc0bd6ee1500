import { describe, expect, it } from "vitest";
import {
  emitRootSheet,
  pinSides,
  type RootSheetSymbol,
} from "../../../../../engine/kicad/draft/hierarchy/root-sheet.js";
import {
  child,
  children,
  numberAt,
  type SList,
  textAt,
} from "../../../../../engine/kicad/sexp/node.js";

/** A small deterministic PRNG so the generated cases are the same on every run. */
function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** Sheets in a chain with a few random nets joining random pairs or triples of them. */
function generated(seed: number): RootSheetSymbol[] {
  const rand = prng(seed);
  const count = 2 + Math.floor(rand() * 4);
  const sheets: RootSheetSymbol[] = Array.from({ length: count }, (_, i) => ({
    name: `S${i}`,
    file: `s${i}.kicad_sch`,
    uuid: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
    page: String(i + 2),
    pins: [],
  }));
  const nets = 1 + Math.floor(rand() * 6);
  for (let n = 0; n < nets; n++) {
    const on = sheets.filter(() => rand() < 0.5);
    if (on.length < 2) continue;
    for (const s of on) s.pins.push({ name: `P${n}`, net: `N${n}` });
  }
  return sheets;
}

const root = (sheets: RootSheetSymbol[]) => ({
  project: "t",
  uuid: "00000000-0000-4000-8000-000000000001",
  title: "t",
  date: "2026-01-01",
  comments: [],
  sheets,
});

describe("pinSides", () => {
  it("puts a net coming from earlier sheets on the left and one going on on the right", () => {
    const [a, b, c] = [0, 1, 2].map((i) => ({
      name: `S${i}`,
      file: `s${i}.kicad_sch`,
      uuid: `u${i}`,
      page: String(i + 2),
      pins: [] as RootSheetSymbol["pins"],
    }));
    a?.pins.push({ name: "OUT", net: "AB" });
    b?.pins.push({ name: "IN", net: "AB" }, { name: "OUT", net: "BC" });
    c?.pins.push({ name: "IN", net: "BC" });
    a?.pins.push({ name: "BUS", net: "ALL" });
    b?.pins.push({ name: "BUS", net: "ALL" });
    c?.pins.push({ name: "BUS", net: "ALL" });
    expect(pinSides([a, b, c] as RootSheetSymbol[])).toEqual([
      ["right", "right"],
      ["left", "right", "right"],
      ["left", "left"],
    ]);
  });

  it("over 200 generated roots: a pin is left exactly when all its net's other sheets come before", () => {
    let lefts = 0;
    for (let seed = 0; seed < 200; seed++) {
      const sheets = generated(seed);
      const sides = pinSides(sheets);
      sheets.forEach((s, i) => {
        s.pins.forEach((p, k) => {
          const others = sheets.flatMap((o, j) =>
            j !== i && o.pins.some((q) => q.net === p.net) ? [j] : [],
          );
          const expected = others.length > 0 && Math.max(...others) < i ? "left" : "right";
          expect(sides[i]?.[k]).toBe(expected);
          if (expected === "left") lefts++;
        });
      });
    }
    // The generator must exercise both sides, or the loop above proves nothing about "left".
    expect(lefts).toBeGreaterThan(50);
  });
});

function sheetGeometry(tree: SList) {
  return children(tree, "sheet").map((sheet) => {
    const at = child(sheet, "at");
    const size = child(sheet, "size");
    const x = numberAt(at, 1) ?? Number.NaN;
    const width = numberAt(size, 1) ?? Number.NaN;
    return {
      x,
      y: numberAt(at, 2) ?? Number.NaN,
      width,
      height: numberAt(size, 2) ?? Number.NaN,
      pins: children(sheet, "pin").map((pin) => {
        const pinAt = child(pin, "at");
        return {
          name: textAt(pin, 1),
          x: numberAt(pinAt, 1),
          y: numberAt(pinAt, 2),
          angle: numberAt(pinAt, 3),
        };
      }),
    };
  });
}

describe("emitRootSheet", () => {
  it("over 200 generated roots: each pin sits on the edge pinSides names, its wire and label outside the box, no two pins of a sheet at one point", () => {
    for (let seed = 0; seed < 200; seed++) {
      const sheets = generated(seed);
      const sides = pinSides(sheets);
      const out = emitRootSheet(root(sheets));
      expect(out).toBeDefined();
      if (!out) continue;
      const geometry = sheetGeometry(out.tree);
      expect(geometry).toHaveLength(sheets.length);
      const wires = children(out.tree, "wire").map((w) => {
        const pts = children(child(w, "pts") as SList, "xy");
        return pts.map((p) => [numberAt(p, 1), numberAt(p, 2)]);
      });
      const labels = children(out.tree, "label").map((l) => child(l, "at"));
      geometry.forEach((g, i) => {
        const seen = new Set<string>();
        g.pins.forEach((pin, k) => {
          const left = sides[i]?.[k] === "left";
          expect(pin.x).toBeCloseTo(left ? g.x : g.x + g.width, 6);
          expect(pin.angle).toBe(left ? 180 : 0);
          expect(pin.y).toBeGreaterThan(g.y);
          expect(pin.y).toBeLessThan(g.y + g.height);
          const key = `${pin.x},${pin.y}`;
          expect(seen.has(key)).toBe(false);
          seen.add(key);
          const wire = wires.find((w) => w.some(([x, y]) => x === pin.x && y === pin.y));
          expect(wire).toBeDefined();
          const far = wire?.find(([x]) => x !== pin.x)?.[0] ?? Number.NaN;
          expect(left ? far < g.x : far > g.x + g.width).toBe(true);
          expect(labels.some((l) => numberAt(l, 1) === far && numberAt(l, 2) === pin.y)).toBe(true);
        });
      });
      // Boxes with their label room never overlap: a left label must not reach the sheet before.
      for (let i = 1; i < geometry.length; i++) {
        const a = geometry[i - 1];
        const b = geometry[i];
        if (!a || !b || Math.abs(a.y - b.y) > 1e-6) continue;
        expect(b.x).toBeGreaterThan(a.x + a.width);
      }
    }
  });
});
