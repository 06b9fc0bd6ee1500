import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { readBoard } from "../../../../engine/kicad/board/board.js";
import { loadBoard } from "../../../../engine/kicad/board/load-board.js";
import { outlineContains } from "../../../../engine/kicad/board/outline/outline-contains.js";
import { boxHeight, boxWidth } from "../../../../engine/kicad/footprint/bbox.js";
import { parseSexp } from "../../../../engine/kicad/sexp/parse.js";
import { SexpParseError } from "../../../../engine/kicad/sexp/parse-error.js";
import { demoBoards, demoName } from "../../../helpers/demo-corpus.js";

/** The one demo board with bytes after its root list (KiCad tolerates them; we do not). */
const BROKEN = "royalblue54L_feather/RoyalBlue54L-Feather.kicad_pcb";
/** Parts deliberately parked beside the board, waiting to be placed. */
const UNPLACED = "multichannel/multichannel_mixer-unrouted.kicad_pcb";

const boards = demoBoards();

/** Counts of top-level items straight from KiCad's formatting (one tab of indent). */
function textCounts(text: string) {
  const count = (re: RegExp) => text.match(re)?.length ?? 0;
  return {
    footprints: count(/^\t\(footprint /gm),
    tracks: count(/^\t\((segment|arc)$/gm),
    vias: count(/^\t\(via$/gm),
    zones: count(/^\t\(zone$/gm),
  };
}

it("finds the demo corpus", () => {
  expect(boards.length).toBe(20);
  expect(boards.map(demoName)).toContain(BROKEN);
});

it(`refuses ${BROKEN}: its root closes early, the rest is a parse error at line and column`, async () => {
  const pcb = boards.find((p) => demoName(p) === BROKEN) as string;
  const error = await loadBoard(pcb).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(SexpParseError);
  expect((error as SexpParseError).line).toBeGreaterThan(1);
  expect((error as SexpParseError).expected).toMatch(/end of file/);
});

describe.each(boards.filter((p) => demoName(p) !== BROKEN).map((p) => [demoName(p), p]))(
  "%s",
  (name, pcb) => {
    it("reads into a consistent board view", { timeout: 300_000 }, async () => {
      const text = await readFile(pcb, "utf8");
      const board = readBoard(parseSexp(text, { file: pcb }));

      expect(board.version).toBeGreaterThanOrEqual(20240000);
      expect(board.generator).toBe("pcbnew");
      expect(board.thickness).toBeGreaterThan(0);
      expect(board.paper?.size).toMatch(/^(A\d|User)$/);

      const layer = (n: string) => board.layers.find((l) => l.name === n);
      expect(layer("F.Cu")).toMatchObject({ id: 0 });
      expect(layer("B.Cu")).toMatchObject({ id: 2 });
      expect(layer("Edge.Cuts")).toMatchObject({ id: 25, type: "user" });
      expect(layer("F.CrtYd")).toMatchObject({ id: 31 });
      if (text.includes("(stackup")) {
        const copper = board.stackup?.layers.filter((l) => l.type === "copper") ?? [];
        expect(copper.length).toBe(board.layers.filter((l) => l.name.endsWith(".Cu")).length);
      }

      const counts = textCounts(text);
      expect(board.footprints.length).toBe(counts.footprints);
      expect(board.tracks.length).toBe(counts.tracks);
      expect(board.vias.length).toBe(counts.vias);
      expect(board.zones.length).toBe(counts.zones);

      // Every net a pad, track, via or zone names is in the net list, under one name.
      const names = new Map(board.nets.map((n) => [n.number, n.name]));
      const refs = [
        ...board.footprints.flatMap((fp) => fp.pads.map((p) => p.net)),
        ...board.tracks.map((t) => t.net),
        ...board.vias.map((v) => v.net),
        ...board.zones.map((z) => z.net),
      ];
      for (const net of refs) if (net) expect(names.get(net.number)).toBe(net.name);

      expect(board.outline.findings).toEqual([]);
      expect(board.outline.open).toEqual([]);
      expect(board.outline.loops.length).toBeGreaterThan(0);
      const box = board.outline.box;
      expect(box && boxWidth(box)).toBeGreaterThan(10);
      expect(box && boxHeight(box)).toBeGreaterThan(10);
      expect(box && boxWidth(box)).toBeLessThan(500);

      // Pads lie on the board — except on the demo whose parts still wait beside it.
      const pads = board.footprints.flatMap((fp) => fp.pads);
      const off = pads.filter((p) => !outlineContains(board.outline, p.at));
      if (name === UNPLACED) expect(off.length).toBeGreaterThan(0);
      else expect(off).toEqual([]);
    });
  },
);
