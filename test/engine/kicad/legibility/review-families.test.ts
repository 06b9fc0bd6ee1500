import { describe, expect, it } from "vitest";
import type { Point } from "../../../../engine/kicad/geometry/point.js";
import { checkLegibility } from "../../../../engine/kicad/legibility/check-legibility.js";
import { checkSheetLayouts } from "../../../../engine/kicad/legibility/check-sheet-layouts.js";
import { parseLegibilityConfig } from "../../../../engine/kicad/legibility/config.js";
import type { FamilyKind } from "../../../../engine/kicad/legibility/families.js";
import { FAMILIES, isReviewFamily } from "../../../../engine/kicad/legibility/families.js";
import type {
  LayoutLabel,
  LayoutSymbol,
  LayoutText,
  SheetLayout,
} from "../../../../engine/kicad/legibility/sheet-layout.js";
import { loadSchematicHierarchy } from "../../../../engine/kicad/schematic/hierarchy.js";
import { DEMO_DIR } from "../../../helpers/demo-corpus.js";
import { plantedPart, plantedSheet } from "./helpers/planted-sheet.js";

/*
 * The reviewer's families (issue 21) on small planted sheets: each one fires on the defect
 * and stays quiet on the same drawing done right.
 */

const box = (x0: number, y0: number, x1: number, y1: number) => ({
  minX: x0,
  minY: y0,
  maxX: x1,
  maxY: y1,
});

/** A free text whose ink is `b`, anchored at its bottom left, upright. */
function freeText(owner: string, text: string, b: ReturnType<typeof box>) {
  return { owner, text, box: b, anchor: { x: b.minX, y: b.maxY }, angle: 0 };
}

const part = plantedPart;

/** A GND port at `at` drawn pointing `placed` (its library points down). */
function ground(ref: string, at: Point, placed: "up" | "down" | "left" | "right"): LayoutSymbol {
  const body =
    placed === "down"
      ? box(at.x - 1.27, at.y, at.x + 1.27, at.y + 2.54)
      : placed === "up"
        ? box(at.x - 1.27, at.y - 2.54, at.x + 1.27, at.y)
        : placed === "left"
          ? box(at.x - 2.54, at.y - 1.27, at.x, at.y + 1.27)
          : box(at.x, at.y - 1.27, at.x + 2.54, at.y + 1.27);
  return {
    ref,
    libId: "power:GND",
    value: "GND",
    at,
    power: true,
    body,
    outlines: [
      {
        points: [
          { x: body.minX, y: body.minY },
          { x: body.maxX, y: body.minY },
          { x: body.maxX, y: body.maxY },
          { x: body.minX, y: body.maxY },
        ],
        closed: true,
      },
    ],
    pins: [at],
    fields: [],
    pointing: { placed, library: "down" },
  };
}

function label(name: string, anchor: Point, width = 5): LayoutLabel {
  const b = box(anchor.x, anchor.y - 1.4, anchor.x + width, anchor.y);
  return { name, kind: "local", anchor, angle: 0, box: b, horizontalBox: b };
}

function text(owner: string, ownerRef: string, t: string, b: ReturnType<typeof box>): LayoutText {
  return { owner, ownerRef, text: t, box: b, anchor: { x: b.minX, y: b.maxY }, angle: 0 };
}

const sheet = plantedSheet;

const config = parseLegibilityConfig({});
function found(kind: FamilyKind, layout: SheetLayout) {
  return checkSheetLayouts([layout], { config }).findings.filter((f) => f.kind === kind);
}

const seg = (ax: number, ay: number, bx: number, by: number) => ({
  a: { x: ax, y: ay },
  b: { x: bx, y: by },
});

