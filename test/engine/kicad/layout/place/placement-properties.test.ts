import { describe, expect, it } from "vitest";
import {
  bareLayoutPart,
  COMMON_FOOTPRINTS,
  type FootprintPick,
  footprintPicks,
  randomLayoutInput,
  sizedSpec,
} from "../../../../../bench/layout-synthetic.js";
import type { BoardModel } from "../../../../../engine/kicad/board/write/board-model.js";
import { boardText } from "../../../../../engine/kicad/board/write/board-tree.js";
import type { Rect } from "../../../../../engine/kicad/geometry/rect.js";
import { boardSpec } from "../../../../../engine/kicad/layout/inputs/board-spec.js";
import { layoutConfigSchema } from "../../../../../engine/kicad/layout/inputs/layout-config.js";
import { DECOUPLING_REACH, layoutBoard } from "../../../../../engine/kicad/layout/layout-board.js";
import type { LayoutInput } from "../../../../../engine/kicad/layout/layout-input.js";
import { FootprintCatalog } from "../../../../../engine/kicad/layout/library/footprint-catalog.js";
import {
  partShape,
  type Quarter,
  turnFacing,
  turnRect,
} from "../../../../../engine/kicad/layout/place/part-shape.js";

const catalog = FootprintCatalog.fromEnv();
const picks: Promise<FootprintPick[]> = footprintPicks(catalog, COMMON_FOOTPRINTS);

function courtyards(model: BoardModel): { ref: string; box: Rect; rotation: number }[] {
  return model.footprints.map((fp) => {
    const c = turnRect(partShape(fp.library).courtyard, fp.rotation as Quarter);
    return {
      ref: fp.reference,
      rotation: fp.rotation,
      box: {
        minX: c.minX + fp.at.x,
        minY: c.minY + fp.at.y,
        maxX: c.maxX + fp.at.x,
        maxY: c.maxY + fp.at.y,
      },
    };
  });
}

function gapBetween(a: Rect, b: Rect): number {
  const dx = Math.max(b.minX - a.maxX, a.minX - b.maxX, 0);
  const dy = Math.max(b.minY - a.maxY, a.minY - b.maxY, 0);
  return dx > 0 || dy > 0 ? Math.max(dx, dy) : -1;
}

const part = (ref: string, footprint: string) => bareLayoutPart(ref, footprint, "t.kicad_sch");

describe("placement on 12 seeded random netlists of common parts", () => {
  it("courtyards keep the spacing, stay inside the outline, sit on the grid in 90° turns; caps reach their pins", async () => {
    const all = await picks;
    for (let seed = 1; seed <= 12; seed++) {
      const input = randomLayoutInput(all, 14 + 3 * seed, seed);
      const spec = sizedSpec(all, input, 0.3, {
        mounting_holes: seed % 3 === 0 ? "2xM3" : undefined,
      });
      const laid = await layoutBoard(input, { spec, catalog });
      expect(
        laid.ok,
        `seed ${seed}: ${laid.ok ? "" : laid.findings.map((f) => f.detail).join("; ")}`,
      ).toBe(true);
      if (!laid.ok) continue;
      const { model } = laid;
      const edge = model.outline;
      const boxes = courtyards(model);
      for (let i = 0; i < boxes.length; i++) {
        const a = boxes[i]!;
        expect([0, 90, 180, 270, -90]).toContain(a.rotation);
        expect(a.box.minX, `${seed} ${a.ref}`).toBeGreaterThanOrEqual(edge.minX - 1e-6);
        expect(a.box.minY, `${seed} ${a.ref}`).toBeGreaterThanOrEqual(edge.minY - 1e-6);
        expect(a.box.maxX, `${seed} ${a.ref}`).toBeLessThanOrEqual(edge.maxX + 1e-6);
        expect(a.box.maxY, `${seed} ${a.ref}`).toBeLessThanOrEqual(edge.maxY + 1e-6);
        for (let j = i + 1; j < boxes.length; j++) {
          const b = boxes[j]!;
          expect(
            gapBetween(a.box, b.box),
            `seed ${seed}: ${a.ref} and ${b.ref}`,
          ).toBeGreaterThanOrEqual(spec.spacing - 1e-6);
        }
      }
      for (const fp of model.footprints) {
        const onGrid = (v: number) => Math.abs(v / spec.grid - Math.round(v / spec.grid)) < 1e-6;
        expect(
          onGrid(fp.at.x - edge.minX) && onGrid(fp.at.y - edge.minY),
          `${seed} ${fp.reference} on the grid`,
        ).toBe(true);
      }
      for (const d of laid.report.decoupling)
        expect(d.distance, `seed ${seed}: ${d.cap}`).toBeLessThanOrEqual(DECOUPLING_REACH);
      if (spec.holes)
        expect(model.footprints.filter((f) => f.reference.startsWith("H")).length).toBe(2);
    }
  });

  it("the same netlist and board place the same, byte for byte (seeded annealing, derived uuids)", async () => {
    const all = await picks;
    const input = randomLayoutInput(all, 30, 77);
    const spec = sizedSpec(all, input, 0.3);
    const a = await layoutBoard(input, { spec, catalog });
    const b = await layoutBoard(input, { spec, catalog });
    if (!a.ok || !b.ok) throw new Error("random board did not place");
    expect(boardText(b.model)).toBe(boardText(a.model));
    const other = await layoutBoard(input, { spec, catalog, seed: 12345 });
    expect(other.ok && boardText(other.model)).not.toBe(boardText(a.model));
  });
});

