import { describe, expect, it } from "vitest";
import { BoardSpecError, boardSpec } from "../../../../../engine/kicad/layout/inputs/board-spec.js";
import { layoutConfigSchema } from "../../../../../engine/kicad/layout/inputs/layout-config.js";
import { configSchema } from "../../../../../engine/repo/config.js";

const config = (layout: unknown = {}) => layoutConfigSchema.parse(layout);

describe("the board spec", () => {
  it("defaults to 30 x 20 mm without holes, and says so", () => {
    const spec = boardSpec([], config());
    expect([spec.width, spec.height, spec.holes]).toEqual([30, 20, undefined]);
    expect(spec.sources).toEqual({ width: "default", height: "default", holes: "default" });
    expect([spec.grid, spec.spacing, spec.edgeMargin, spec.groundPour]).toEqual([
      0.25,
      0.5,
      0.5,
      true,
    ]);
  });

  it("takes constraints over the config, key by key; a bound alone is taken as the size", () => {
    const spec = boardSpec(
      [
        { key: "board.width_mm", max: 50, unit: "mm" },
        { key: "board.mounting_holes", value: "4 x M2.5" },
        { key: "board.edge.J1", value: "Top" },
        { key: "board.keepout.antenna", value: "0, 0, 8, 5" },
      ],
      config({ width_mm: 80, height_mm: 60, edges: { J1: "left", J2: "bottom" } }),
    );
    expect([spec.width, spec.height]).toEqual([50, 60]);
    expect(spec.sources).toEqual({ width: "constraints", height: "config", holes: "constraints" });
    expect(spec.holes).toEqual({
      count: 4,
      screw: "M2.5",
      footprint: "MountingHole:MountingHole_2.7mm_M2.5",
    });
    expect([...spec.edges]).toEqual([
      ["J1", "top"],
      ["J2", "bottom"],
    ]);
    expect(spec.keepouts).toEqual([
      { name: "antenna", rect: { minX: 0, minY: 0, maxX: 8, maxY: 5 } },
    ]);
  });

  it("reads the hole keys as docs/constraints.md defines them: a bare count takes its screw from board.mounting_hole_screw", () => {
    const holes = (list: { key: string; value: string | number }[]) =>
      boardSpec(list, config()).holes;
    expect(holes([{ key: "board.mounting_holes", value: 2 }])).toEqual({
      count: 2,
      screw: "M3",
      footprint: "MountingHole:MountingHole_3.2mm_M3",
    });
    expect(
      holes([
        { key: "board.mounting_holes", value: 4 },
        { key: "board.mounting_hole_screw", value: "m2.5" },
      ]),
    ).toMatchObject({ count: 4, screw: "M2.5" });
    // A screw in the count's own text wins over the separate key.
    expect(
      holes([
        { key: "board.mounting_holes", value: "3x M8" },
        { key: "board.mounting_hole_screw", value: "M2" },
      ]),
    ).toEqual({ count: 3, screw: "M8", footprint: "MountingHole:MountingHole_8.4mm_M8" });
    expect(holes([{ key: "board.mounting_holes", value: 0 }])).toBeUndefined();
    expect(boardSpec([], config({ mounting_holes: 2 })).holes).toMatchObject({ screw: "M3" });
    expect(() =>
      holes([
        { key: "board.mounting_holes", value: 2 },
        { key: "board.mounting_hole_screw", value: "M7" },
      ]),
    ).toThrow(/board\.mounting_hole_screw: "M7" is not a mounting-hole spec.*no plain hole for M7/);
    expect(() => holes([{ key: "board.mounting_holes", value: 6 }])).toThrow(
      /"6" is not a mounting-hole spec/,
    );
  });

  it("refuses values it cannot use: the message names the key, the fix what to write", () => {
    const refusal = (constraints: { key: string; value: string }[]) => {
      try {
        boardSpec(constraints, config());
      } catch (error) {
        expect(error).toBeInstanceOf(BoardSpecError);
        return { message: (error as BoardSpecError).message, fix: (error as BoardSpecError).fix };
      }
      throw new Error(`accepted ${JSON.stringify(constraints)}`);
    };
    expect(refusal([{ key: "board.mounting_holes", value: "2xM9" }])).toMatchObject({
      message: expect.stringMatching(/board\.mounting_holes: "2xM9" is not a mounting-hole spec/),
      fix: expect.stringContaining('"2xM3"'),
    });
    expect(refusal([{ key: "board.edge.J1", value: "north" }])).toEqual({
      message: '.copperhead/constraints.json: board.edge.J1 is "north"',
      fix: "set its value to one of left, right, top, bottom",
    });
    expect(refusal([{ key: "board.width_mm", value: "wide" }])).toMatchObject({
      message: expect.stringMatching(/board\.width_mm has no usable size/),
      fix: expect.stringContaining('{"key": "board.width_mm", "value": 30, "unit": "mm"}'),
    });
    expect(refusal([{ key: "board.keepout.k", value: "1,2,3" }])).toMatchObject({
      message: expect.stringMatching(/keep-out "k" is "1,2,3"/),
      fix: expect.stringContaining('"x,y,w,h"'),
    });
  });

  it("is part of config.json, where unknown layout keys are rejected", () => {
    expect(configSchema.parse({ layout: { width_mm: 40 } }).layout.width_mm).toBe(40);
    expect(configSchema.safeParse({ layout: { widht_mm: 40 } }).success).toBe(false);
  });
});
