import { describe, expect, test } from "vitest";
import { boxOf } from "../../../../engine/kicad/symbol/geometry.js";
import type { Graphic } from "../../../../engine/kicad/symbol/graphic.js";
import { graphicOutline } from "../../../../engine/kicad/symbol/graphic-outline.js";

const arc = (start: [number, number], mid: [number, number], end: [number, number]): Graphic => ({
  kind: "arc",
  start: { x: start[0], y: start[1] },
  mid: { x: mid[0], y: mid[1] },
  end: { x: end[0], y: end[1] },
  center: undefined,
});

const rounded = (box: ReturnType<typeof boxOf>) =>
  Object.fromEntries(Object.entries(box).map(([k, v]) => [k, Math.round(v * 1e6) / 1e6 + 0]));

describe("graphic outlines bound the drawn shape", () => {
  test("an upper half circle reaches its top, not its bottom", () => {
    expect(rounded(boxOf(graphicOutline(arc([1, 0], [0, 1], [-1, 0]))))).toEqual({
      minX: -1,
      minY: 0,
      maxX: 1,
      maxY: 1,
    });
  });

  test("the same ends through the other side give the lower half", () => {
    expect(rounded(boxOf(graphicOutline(arc([1, 0], [0, -1], [-1, 0]))))).toEqual({
      minX: -1,
      minY: -1,
      maxX: 1,
      maxY: 0,
    });
  });

  test("a quarter arc is bounded by its ends", () => {
    const s = Math.SQRT1_2;
    expect(rounded(boxOf(graphicOutline(arc([1, 0], [s, s], [0, 1]))))).toEqual({
      minX: 0,
      minY: 0,
      maxX: 1,
      maxY: 1,
    });
  });

  test("a three-quarter arc passes three extreme points", () => {
    const s = Math.SQRT1_2;
    expect(rounded(boxOf(graphicOutline(arc([1, 0], [-s, s], [0, -1]))))).toEqual({
      minX: -1,
      minY: -1,
      maxX: 1,
      maxY: 1,
    });
  });

  test("a circle and a rectangle", () => {
    expect(
      boxOf(
        graphicOutline({
          kind: "circle",
          center: { x: 1, y: 2 },
          radius: 3,
          strokeWidth: 0,
          fill: "none",
        }),
      ),
    ).toEqual({ minX: -2, minY: -1, maxX: 4, maxY: 5 });
    expect(
      boxOf(
        graphicOutline({
          kind: "rectangle",
          start: { x: 2, y: -1 },
          end: { x: -2, y: 1 },
          strokeWidth: 0,
          fill: "none",
        }),
      ),
    ).toEqual({ minX: -2, minY: -1, maxX: 2, maxY: 1 });
  });
});
