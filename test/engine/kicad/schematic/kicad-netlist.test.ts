import { describe, expect, test } from "vitest";
import {
  KicadNetlistError,
  parseKicadNetlist,
} from "../../../../engine/kicad/schematic/kicad-netlist.js";
import { DEMO_DIR } from "../../../helpers/demo-corpus.js";
import { cachedNetlist } from "../../../helpers/kicad-cache.js";

describe("parseKicadNetlist reads kicad-cli's kicadsexpr netlist", () => {
  test("components, nets and nodes of a real export", async () => {
    const text = await cachedNetlist(`${DEMO_DIR}/pic_programmer/pic_programmer.kicad_sch`);
    const netlist = parseKicadNetlist(text);
    expect(netlist.tool).toMatch(/^Eeschema 9\./);
    expect(netlist.components.length).toBe(text.match(/\(comp \(ref "/g)?.length);
    expect(netlist.nets.length).toBe(text.match(/\(net \(code "/g)?.length);
    expect(netlist.nets.flatMap((n) => n.nodes).length).toBe(text.match(/\(node \(ref "/g)?.length);
    expect(netlist.sheets.map((s) => s.name)).toEqual(["/", "/pic_sockets/"]);
    const c1 = netlist.components.find((c) => c.ref === "C1")!;
    expect(c1).toMatchObject({ lib: "pic_programmer", part: "CP", sheetNames: "/" });
    expect(c1.properties.Sheetfile).toBe("pic_programmer.kicad_sch");
    // Power and flag symbols are not components.
    expect(netlist.components.some((c) => c.ref.startsWith("#"))).toBe(false);
    const clock = netlist.nets.find((n) => n.name === "/CLOCK-RB6")!;
    expect(clock.nodes).toContainEqual({
      ref: "U1",
      pin: "6",
      pinfunction: "SCL",
      pintype: "input",
    });
    expect(clock.nodes).toContainEqual({
      ref: "R13",
      pin: "2",
      pinfunction: undefined,
      pintype: "passive",
    });
  });

  test("anything else is a typed error", () => {
    expect(() => parseKicadNetlist("(kicad_sch (version 1))")).toThrow(KicadNetlistError);
    expect(() =>
      parseKicadNetlist('(export (nets (net (code 1) (name "x") (node (ref 5)))))'),
    ).not.toThrow();
    expect(() => parseKicadNetlist("not a netlist")).toThrow(/expected/);
  });
});
