import { describe, expect, it } from "vitest";
import {
  emitRootSheet,
  flowOrder,
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

/**
 * Sheets in a chain with a few random nets joining random pairs or triples of them; on about
 * half the nets one sheet drives the others (its pin `out`, theirs `in`).
 */
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
    const driver = rand() < 0.5 ? Math.floor(rand() * on.length) : -1;
    on.forEach((s, i) => {
      const flow = driver < 0 ? undefined : i === driver ? "out" : "in";
      s.pins.push({ name: `P${n}`, net: `N${n}`, ...(flow ? { flow } : {}) });
    });
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

  it("puts a signal that arrives on the left and one that leaves on the right, wherever the sheets are", () => {
    const sheet = (name: string, pins: RootSheetSymbol["pins"]): RootSheetSymbol => ({
      name,
      file: `${name}.kicad_sch`,
      uuid: name,
      page: "2",
      pins,
    });
    // The reader comes first in the plan, yet its pin faces left: the signal comes in.
    const reader = sheet("MCU", [{ name: "SENSE", net: "SENSE", flow: "in" }]);
    const front = sheet("Front end", [{ name: "SENSE", net: "SENSE", flow: "out" }]);
    expect(pinSides([reader, front])).toEqual([["left"], ["right"]]);
  });

  it("over 200 generated roots: a typed pin goes by its flow, any other is left exactly when all its net's other sheets come before", () => {
    let lefts = 0;
    let typed = 0;
    for (let seed = 0; seed < 200; seed++) {
      const sheets = generated(seed);
      const sides = pinSides(sheets);
      sheets.forEach((s, i) => {
        s.pins.forEach((p, k) => {
          const others = sheets.flatMap((o, j) =>
            j !== i && o.pins.some((q) => q.net === p.net) ? [j] : [],
          );
          const byOrder = others.length > 0 && Math.max(...others) < i ? "left" : "right";
          const expected = p.flow ? (p.flow === "in" ? "left" : "right") : byOrder;
          if (p.flow && expected !== byOrder) typed++;
          expect(sides[i]?.[k]).toBe(expected);
          if (expected === "left") lefts++;
        });
      });
    }
    // The generator must exercise both sides and flows that overrule the order, or the loop
    // above proves nothing about them.
    expect(lefts).toBeGreaterThan(50);
    expect(typed).toBeGreaterThan(20);
  });
});

/** Driver → load edges between sheets, by index. */
function flowEdges(sheets: readonly RootSheetSymbol[]): [number, number][] {
  const edges: [number, number][] = [];
  sheets.forEach((a, i) => {
    for (const p of a.pins.filter((x) => x.flow === "out"))
      sheets.forEach((b, j) => {
        if (j !== i && b.pins.some((q) => q.net === p.net && q.flow === "in")) edges.push([i, j]);
      });
  });
  return edges;
}

function acyclic(count: number, edges: readonly [number, number][]): boolean {
  const state = new Array<number>(count).fill(0);
  const visit = (n: number): boolean => {
    if (state[n] === 1) return false;
    if (state[n] === 2) return true;
    state[n] = 1;
    const ok = edges.filter(([a]) => a === n).every(([, b]) => visit(b));
    state[n] = 2;
    return ok;
  };
  return state.every((_, n) => visit(n));
}

describe("flowOrder", () => {
  it("over 200 generated roots: every sheet once, drivers before the sheets they feed when the flow has no loop, the plan's order otherwise kept", () => {
    let moved = 0;
    let loops = 0;
    for (let seed = 0; seed < 200; seed++) {
      const sheets = generated(seed);
      const ordered = flowOrder(sheets);
      expect([...ordered].sort((a, b) => a.name.localeCompare(b.name))).toEqual(
        [...sheets].sort((a, b) => a.name.localeCompare(b.name)),
      );
      const edges = flowEdges(sheets);
      if (edges.length === 0) expect(ordered).toEqual(sheets);
      if (!acyclic(sheets.length, edges)) {
        loops++;
        continue;
      }
      const at = (i: number) => ordered.indexOf(sheets[i] as RootSheetSymbol);
      for (const [a, b] of edges) expect(at(a), `seed ${seed}`).toBeLessThan(at(b));
      // Kahn's order with the earliest free sheet first: a sheet goes after one of the plan's
      // later sheets only when, as that one was taken, a driver of it was still to come.
      for (let k = 1; k < ordered.length; k++) {
        const prev = sheets.indexOf(ordered[k - 1] as RootSheetSymbol);
        const here = sheets.indexOf(ordered[k] as RootSheetSymbol);
        if (here > prev) continue;
        moved++;
        expect(
          edges.some(([x, y]) => y === here && at(x) >= k - 1),
          `seed ${seed}`,
        ).toBe(true);
      }
    }
    expect(moved).toBeGreaterThan(10);
    expect(loops).toBeGreaterThan(0);
  });
});

function sheetGeometry(tree: SList) {
  return children(tree, "sheet").map((sheet) => {
    const at = child(sheet, "at");
    const size = child(sheet, "size");
    const x = numberAt(at, 1) ?? Number.NaN;
    const width = numberAt(size, 1) ?? Number.NaN;
    const named = children(sheet, "property").find((p) => textAt(p, 1) === "Sheetname");
    return {
      name: named ? textAt(named, 2) : undefined,
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
      const planned = generated(seed);
      // Placed along the flow: geometry comes in that order.
      const sheets = flowOrder(planned);
      const sides = pinSides(sheets);
      const out = emitRootSheet(root(planned));
      expect(out).toBeDefined();
      if (!out) continue;
      // KiCad's save order lists sheets by uuid: put them back in the order they were placed.
      const drawn = sheetGeometry(out.tree);
      const geometry = sheets.map((s) => drawn.find((g) => g.name === s.name));
      expect(drawn).toHaveLength(sheets.length);
      const wires = children(out.tree, "wire").map((w) => {
        const pts = children(child(w, "pts") as SList, "xy");
        return pts.map((p) => [numberAt(p, 1), numberAt(p, 2)]);
      });
      const labels = children(out.tree, "label").map((l) => child(l, "at"));
      geometry.forEach((g, i) => {
        if (!g) throw new Error(`sheet ${sheets[i]?.name} not drawn`);
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