describe("the reviewer's families are errors on every sheet and flagged as review families", () => {
  it("marks exactly the seven new families", () => {
    const kinds: FamilyKind[] = [
      "text-touching",
      "power-orientation",
      "same-net-crossing",
      "wire-hugging",
      "label-leads-nowhere",
      "duplicate-label",
      "auto-named-label",
    ];
    for (const k of kinds) expect(isReviewFamily(k), k).toBe(true);
    expect(isReviewFamily("text-collision")).toBe(false);
    expect(isReviewFamily("off-grid")).toBe(false);
  });
  it("gates on the families no draft carries any more, and warns on the rest (issue 21 part 3)", () => {
    const severity = Object.fromEntries(FAMILIES.map((f) => [f.kind, f.severity]));
    expect({
      "same-net-crossing": severity["same-net-crossing"],
      "label-leads-nowhere": severity["label-leads-nowhere"],
      "duplicate-label": severity["duplicate-label"],
      "auto-named-label": severity["auto-named-label"],
      "text-touching": severity["text-touching"],
      "power-orientation": severity["power-orientation"],
      "wire-hugging": severity["wire-hugging"],
    }).toEqual({
      "same-net-crossing": "error",
      "label-leads-nowhere": "error",
      "duplicate-label": "error",
      "auto-named-label": "error",
      "text-touching": "error",
      "power-orientation": "advisory",
      "wire-hugging": "error",
    });
  });
});

describe("power-orientation", () => {
  it("reports a ground pointing up or sideways, with the way to turn it", () => {
    const f = found(
      "power-orientation",
      sheet({
        symbols: [
          ground("#PWR1", { x: 50.8, y: 50.8 }, "up"),
          ground("#PWR2", { x: 76.2, y: 50.8 }, "left"),
        ],
      }),
    );
    expect(f.map((x) => x.refs)).toEqual([["#PWR1"], ["#PWR2"]]);
    expect(f[0]!.detail).toContain("points up; draw it pointing down");
    expect(f[0]!.severity).toBe("advisory");
  });
  it("leaves a ground hanging down alone", () => {
    expect(
      found(
        "power-orientation",
        sheet({ symbols: [ground("#PWR1", { x: 50.8, y: 50.8 }, "down")] }),
      ),
    ).toEqual([]);
  });
  it("finds the turned ports of a real sheet where the file rotates them", async () => {
    const root = `${DEMO_DIR}/simulation/sallen_key/sallen_key.kicad_sch`;
    const h = await loadSchematicHierarchy(root);
    const turned = checkLegibility(h, { config }).findings.filter(
      (x) => x.kind === "power-orientation",
    );
    expect(turned.length).toBeGreaterThan(0);
    const byRef = new Map(h.root.schematic.symbols.map((s) => [s.reference, s]));
    for (const t of turned) {
      const s = byRef.get(t.refs[0]!)!;
      expect(s.rotation !== 0 || s.mirror === "x", t.detail).toBe(true);
    }
  });
});

describe("text-touching", () => {
  it("reports a label over a power port's drawing, a value over a pin number, texts that touch", () => {
    const r1 = part("R1", 101.6, 50.8, {
      pinTexts: [text("R1 pin 1", "R1", "1", box(100, 46, 101, 47.3))],
    });
    const layout = sheet({
      symbols: [ground("#PWR1", { x: 50.8, y: 50.8 }, "down"), r1],
      labels: [label("SENS", { x: 49.53, y: 52.07 })],
      texts: [
        freeText("R2 Value", "4k7", box(99.5, 45.5, 103, 46.8)),
        freeText('text "A"', "A", box(150, 50, 155, 51.2)),
        freeText('text "B"', "B", box(155, 50, 160, 51.2)),
      ],
    });
    const f = found("text-touching", layout);
    const details = f.map((x) => x.detail).join("\n");
    expect(details).toContain('label "SENS"');
    expect(details).toContain("the GND port #PWR1");
    expect(details).toContain('R1 pin 1 "1"');
    expect(details).toMatch(/text "A".*text "B"/);
  });
  it("leaves text with a clear gap alone", () => {
    const layout = sheet({
      symbols: [ground("#PWR1", { x: 50.8, y: 50.8 }, "down")],
      labels: [label("SENS", { x: 55.88, y: 45.72 })],
      texts: [
        freeText('text "A"', "A", box(150, 50, 155, 51.2)),
        freeText('text "B"', "B", box(155.5, 50, 160, 51.2)),
      ],
    });
    expect(found("text-touching", layout)).toEqual([]);
  });
});

