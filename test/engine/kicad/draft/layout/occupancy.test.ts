import { describe, expect, it } from "vitest";
import {
  Occupancy,
  type Shape,
  shapesClash,
} from "../../../../../engine/kicad/draft/layout/occupancy.js";

const box = (minX: number, minY: number, maxX: number, maxY: number) => ({
  minX,
  minY,
  maxX,
  maxY,
});
const text = (b: Shape["box"], owner?: string): Shape => ({
  kind: "text",
  measure: "exact",
  box: b,
  ...(owner ? { owner } : {}),
});

describe("shapesClash", () => {
  it("keeps texts just clear of each other and bodies a quarter-grid away", () => {
    expect(shapesClash(text(box(0, 0, 2, 1)), text(box(2.05, 0, 4, 1)), "exact")).toBe(true);
    expect(shapesClash(text(box(0, 0, 2, 1)), text(box(2.15, 0, 4, 1)), "exact")).toBe(false);
    const body = (b: Shape["box"]): Shape => ({ kind: "body", box: b });
    expect(shapesClash(body(box(0, 0, 2, 2)), body(box(2.6, 0, 4, 2)), "exact")).toBe(true);
    expect(shapesClash(body(box(0, 0, 2, 2)), body(box(2.7, 0, 4, 2)), "exact")).toBe(false);
  });

  it("never blocks a pin's own shapes, nor its wire on its own body or stacks", () => {
    expect(shapesClash(text(box(0, 0, 2, 1), "U1.1"), text(box(0, 0, 2, 1), "U1.1"), "exact")).toBe(
      false,
    );
    const wire: Shape = { kind: "wire", box: box(0, 0, 10, 0), owner: "U1.1", passes: "U1.1" };
    const stack: Shape = { kind: "body", box: box(5, -1, 6, 1), owner: "U1.1#0" };
    expect(shapesClash(wire, stack, "exact")).toBe(false);
    expect(shapesClash(wire, { ...stack, owner: "U1.2#0" }, "exact")).toBe(true);
    expect(shapesClash(wire, { kind: "host", box: box(-5, -5, 1, 5) }, "exact")).toBe(false);
  });

  it("lets power graphics touch side by side (GND triangles on pins 2.54 mm apart)", () => {
    const mark = (x: number): Shape => ({ kind: "mark", box: box(x - 1.27, 0, x + 1.27, 2.54) });
    expect(shapesClash(mark(0), mark(2.54), "exact")).toBe(false);
    expect(shapesClash(mark(0), mark(2.4), "exact")).toBe(true);
  });

  it("under the estimate, keeps everything 0.625 mm apart whoever drew it", () => {
    const a: Shape = { kind: "body", measure: "estimate", box: box(0, 0, 1, 1), owner: "U1.1" };
    const b: Shape = { ...a, box: box(1.6, 0, 2, 1) };
    expect(shapesClash(a, b, "estimate")).toBe(true);
    expect(shapesClash(a, { ...b, box: box(1.7, 0, 2, 1) }, "estimate")).toBe(false);
  });
});

describe("Occupancy", () => {
  it("counts only its own measure, takes lanes back, and names who is in the way", () => {
    const occ = new Occupancy("exact");
    occ.add(
      { kind: "lane", owner: "U1.2", box: box(0, 5, 100, 5) },
      { kind: "body", measure: "estimate", owner: "U1.3", box: box(0, 0, 100, 100) },
    );
    const label = text(box(10, 4, 14, 5.5), "U1.1");
    expect(occ.blockers([label])).toEqual(["U1.2"]);
    occ.remove("U1.2", "lane");
    expect(occ.clear([label])).toBe(true);
    // The estimate box only blocks under the estimate.
    expect(occ.clear([{ ...label, measure: "estimate", kind: "body" }], "estimate")).toBe(false);
  });

  it("gives the router the estimate and bodies, never a stack's whole area or lanes", () => {
    const occ = new Occupancy("estimate");
    occ.add(
      { kind: "host", box: box(0, 0, 10, 10) },
      { kind: "lane", owner: "U1.1", box: box(10, 5, 400, 5) },
      { kind: "body", measure: "estimate", box: box(12, 0, 20, 4), pin: "U1.1" },
      { kind: "text", measure: "exact", box: box(12, 0, 19, 3) },
      { kind: "body", measure: "estimate", box: box(12, 6, 30, 20), area: true, owner: "U1.1#0" },
    );
    expect(occ.obstacles()).toEqual([
      { box: box(0, 0, 10, 10) },
      { pin: "U1.1", box: box(12, 0, 20, 4) },
    ]);
    expect(occ.bounds()).toEqual(box(0, 0, 30, 20));
  });
});
