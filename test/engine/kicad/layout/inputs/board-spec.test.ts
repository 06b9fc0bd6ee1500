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

  it("refuses values it cannot use, naming the key and what to write", () => {
    expect(() => boardSpec([{ key: "board.mounting_holes", value: "2xM9" }], config())).toThrow(
      BoardSpecError,
    );
    expect(() => boardSpec([{ key: "board.edge.J1", value: "north" }], config())).toThrow(
      /one of left, right, top, bottom/,
    );
    expect(() => boardSpec([{ key: "board.width_mm", value: "wide" }], config())).toThrow(
      /no usable size/,
    );
    expect(() => boardSpec([{ key: "board.keepout.k", value: "1,2,3" }], config())).toThrow(
      /"x,y,w,h"/,
    );
  });

  it("is part of config.json, where unknown layout keys are rejected", () => {
    expect(configSchema.parse({ layout: { width_mm: 40 } }).layout.width_mm).toBe(40);
    expect(configSchema.safeParse({ layout: { widht_mm: 40 } }).success).toBe(false);
  });
});
