import { writeFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { probe } from "../../../../engine/kicad/cli/probe.js";
import { at, node, schNum, uuidNode, xy, yesNo } from "../../../../engine/kicad/sexp/build.js";
import { atom, type SList, str } from "../../../../engine/kicad/sexp/node.js";
import { orderSheetItems } from "../../../../engine/kicad/sexp/sheet-order.js";
import { writeSexpBytes } from "../../../../engine/kicad/sexp/write.js";
import { makeTempDir, type TempDir } from "../../../helpers/temp-dir.js";

const stroke = () => node("stroke", node("width", schNum(0)), node("type", atom("default")));
const effects = () => node("effects", node("font", node("size", schNum(1.27), schNum(1.27))));

/** A small sheet built from nodes, deliberately in the wrong order, then put in KiCad's. */
function smallSheet(): SList {
  return orderSheetItems(
    node(
      "kicad_sch",
      node("embedded_fonts", atom("no")),
      node(
        "label",
        str("VIN"),
        at(50.8, 50.8, 0),
        node("fields_autoplaced", atom("yes")),
        effects(),
        uuidNode("5d1e2c3b-0000-4000-8000-000000000004"),
      ),
      node(
        "wire",
        node("pts", xy(50.8, 50.8), xy(76.2, 50.8)),
        stroke(),
        uuidNode("5d1e2c3b-0000-4000-8000-000000000002"),
      ),
      node(
        "junction",
        node("at", schNum(63.5), schNum(50.8)),
        node("diameter", schNum(0)),
        node("color", atom("0"), atom("0"), atom("0"), atom("0")),
        uuidNode("5d1e2c3b-0000-4000-8000-000000000003"),
      ),
      node(
        "wire",
        node("pts", xy(63.5, 50.8), xy(63.5, 63.5)),
        stroke(),
        uuidNode("5d1e2c3b-0000-4000-8000-000000000005"),
      ),
      node(
        "text",
        str("written by copperhead's s-expression writer"),
        yesNo("exclude_from_sim", false),
        at(50.8, 40.64, 0),
        effects(),
        uuidNode("5d1e2c3b-0000-4000-8000-000000000006"),
      ),
      node("sheet_instances", node("path", str("/"), node("page", str("1")))),
      node("lib_symbols"),
      node("paper", str("A4")),
      node("uuid", str("5d1e2c3b-0000-4000-8000-000000000001")),
      node("generator_version", str("0.1")),
      node("generator", str("copperhead")),
      node("version", atom("20250114")),
    ),
  );
}

let temp: TempDir;

beforeAll(async () => {
  temp = await makeTempDir("copperhead-sexp-load-");
});

afterAll(async () => {
  await temp.remove();
});

describe("a sheet written by writeSexp loads in KiCad 9", () => {
  it("kicad-cli loads it, and refuses the same sheet with an unknown token", async () => {
    const good = temp.path("written.kicad_sch");
    await writeFile(good, writeSexpBytes(smallSheet()));
    const broken = smallSheet();
    broken.items.push(node("bogus_token", atom("1")));
    const bad = temp.path("broken.kicad_sch");
    await writeFile(bad, writeSexpBytes(broken));

    // The one kicad-cli wrapper's load probe (private config home, exit code 3 = not loadable).
    const [goodProbe, badProbe] = await Promise.all([probe(good), probe(bad)]);
    expect(goodProbe).toEqual({ loads: true });
    expect(badProbe.loads).toBe(false);
  });
});
