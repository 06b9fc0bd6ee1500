import { describe, expect, it } from "vitest";
import { readBoard } from "../../../../engine/kicad/board/board.js";
import { loadBoard } from "../../../../engine/kicad/board/load-board.js";
import { PcbFormatError } from "../../../../engine/kicad/footprint/pcb-format-error.js";
import { parseSexp } from "../../../../engine/kicad/sexp/parse.js";

/** A small four-layer board with one of each routed item (kicad-cli 9 loads it). */
const BOARD = `(kicad_pcb (version 20241229) (generator "copperhead-test") (generator_version "9.0")
  (general (thickness 1.2) (legacy_teardrops no))
  (paper "User" 200 150)
  (layers (0 "F.Cu" signal) (4 "In1.Cu" power "GND plane") (6 "In2.Cu" signal) (2 "B.Cu" signal)
    (25 "Edge.Cuts" user))
  (setup (stackup
    (layer "F.Cu" (type "copper") (thickness 0.035))
    (layer "dielectric 1" (type "prepreg") (thickness 0.2 locked) (material "FR4") (epsilon_r 4.4) (loss_tangent 0.02))
    (layer "In1.Cu" (type "copper") (thickness 0.035))
    (layer "dielectric 2" (type "core") (thickness 0.9))
    (layer "In2.Cu" (type "copper") (thickness 0.035))
    (layer "B.Cu" (type "copper") (thickness 0.035))
    (copper_finish "ENIG") (dielectric_constraints no)))
  (net 0 "")
  (net 1 "GND")
  (net 2 "/SDA")
  (footprint "Test:Two" (layer "F.Cu") (uuid "0c0ffee1-0000-4000-8000-000000000001") (at 10 10)
    (property "Reference" "U1" (at 0 0 0) (layer "F.SilkS") (uuid "0c0ffee1-0000-4000-8000-000000000002"))
    (pad "1" smd rect (at -1 0) (size 1 1) (layers "F.Cu") (net 1 "GND") (uuid "0c0ffee1-0000-4000-8000-000000000003"))
    (pad "2" smd rect (at 1 0) (size 1 1) (layers "F.Cu") (net 2 "/SDA") (uuid "0c0ffee1-0000-4000-8000-000000000004")))
  (gr_rect (start 0 0) (end 20 20) (stroke (width 0.1) (type default)) (fill no) (layer "Edge.Cuts") (uuid "0c0ffee1-0000-4000-8000-000000000005"))
  (gr_text "hello" (at 5 18 0) (layer "F.SilkS") (uuid "0c0ffee1-0000-4000-8000-000000000006"))
  (segment (start 11 10) (end 15 10) (width 0.2) (layer "F.Cu") (net 2) (uuid "0c0ffee1-0000-4000-8000-000000000007"))
  (arc (start 15 10) (mid 16.414214 10.585786) (end 17 12) (width 0.2) (layer "F.Cu") (net 2) (locked yes) (uuid "0c0ffee1-0000-4000-8000-000000000008"))
  (via blind (at 17 12) (size 0.6) (drill 0.3) (layers "F.Cu" "In1.Cu") (net 2) (uuid "0c0ffee1-0000-4000-8000-000000000009"))
  (via (at 9 12) (size 0.6) (drill 0.3) (layers "F.Cu" "B.Cu") (net 1) (uuid "0c0ffee1-0000-4000-8000-00000000000a"))
  (zone (net 1) (net_name "GND") (layers "F.Cu" "B.Cu") (uuid "0c0ffee1-0000-4000-8000-00000000000b") (name "pour") (priority 2)
    (hatch edge 0.5) (connect_pads (clearance 0.2)) (min_thickness 0.25)
    (polygon (pts (xy 0 0) (xy 20 0) (xy 20 20) (xy 0 20)))
    (filled_polygon (layer "F.Cu") (pts (xy 0.5 0.5) (xy 19.5 0.5) (xy 19.5 19.5)))
    (filled_polygon (layer "F.Cu") (island) (pts (xy 1 1) (xy 2 1) (xy 2 2)))
    (filled_polygon (layer "B.Cu") (pts (xy 0.5 0.5) (xy 19.5 0.5) (xy 19.5 19.5))))
  (zone (net 0) (net_name "") (layer "F.Cu") (uuid "0c0ffee1-0000-4000-8000-00000000000c") (name "keep clear")
    (keepout (tracks not_allowed) (vias not_allowed) (pads allowed) (copperpour not_allowed) (footprints allowed))
    (polygon (pts (xy 2 2) (xy 4 2) (xy 4 4))))
)`;

const board = readBoard(parseSexp(BOARD));

