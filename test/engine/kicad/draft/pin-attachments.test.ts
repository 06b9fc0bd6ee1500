import { beforeAll, describe, expect, it } from "vitest";
import type { Direction } from "../../../../engine/kicad/draft/drawing.js";
import { attachPin, type Turn } from "../../../../engine/kicad/draft/pin-attachments.js";
import { type RailSymbols, railSymbolIds } from "../../../../engine/kicad/draft/rail-symbols.js";
import type { Rect } from "../../../../engine/kicad/geometry/rect.js";
import { SymbolCatalog } from "../../../../engine/kicad/library/symbol-catalog.js";
import type { LibSymbol } from "../../../../engine/kicad/symbol/lib-symbol.js";

const NETS = ["+3V3", "VCC", "VDDIO2", "GND", "GNDA", "AVDD1"];
let rails: RailSymbols;

beforeAll(async () => {
  // KiCad's own graphics: the value must clear the arrow or bars KiCad really draws.
  const catalog = SymbolCatalog.fromEnv();
  const symbols = new Map<string, LibSymbol>();
  for (const id of ["power:VCC", "power:GND", "power:+3V3", "power:GNDA"]) {
    const found = await catalog.resolve(id);
    if (found.ok) symbols.set(id, found.symbol.symbol);
  }
  expect(symbols.size).toBe(4);
  rails = railSymbolIds(new Set(symbols.keys()), symbols);
});

const textOf = (shapes: ReturnType<typeof attachPin>["shapes"]): Rect => {
  const text = shapes.find((s) => s.kind === "text" && s.measure === "exact");
  if (!text) throw new Error("no value text");
  return text.box;
};
const markOf = (shapes: ReturnType<typeof attachPin>["shapes"]): Rect => {
  const mark = shapes.find((s) => s.kind === "mark");
  if (!mark) throw new Error("no graphic");
  return mark.box;
};

describe("attachPin's power port on an up or down stub", () => {
  const cases = NETS.flatMap((net) =>
    [0, 1, 2, 3].map((steps) => {
      const ground = net.startsWith("GND");
      // The stub the port stands on without a jog: a rail's up, a ground's down.
      const outward: Direction = ground ? "down" : "up";
      return { net, ground, outward, stub: 2.54 * (1 + steps) };
    }),
  );

  it.each(cases)("$net on a $stub mm stub: turned, it reads beside its graphic", (c) => {
    const pin = { x: 50.8, y: 76.2 };
    const role = { kind: "power" as const, net: c.net, ground: c.ground };
    const draw = (turn: Turn) =>
      attachPin(pin, c.outward, role, rails, "U1.1", { stub: c.stub, turn });
    const along = draw("along");
    // Centred over the pin, as the library draws it.
    const centred = textOf(along.shapes);
    expect((centred.minX + centred.maxX) / 2).toBeCloseTo(pin.x, 0);
    expect(along.powerValues[0]?.justify).toBeUndefined();
    for (const turn of ["right", "left"] as const) {
      const turned = draw(turn);
      // The same symbol at the same place and rotation: only its value moves.
      expect(turned.symbols).toEqual(along.symbols);
      expect(turned.wires).toEqual(along.wires);
      expect(turned.powerValues[0]?.justify).toBe(turn === "right" ? "left" : "right");
      const text = textOf(turned.shapes);
      const mark = markOf(turned.shapes);
      if (turn === "right") expect(text.minX).toBeGreaterThan(mark.maxX);
      else expect(text.maxX).toBeLessThan(mark.minX);
      // Beside the graphic, not past its tip: level with it.
      expect(text.maxY).toBeGreaterThan(mark.minY);
      expect(text.minY).toBeLessThan(mark.maxY);
    }
  });

  it("keeps a jogged port's value where it was, whichever way it turns", () => {
    const pin = { x: 50.8, y: 76.2 };
    // A rail on a down stub jogs sideways and stands up there: its value stays centred on it.
    const role = { kind: "power" as const, net: "VCC", ground: false };
    for (const turn of ["right", "left"] as const) {
      const a = attachPin(pin, "down", role, rails, "U1.1", { turn });
      const at = a.symbols[0]?.at;
      const text = textOf(a.shapes);
      expect(a.powerValues[0]?.justify).toBeUndefined();
      expect((text.minX + text.maxX) / 2).toBeCloseTo(at?.x ?? Number.NaN, 0);
    }
  });
});
