import { describe, expect, it } from "vitest";
import type {
  RoutedNet,
  RouteRequest,
} from "../../../../../engine/kicad/draft/route/route-nets.js";
import { checkKicadRules } from "./kicad-rules.js";

// The checker must fail on each defect it exists to catch, or the router's tests prove nothing.
const bounds = { minX: -50, minY: -50, maxX: 50, maxY: 50 };
const pt = (x: number, y: number) => ({ x, y });
const request = (
  nets: [string, [number, number][]][],
  obstacles: RouteRequest["obstacles"] = [],
) => ({
  nets: nets.map(([name, at]) => ({
    name,
    terminals: at.map(([x, y], k) => ({ pin: `${name}.${k + 1}`, at: pt(x, y) })),
  })),
  obstacles,
  bounds,
});
const routed = (
  name: string,
  wires: [number, number, number, number][],
  junctions: [number, number][] = [],
  components: string[][] = [],
): RoutedNet => ({
  name,
  wires: wires.map(([ax, ay, bx, by]) => ({ a: pt(ax, ay), b: pt(bx, by) })),
  junctions: junctions.map(([x, y]) => pt(x, y)),
  components,
});

describe("checkKicadRules (the test oracle)", () => {
  it("passes a clean T with its junction and joins its three terminals", () => {
    const req = request([
      [
        "N",
        [
          [0, 0],
          [10.16, 0],
          [5.08, 5.08],
        ],
      ],
    ]);
    const r = routed(
      "N",
      [
        [0, 0, 5.08, 0],
        [5.08, 0, 10.16, 0],
        [5.08, 0, 5.08, 5.08],
      ],
      [[5.08, 0]],
    );
    const report = checkKicadRules(req, [r]);
    expect(report.defects).toEqual([]);
    expect(report.joined.get("N")).toEqual([["N.1", "N.2", "N.3"]]);
  });

  it("flags a wire end on another wire's middle and does not join across it", () => {
    const req = request([
      [
        "N",
        [
          [0, 0],
          [10.16, 0],
          [5.08, 5.08],
        ],
      ],
    ]);
    const r = routed("N", [
      [0, 0, 10.16, 0],
      [5.08, 0, 5.08, 5.08],
    ]);
    const report = checkKicadRules(req, [r]);
    expect(report.defects.some((d) => d.includes("lies inside"))).toBe(true);
    expect(report.joined.get("N")).toHaveLength(2);
  });

  it("flags a missing junction, a spare junction and a dangling end", () => {
    const req = request([
      [
        "N",
        [
          [0, 0],
          [10.16, 0],
          [5.08, 5.08],
        ],
      ],
    ]);
    const r = routed(
      "N",
      [
        [0, 0, 5.08, 0],
        [5.08, 0, 10.16, 0],
        [5.08, 0, 5.08, 5.08],
        [0, 0, 0, -2.54],
      ],
      [[10.16, 0]],
    );
    const defects = checkKicadRules(req, [r]).defects.join("\n");
    expect(defects).toMatch(/without a junction/);
    expect(defects).toMatch(/fewer than 3 ends/);
    expect(defects).toMatch(/dangling/);
  });

  it("flags overlaps, two nets joined, and obstacles touched", () => {
    const req = request(
      [
        [
          "A",
          [
            [0, 0],
            [10.16, 0],
          ],
        ],
        [
          "B",
          [
            [10.16, 2.54],
            [0, 2.54],
          ],
        ],
      ],
      [{ box: { minX: 2, minY: -1, maxX: 3, maxY: 1 } }],
    );
    const a = routed("A", [[0, 0, 10.16, 0]]);
    const b = routed("B", [
      [10.16, 2.54, 10.16, 0],
      [10.16, 0, 0, 0],
      [0, 0, 0, 2.54],
    ]);
    const defects = checkKicadRules(req, [a, b]).defects.join("\n");
    expect(defects).toMatch(/overlap/);
    expect(defects).toMatch(/nets A and B are joined/);
    expect(defects).toMatch(/touches an obstacle/);
  });

  it("flags a label on a crossing, one crossed by another wire, and one without a wire", () => {
    const req = request([
      [
        "A",
        [
          [0, 0],
          [10.16, 0],
        ],
      ],
      [
        "B",
        [
          [5.08, -5.08],
          [5.08, 5.08],
        ],
      ],
    ]);
    const labelled = (at: [number, number], component = 0) => ({
      component,
      at: pt(at[0], at[1]),
      angle: 0 as const,
    });
    const a = {
      ...routed("A", [[0, 0, 10.16, 0]], [], [["A.1", "A.2"]]),
      labels: [labelled([5.08, 0])],
    };
    const b = routed("B", [[5.08, -5.08, 5.08, 5.08]], [], [["B.1", "B.2"]]);
    const withLabel = { ...req, nets: req.nets.map((n) => ({ ...n, label: { width: 5 } })) };
    const defects = checkKicadRules(withLabel, [a, b]).defects.join("\n");
    expect(defects).toMatch(/sits on another net's wire/);
    const left = { ...a, labels: [labelled([2.54, 0])] };
    expect(checkKicadRules(withLabel, [left, b]).defects.join("\n")).toMatch(/crossed by B wire/);
    const clear = { ...a, labels: [labelled([6.35, 0])] };
    expect(checkKicadRules(withLabel, [clear, b]).defects).toEqual([]);
    const nowhere = { ...a, labels: [labelled([6.35, 2.54])] };
    expect(checkKicadRules(withLabel, [nowhere, b]).defects.join("\n")).toMatch(
      /on none of its wires/,
    );
  });

  it("lets wires cross at right angles without joining them", () => {
    const req = request([
      [
        "A",
        [
          [0, 0],
          [10.16, 0],
        ],
      ],
      [
        "B",
        [
          [5.08, -5.08],
          [5.08, 5.08],
        ],
      ],
    ]);
    const report = checkKicadRules(req, [
      routed("A", [[0, 0, 10.16, 0]]),
      routed("B", [[5.08, -5.08, 5.08, 5.08]]),
    ]);
    expect(report.defects).toEqual([]);
    expect(report.joined.get("A")).toEqual([["A.1", "A.2"]]);
    expect(report.joined.get("B")).toEqual([["B.1", "B.2"]]);
  });
});