describe("readBoard", () => {
  it("reads the stamp, thickness, paper and layer stack", () => {
    expect(board).toMatchObject({
      version: 20241229,
      generator: "copperhead-test",
      generatorVersion: "9.0",
      thickness: 1.2,
      paper: { size: "User", width: 200, height: 150, portrait: false },
    });
    expect(board.layers).toEqual([
      { id: 0, name: "F.Cu", type: "signal", userName: undefined },
      { id: 4, name: "In1.Cu", type: "power", userName: "GND plane" },
      { id: 6, name: "In2.Cu", type: "signal", userName: undefined },
      { id: 2, name: "B.Cu", type: "signal", userName: undefined },
      { id: 25, name: "Edge.Cuts", type: "user", userName: undefined },
    ]);
    expect(board.stackup?.layers.map((l) => [l.name, l.type, l.thickness])).toEqual([
      ["F.Cu", "copper", 0.035],
      ["dielectric 1", "prepreg", 0.2],
      ["In1.Cu", "copper", 0.035],
      ["dielectric 2", "core", 0.9],
      ["In2.Cu", "copper", 0.035],
      ["B.Cu", "copper", 0.035],
    ]);
    expect(board.stackup?.layers[1]).toMatchObject({
      material: "FR4",
      epsilonR: 4.4,
      lossTangent: 0.02,
    });
    expect(board.stackup).toMatchObject({ copperFinish: "ENIG", dielectricConstraints: false });
  });

  it("names the nets of tracks, vias and zones from the net table", () => {
    expect(board.nets).toEqual([
      { number: 1, name: "GND" },
      { number: 2, name: "/SDA" },
    ]);
    expect(board.tracks.map((t) => [t.kind, t.net?.name, t.locked])).toEqual([
      ["segment", "/SDA", false],
      ["arc", "/SDA", true],
    ]);
    expect(board.tracks[1]).toMatchObject({ mid: { x: 16.414214, y: 10.585786 }, width: 0.2 });
    expect(board.vias.map((v) => [v.type, v.net?.name, v.layers.join("-")])).toEqual([
      ["blind", "/SDA", "F.Cu-In1.Cu"],
      ["through", "GND", "F.Cu-B.Cu"],
    ]);
  });

  it("falls back to the pads' net names when the board has no net table", () => {
    // kicad-cli 9 logs "Invalid net ID" for such a file but loads it; KiCad 10 drops the table.
    const table = /\n {2}\(net \d+ "[^"]*"\)/g;
    expect(BOARD.match(table)).toHaveLength(3);
    const bare = readBoard(parseSexp(BOARD.replace(table, "")));
    expect(
      bare.node.items.some(
        (i) => i.kind === "list" && i.items[0]?.kind === "atom" && i.items[0].text === "net",
      ),
    ).toBe(false);
    expect(bare.nets).toEqual(board.nets);
    expect(bare.tracks.map((t) => t.net?.name)).toEqual(["/SDA", "/SDA"]);
  });

  it("reads zones: net, layers, outline, fill per layer, keep-outs", () => {
    const [pour, keepout] = board.zones;
    expect(pour).toMatchObject({
      net: { number: 1, name: "GND" },
      name: "pour",
      layers: ["F.Cu", "B.Cu"],
      priority: 2,
      keepout: false,
      filled: [
        { layer: "F.Cu", polygons: 2 },
        { layer: "B.Cu", polygons: 1 },
      ],
    });
    expect(pour?.outlines).toEqual([
      [
        { x: 0, y: 0 },
        { x: 20, y: 0 },
        { x: 20, y: 20 },
        { x: 0, y: 20 },
      ],
    ]);
    expect(keepout).toMatchObject({ net: undefined, keepout: true, layers: ["F.Cu"], filled: [] });
  });

  it("keeps board drawings and closes the outline from a gr_rect", () => {
    expect(board.graphics.map((g) => [g.shape, g.layer])).toEqual([
      ["rect", "Edge.Cuts"],
      ["text", "F.SilkS"],
    ]);
    expect(board.outline.findings).toEqual([]);
    expect(board.outline.box).toEqual({ minX: 0, minY: 0, maxX: 20, maxY: 20 });
  });
});

describe("readBoard and loadBoard on the wrong input", () => {
  it("refuses a tree that is not a board, saying what to pass", () => {
    expect(() => readBoard(parseSexp("(kicad_sch (version 20250114))"))).toThrow(PcbFormatError);
    expect(() => readBoard(parseSexp("(kicad_sch (version 20250114))"))).toThrow(
      expect.objectContaining({ fix: expect.stringMatching(/\.kicad_pcb/) }),
    );
  });

  it("names the track that lacks an end", () => {
    const text = BOARD.replace("(end 15 10) ", "");
    expect(() => readBoard(parseSexp(text))).toThrow(
      /segment … uuid 0c0ffee1-0000-4000-8000-000000000007.*\(end x y\)/,
    );
  });

  it("turns a missing file into a usage error naming it", async () => {
    await expect(loadBoard("/nonexistent/board.kicad_pcb")).rejects.toMatchObject({
      category: "usage",
      code: "ENOENT",
      message: "/nonexistent/board.kicad_pcb does not exist",
    });
  });
});