describe("same-net-crossing", () => {
  // A loop of one net: from (50.8, 50.8) right, down, left and up across its own first leg.
  const loop = [
    seg(50.8, 50.8, 76.2, 50.8),
    seg(76.2, 50.8, 76.2, 63.5),
    seg(76.2, 63.5, 63.5, 63.5),
    seg(63.5, 63.5, 63.5, 45.72),
  ];
  it("reports a net crossing itself without a junction", () => {
    const f = found("same-net-crossing", sheet({ wires: loop }));
    expect(f).toHaveLength(1);
    expect(f[0]!.at).toEqual({ x: 63.5, y: 50.8 });
    expect(f[0]!.severity).toBe("error");
  });
  it("does not report wires of different nets crossing, nor a crossing with a junction", () => {
    const other = [seg(50.8, 50.8, 76.2, 50.8), seg(63.5, 45.72, 63.5, 63.5)];
    expect(found("same-net-crossing", sheet({ wires: other }))).toEqual([]);
    expect(
      found("same-net-crossing", sheet({ wires: loop, junctions: [{ x: 63.5, y: 50.8 }] })),
    ).toEqual([]);
  });
  it("joins wires by a shared label name", () => {
    const wires = [seg(50.8, 50.8, 76.2, 50.8), seg(63.5, 45.72, 63.5, 63.5)];
    const labels = [label("N1", { x: 50.8, y: 50.8 }), label("N1", { x: 63.5, y: 63.5 })];
    expect(found("same-net-crossing", sheet({ wires, labels }))).toHaveLength(1);
  });
});

describe("wire-hugging", () => {
  it("reports parallel wires 1.27 mm apart", () => {
    const f = found(
      "wire-hugging",
      sheet({ wires: [seg(50.8, 50.8, 76.2, 50.8), seg(55.88, 52.07, 80, 52.07)] }),
    );
    expect(f).toHaveLength(1);
    expect(f[0]!.detail).toContain("1.27 mm apart");
    expect(f[0]!.severity).toBe("error");
  });
  it("leaves wires 2.54 mm apart, and collinear joins, alone", () => {
    expect(
      found(
        "wire-hugging",
        sheet({ wires: [seg(50.8, 50.8, 76.2, 50.8), seg(50.8, 53.34, 76.2, 53.34)] }),
      ),
    ).toEqual([]);
    expect(
      found(
        "wire-hugging",
        sheet({ wires: [seg(50.8, 50.8, 76.2, 50.8), seg(76.2, 50.8, 90, 50.8)] }),
      ),
    ).toEqual([]);
  });
});

describe("labels", () => {
  const stub = [seg(50.8, 50.8, 50.8, 55.88)];
  it("label-leads-nowhere: a lone label at the end of a stub", () => {
    const f = found(
      "label-leads-nowhere",
      sheet({ wires: stub, labels: [label("LED_A", { x: 50.8, y: 55.88 })] }),
    );
    expect(f.map((x) => x.refs)).toEqual([['label "LED_A"']]);
    expect(f[0]!.severity).toBe("error");
  });
  it("label-leads-nowhere: not when a partner label exists, nor on a wire between parts", () => {
    const partnered = sheet({
      wires: stub,
      labels: [label("LED_A", { x: 50.8, y: 55.88 }), label("LED_A", { x: 101.6, y: 50.8 })],
    });
    expect(found("label-leads-nowhere", partnered)).toEqual([]);
    const naming = sheet({
      wires: [seg(50.8, 50.8, 76.2, 50.8)],
      labels: [label("OUT", { x: 63.5, y: 50.8 })],
    });
    expect(found("label-leads-nowhere", naming)).toEqual([]);
  });
  it("duplicate-label: two of one name side by side on one wire, not at both ends of a long run", () => {
    const wires = [seg(50.8, 50.8, 200, 50.8)];
    const near = sheet({
      wires,
      labels: [label("XTAL1", { x: 55.88, y: 50.8 }), label("XTAL1", { x: 63.5, y: 50.8 })],
    });
    expect(found("duplicate-label", near)).toHaveLength(1);
    const far = sheet({
      wires,
      labels: [label("XTAL1", { x: 55.88, y: 50.8 }), label("XTAL1", { x: 190, y: 50.8 })],
    });
    expect(found("duplicate-label", far)).toEqual([]);
  });
  it("auto-named-label: KiCad's Net-(…) names, not ordinary ones", () => {
    const layout = sheet({
      wires: [seg(50.8, 50.8, 76.2, 50.8)],
      labels: [label("Net-(U1A-K)", { x: 55.88, y: 50.8 }), label("CATHODE", { x: 63.5, y: 50.8 })],
    });
    expect(found("auto-named-label", layout).map((x) => x.refs)).toEqual([['label "Net-(U1A-K)"']]);
  });
});
