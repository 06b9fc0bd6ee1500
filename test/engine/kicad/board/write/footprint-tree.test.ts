import { writeFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { allFootprintIds } from "../../../../../bench/layout-synthetic.js";
import { readBoard } from "../../../../../engine/kicad/board/board.js";
import type { BoardFootprint } from "../../../../../engine/kicad/board/write/board-model.js";
import { boardText, netCodes } from "../../../../../engine/kicad/board/write/board-tree.js";
import { footprintTree } from "../../../../../engine/kicad/board/write/footprint-tree.js";
import { clearDesign } from "../../../../../engine/kicad/cli/cleared-design.js";
import { FootprintCatalog } from "../../../../../engine/kicad/layout/library/footprint-catalog.js";
import { footprintDirs } from "../../../../../engine/kicad/layout/library/footprint-dirs.js";
import { seeded } from "../../../../../engine/kicad/layout/place/seeded-random.js";
import { runPcbnew } from "../../../../../engine/kicad/pcbnew/run-pcbnew.js";
import { parseSexp } from "../../../../../engine/kicad/sexp/parse.js";
import { writeSexp } from "../../../../../engine/kicad/sexp/write.js";
import { makeTempDir, type TempDir } from "../../../../helpers/temp-dir.js";

const catalog = FootprintCatalog.fromEnv();
let temp: TempDir;
beforeAll(async () => {
  temp = await makeTempDir("copperhead-fp-tree-");
});
afterAll(() => temp.remove());

async function placed(
  libId: string,
  ref: string,
  at: { x: number; y: number },
  rotation: number,
): Promise<BoardFootprint> {
  const found = await catalog.resolve(libId);
  if (!found.ok) throw new Error(found.message);
  const pads = new Map(
    [
      ...new Set(
        readBoard(parseSexp(`(kicad_pcb ${found.footprint.text})`)).footprints[0]!.pads.map(
          (p) => p.number,
        ),
      ),
    ]
      .filter((n) => n !== "")
      .map((n, i) => [n, { net: `N${i % 3}`, pinFunction: `P${n}`, pinType: "passive" }] as const),
  );
  return {
    reference: ref,
    libId,
    value: "v",
    library: found.footprint.node,
    at,
    rotation,
    pads,
    path: `/uuid-${ref}`,
    sheetName: "/",
    sheetFile: "x.kicad_sch",
  };
}

/** Loads our board in pcbnew, places each library footprint there itself, and compares the pads. */
const COMPARE = `import json, sys
import pcbnew
request = json.load(open(sys.argv[1]))
board = pcbnew.LoadBoard(request["board"])
out = []
for fp in board.GetFootprints():
    fpid = fp.GetFPID()
    lib = request["libraries"][fpid.GetLibNickname().wx_str()]
    ref = pcbnew.FootprintLoad(lib, fpid.GetLibItemName().wx_str())
    ref.SetPosition(fp.GetPosition())
    ref.SetOrientation(fp.GetOrientation())
    mine = sorted((p.GetNumber(), p.GetPosition().x, p.GetPosition().y, round(p.GetOrientationDegrees() % 360, 3), p.GetSize().x, p.GetSize().y) for p in fp.Pads())
    theirs = sorted((p.GetNumber(), p.GetPosition().x, p.GetPosition().y, round(p.GetOrientationDegrees() % 360, 3), p.GetSize().x, p.GetSize().y) for p in ref.Pads())
    if mine != theirs:
        out.append(fp.GetReference() + ": " + str(mine[:2]) + " vs " + str(theirs[:2]))
json.dump({"ok": True, "mismatches": out}, open(sys.argv[2], "w"))
`;

describe("a library footprint written onto a board", () => {
  it("has its pads exactly where pcbnew puts them when pcbnew places the same footprint (16 seeded picks, all four turns)", async () => {
    const ids = await allFootprintIds(footprintDirs());
    const rnd = seeded(2026);
    const fps: BoardFootprint[] = [];
    const libraries: Record<string, string> = {};
    for (let i = 0; fps.length < 16 && i < 400; i++) {
      const id = ids[Math.floor(rnd() * ids.length)] as string;
      const found = await catalog.resolve(id);
      if (!found.ok || found.footprint.text.includes("(pad ") === false) continue;
      libraries[found.footprint.library.nickname] = found.footprint.library.dir;
      const turn = [0, 90, 180, 270][fps.length % 4] as number;
      fps.push(
        await placed(
          id,
          `U${fps.length + 1}`,
          { x: 50 + (fps.length % 8) * 40, y: 50 + Math.floor(fps.length / 8) * 40 },
          turn,
        ),
      );
    }
    const board = temp.path("pads.kicad_pcb");
    await writeFile(
      board,
      boardText({
        title: "pads",
        outline: { minX: 0, minY: 0, maxX: 400, maxY: 300 },
        paper: "A0",
        nets: [],
        footprints: fps,
        tracks: [],
        vias: [],
        zones: [],
      }),
    );
    const { cleared } = await clearDesign({ board });
    const answer = await runPcbnew(
      cleared,
      { command: "compare", libraries },
      z.object({ ok: z.literal(true), mismatches: z.array(z.string()) }),
      { script: COMPARE },
    );
    expect(answer.mismatches).toEqual([]);
  });

  it("names itself Library:Name, carries nets, pin functions and the symbol link, and derives every uuid from its reference", async () => {
    const fp = await placed("Package_SO:SOIC-8_3.9x4.9mm_P1.27mm", "U7", { x: 120, y: 80 }, 90);
    const codes = netCodes({
      title: "",
      outline: { minX: 0, minY: 0, maxX: 1, maxY: 1 },
      paper: "A4",
      nets: [],
      footprints: [fp],
      tracks: [],
      vias: [],
      zones: [],
    });
    const text = writeSexp(footprintTree(fp, (n) => codes.get(n) ?? 0));
    expect(
      text.startsWith(
        '(footprint "Package_SO:SOIC-8_3.9x4.9mm_P1.27mm"\n\t(layer "F.Cu")\n\t(uuid "',
      ),
    ).toBe(true);
    expect(text).toContain("(at 120 80 90)");
    expect(text).not.toContain("(generator");
    expect(text).toContain('(net 1 "N0")');
    expect(text).toContain('(pinfunction "P1")');
    expect(text).toContain('(path "/uuid-U7")');
    expect(text).toContain('(property "Reference" "U7"');
    const uuids = [...text.matchAll(/\(uuid "([^"]+)"\)/g)].map((m) => m[1]);
    expect(new Set(uuids).size).toBe(uuids.length);
    expect(writeSexp(footprintTree(fp, (n) => codes.get(n) ?? 0))).toBe(text);
    const other = writeSexp(footprintTree({ ...fp, reference: "U8" }, (n) => codes.get(n) ?? 0));
    expect([...other.matchAll(/\(uuid "([^"]+)"\)/g)].some((m) => uuids.includes(m[1]))).toBe(
      false,
    );
  });
});
