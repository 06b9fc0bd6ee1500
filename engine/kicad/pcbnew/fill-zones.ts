import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { z } from "zod";
import type { BoardModel, BoardZone, FilledPolygon } from "../board/write/board-model.js";
import { boardText, zoneUuid } from "../board/write/board-tree.js";
import { type ClearedDesign, clearedBoard, clearScratchBoard } from "../cli/cleared-design.js";
import type { Point } from "../geometry/point.js";
import type { TrustScope } from "../paths/trust-scope.js";
import { type PcbnewRunOptions, runPcbnew } from "./run-pcbnew.js";

const fillAnswer = z.object({
  ok: z.literal(true),
  zones: z.array(
    z.object({
      uuid: z.string(),
      name: z.string(),
      net: z.string(),
      fills: z.array(
        z.object({ layer: z.string(), points: z.array(z.tuple([z.number(), z.number()])) }),
      ),
    }),
  ),
});

/**
 * Every copper zone of the cleared board filled by KiCad's own zone filler, by zone uuid, in
 * canonical form. pcbnew reads the board where it is (and the `.kicad_pro` beside it, whose
 * clearances and net classes the fill honours) and writes nothing.
 */
export async function zoneFills(
  design: ClearedDesign,
  options: PcbnewRunOptions = {},
): Promise<Map<string, FilledPolygon[]>> {
  clearedBoard(design);
  const answer = await runPcbnew(design, { command: "fill-zones" }, fillAnswer, options);
  return new Map(answer.zones.map((zone) => [zone.uuid, canonicalFill(zone.fills)]));
}

export interface FillOptions extends PcbnewRunOptions {
  /**
   * The project file's text, whose design rules the fill must honour (KiCad reads clearances
   * and net classes from the `.kicad_pro` beside the board); none means KiCad's defaults.
   */
  project?: string;
  /**
   * Where the model's footprints came from (the project's trust scope): the scratch board is
   * cleared against it before pcbnew loads it, as every design is before KiCad opens it.
   */
  scope: TrustScope;
}

/**
 * The model with every copper zone filled by KiCad's own zone filler: the board is written to a
 * scratch folder (beside the project file), pcbnew fills it there and returns the
 * outlines, and they go into the model — pcbnew never writes the board. The fill is put in a
 * canonical form (each outline starting at its smallest vertex, outlines sorted), so the same
 * board fills to the same bytes.
 */
export async function fillZones(model: BoardModel, options: FillOptions): Promise<BoardModel> {
  const copper = model.zones.filter((zone) => zone.keepout === undefined);
  if (copper.length === 0) return model;
  const dir = await mkdtemp(join(options.env?.TMPDIR || tmpdir(), "copperhead-fill-"));
  try {
    const board = join(dir, "fill.kicad_pcb");
    const unfilled = { ...model, zones: model.zones.map((zone) => ({ ...zone, fill: undefined })) };
    await writeFile(board, boardText(unfilled));
    if (options.project !== undefined)
      await writeFile(join(dir, "fill.kicad_pro"), options.project);
    const fills = await zoneFills(await clearScratchBoard(board, dir, options.scope), options);
    return {
      ...model,
      zones: model.zones.map(
        (zone): BoardZone =>
          zone.keepout !== undefined ? zone : { ...zone, fill: fills.get(zoneUuid(zone)) ?? [] },
      ),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Nanometre outlines → mm, each rotated to start at its smallest vertex, sorted. */
export function canonicalFill(
  fills: readonly { layer: string; points: readonly (readonly [number, number])[] }[],
): FilledPolygon[] {
  const out = fills
    .filter((f) => f.points.length >= 3)
    .map((f) => {
      let start = 0;
      f.points.forEach(([x, y], i) => {
        const [bx, by] = f.points[start] as readonly [number, number];
        if (y < by || (y === by && x < bx)) start = i;
      });
      const points: Point[] = [];
      for (let i = 0; i < f.points.length; i++) {
        const [x, y] = f.points[(start + i) % f.points.length] as readonly [number, number];
        points.push({ x: x / 1e6, y: y / 1e6 });
      }
      return { layer: f.layer, points };
    });
  return out.sort((a, b) => {
    if (a.layer !== b.layer) return a.layer < b.layer ? -1 : 1;
    const p = a.points[0] as Point;
    const q = b.points[0] as Point;
    return p.y - q.y || p.x - q.x || a.points.length - b.points.length;
  });
}
