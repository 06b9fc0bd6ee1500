import { describe, expect, it } from "vitest";
import type { DrawnSymbol } from "../../../../../engine/kicad/draft/drawing.js";
import { crowdedOwners } from "../../../../../engine/kicad/draft/layout/text-audit.js";
import type { ResolvedIntent } from "../../../../../engine/kicad/draft/resolved-intent.js";
import type { Rect } from "../../../../../engine/kicad/geometry/rect.js";

/** No parts: only the planted port and label are weighed (the audit reads nothing else). */
const NO_PARTS = { parts: new Map() } as unknown as ResolvedIntent;

/** A GND port's bars, below its pin at the origin (KiCad's power:GND, roughly). */
const GND_BARS: Rect = { minX: -1.27, minY: 0, maxX: 1.27, maxY: 2.54 };
const graphic = (_libId: string, _rotation: DrawnSymbol["rotation"]) => GND_BARS;

const port: DrawnSymbol = {
  key: "power/D1.2",
  libId: "power:GND",
  ref: "#PWR01",
  unit: 1,
  at: { x: 50.8, y: 50.8 },
  rotation: 0,
  inBom: false,
  onBoard: true,
  fields: [],
  pinNumbers: ["1"],
};

const labelAt = (x: number, y: number) => ({
  owner: "label",
  drawing: { labels: [{ text: "D_Bridge_+-AA", at: { x, y }, angle: 0 as const }] },
});

describe("the drafter's text audit and power ports", () => {
  it("names both owners when a text is written over a port's drawing", () => {
    const crowded = crowdedOwners(
      NO_PARTS,
      [{ owner: "port", drawing: { symbols: [port] } }, labelAt(48.26, 53.34)],
      graphic,
    );
    expect([...crowded].sort()).toEqual(["label", "port"]);
  });

  it("passes a text clear of the port", () => {
    const crowded = crowdedOwners(
      NO_PARTS,
      [{ owner: "port", drawing: { symbols: [port] } }, labelAt(58.42, 53.34)],
      graphic,
    );
    expect([...crowded]).toEqual([]);
  });

  it("does not see ports when the caller gives no way to draw them", () => {
    const crowded = crowdedOwners(NO_PARTS, [
      { owner: "port", drawing: { symbols: [port] } },
      labelAt(48.26, 53.34),
    ]);
    expect([...crowded]).toEqual([]);
  });
});