describe("connectors on their declared edges", () => {
  const connectors = [
    ["J1", "Connector_USB:USB_C_Receptacle_GCT_USB4125-xx-x_6P_TopMnt_Horizontal", "left"],
    ["J2", "Connector_BarrelJack:BarrelJack_Horizontal", "right"],
    [
      "J3",
      "TerminalBlock_Phoenix:TerminalBlock_Phoenix_MPT-0,5-2-2.54_1x02_P2.54mm_Horizontal",
      "top",
    ],
    ["J4", "Connector_PinHeader_2.54mm:PinHeader_1x06_P2.54mm_Vertical", "bottom"],
  ] as const;
  const input: LayoutInput = {
    title: "edges",
    parts: [
      ...connectors.map(([ref, fp]) => part(ref, fp)),
      part("R1", "Resistor_SMD:R_0603_1608Metric"),
    ],
    nets: [
      {
        name: "A",
        kind: "signal",
        basis: "name",
        pins: [
          { ref: "J1", pin: "A9", pinName: "", pinType: "passive" },
          { ref: "R1", pin: "1", pinName: "", pinType: "passive" },
        ],
      },
      {
        name: "B",
        kind: "signal",
        basis: "name",
        pins: [
          { ref: "J2", pin: "1", pinName: "", pinType: "passive" },
          { ref: "R1", pin: "2", pinName: "", pinType: "passive" },
        ],
      },
    ],
  };

  it("one on each edge: courtyard flush with that edge, mating side facing out", async () => {
    const constraints = [
      { key: "board.width_mm", value: 60 },
      { key: "board.height_mm", value: 45 },
      ...connectors.map(([ref, , edge]) => ({ key: `board.edge.${ref}`, value: edge })),
    ];
    const spec = boardSpec(constraints, layoutConfigSchema.parse({}));
    const laid = await layoutBoard(input, { spec, catalog });
    if (!laid.ok) throw new Error(laid.findings.map((f) => f.detail).join("; "));
    const edge = laid.model.outline;
    const boxes = courtyards(laid.model);
    const outward = { left: "-x", right: "+x", top: "-y", bottom: "+y" } as const;
    for (const [ref, , side] of connectors) {
      const { box } = boxes.find((b) => b.ref === ref)!;
      const gap = {
        left: box.minX - edge.minX,
        right: edge.maxX - box.maxX,
        top: box.minY - edge.minY,
        bottom: edge.maxY - box.maxY,
      }[side];
      expect(gap, `${ref} on the ${side} edge`).toBeGreaterThanOrEqual(-1e-6);
      expect(gap, `${ref} on the ${side} edge`).toBeLessThan(spec.grid + 0.1);
      const fp = laid.model.footprints.find((f) => f.reference === ref)!;
      const facing = partShape(fp.library).facing;
      if (ref !== "J4") {
        expect(facing, ref).toBeDefined();
        expect(
          turnFacing(facing!, ((fp.rotation + 360) % 360) as Quarter),
          `${ref} faces out`,
        ).toBe(outward[side]);
      } else {
        expect(facing).toBeUndefined();
        expect(box.maxX - box.minX, "a header lies along its edge").toBeGreaterThan(
          box.maxY - box.minY,
        );
      }
    }
    expect(laid.report.connectors).toEqual(
      connectors.map(([ref, , e]) => ({ ref, edge: e, declared: true })),
    );
  });
});

describe("findings instead of a board", () => {
  it("a wrong footprint name stops the layout with the closest real footprints", async () => {
    const bad: LayoutInput = {
      title: "bad",
      parts: [part("R1", "Resistor_SMD:R_0603_1608")],
      nets: [],
    };
    const laid = await layoutBoard(bad, {
      spec: boardSpec([], layoutConfigSchema.parse({})),
      catalog,
    });
    expect(laid.ok).toBe(false);
    if (laid.ok) return;
    expect(laid.findings[0]).toMatchObject({
      kind: "footprint-unknown",
      severity: "error",
      refs: ["R1"],
    });
    expect(laid.findings[0]?.suggestions?.[0]).toBe("Resistor_SMD:R_0603_1608Metric");
  });

  it("parts that do not fit the board are named, with the size that would hold them", async () => {
    const many: LayoutInput = {
      title: "crowd",
      parts: Array.from({ length: 30 }, (_, i) =>
        part(`U${i + 1}`, "Package_SO:SOIC-8_3.9x4.9mm_P1.27mm"),
      ),
      nets: [],
    };
    const laid = await layoutBoard(many, {
      spec: boardSpec([], layoutConfigSchema.parse({})),
      catalog,
    });
    expect(laid.ok).toBe(false);
    if (laid.ok) return;
    expect(laid.findings[0]?.kind).toBe("does-not-fit");
    expect(laid.findings[0]?.detail).toMatch(
      /30 x 20 mm board.*board\.width_mm and board\.height_mm of about \d+ mm/,
    );
  });

  it("a keep-out stays free of parts", async () => {
    const all = await picks;
    const input = randomLayoutInput(all, 20, 5);
    const spec = sizedSpec(all, input, 0.25, { keepouts: { antenna: "0,0,15,12" } });
    const laid = await layoutBoard(input, { spec, catalog });
    if (!laid.ok) throw new Error(laid.findings.map((f) => f.detail).join("; "));
    const { minX, minY } = laid.model.outline;
    const keep = { minX, minY, maxX: minX + 15, maxY: minY + 12 };
    for (const { ref, box } of courtyards(laid.model))
      expect(gapBetween(box, keep), ref).toBeGreaterThanOrEqual(spec.spacing - 1e-6);
    expect(
      laid.model.zones.some((z) => z.keepout?.footprints && z.name === "keepout antenna"),
    ).toBe(true);
  });
});
