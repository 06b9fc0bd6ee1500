import { describe, expect, it } from "vitest";
import { seeded } from "../../../../../bench/draft-route.js";
import type { Direction } from "../../../../../engine/kicad/draft/drawing.js";
import { topLeftFields } from "../../../../../engine/kicad/draft/layout/host-fields.js";
import { rectsOverlap } from "../../../../../engine/kicad/geometry/rect.js";

const G = 2.54;
type Pin = { offset: { x: number; y: number }; outward: Direction };

/** A body (pin lines included, as unitGeometry boxes it) with pins on all four sides. */
function partWithPinsAllRound(random: () => number) {
  const w = (2 + Math.floor(random() * 8)) * G;
  const h = (2 + Math.floor(random() * 8)) * G;
  const body = { minX: -w, minY: -h, maxX: w, maxY: h };
  const pins: Pin[] = [];
  const along = (n: number) => (Math.floor(random() * (2 * n - 1)) - (n - 1)) * G;
  for (const outward of ["left", "right", "up", "down"] as const)
    for (let i = 0; i < 1 + Math.floor(random() * 3); i++) {
      const horizontal = outward === "left" || outward === "right";
      const x = horizontal ? (outward === "left" ? -w : w) : along(w / G);
      const y = horizontal ? along(h / G) : outward === "up" ? -h : h;
      pins.push({ offset: { x, y }, outward });
    }
  return { body, pins };
}

/**
 * The pin's wire out of the body, a long way along its line, with the room a name on it takes:
 * a label's text stands 1.86 mm over its wire, and a reader needs a gap beyond that.
 */
function wireOut(p: Pin) {
  const far = 200;
  const end = {
    left: { x: p.offset.x - far, y: p.offset.y },
    right: { x: p.offset.x + far, y: p.offset.y },
    up: { x: p.offset.x, y: p.offset.y - far },
    down: { x: p.offset.x, y: p.offset.y + far },
  }[p.outward];
  const pen = 2.2;
  return {
    minX: Math.min(p.offset.x, end.x) - pen,
    minY: Math.min(p.offset.y, end.y) - pen,
    maxX: Math.max(p.offset.x, end.x) + pen,
    maxY: Math.max(p.offset.y, end.y) + pen,
  };
}

describe("fields of a part with pins on every side (the estimate's fallback)", () => {
  it("leave every pin's wire room for its name, over 300 generated parts", () => {
    const random = seeded(45);
    for (let n = 0; n < 300; n++) {
      const { body, pins } = partWithPinsAllRound(random);
      const f = topLeftFields(body, pins, "U1", "MCP73832-3-MC");
      for (const box of f.boxes) {
        expect(rectsOverlap(box, body, 0)).toBe(false);
        for (const p of pins) expect(rectsOverlap(box, wireOut(p), 0)).toBe(false);
      }
    }
  });
});
