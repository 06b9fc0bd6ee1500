import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import {
  readSchematic,
  type Schematic,
} from "../../../../engine/kicad/schematic/read-schematic.js";
import { SchematicError } from "../../../../engine/kicad/schematic/schematic-error.js";
import { parseSexp } from "../../../../engine/kicad/sexp/parse.js";
import { propertyValue } from "../../../../engine/kicad/symbol/property.js";
import { DEMO_DIR, demoName, demoProjects } from "../../../helpers/demo-corpus.js";

const cache = new Map<string, { text: string; sheet: Schematic }>();
function demo(path: string) {
  const file = path.startsWith("/") ? path : `${DEMO_DIR}/${path}`;
  let entry = cache.get(file);
  if (!entry) {
    const text = readFileSync(file, "utf8");
    entry = { text, sheet: readSchematic(parseSexp(text, { file }), { file }) };
    cache.set(file, entry);
  }
  return entry;
}

/** Counts top-level `(head` items straight from the text: KiCad 9 indents with one tab, older files with two spaces. */
function textCount(text: string, head: string): number {
  const re = new RegExp(`^(?:\\t|  )\\(${head}(?=[\\s)])`, "gm");
  return text.match(re)?.length ?? 0;
}

describe("every demo sheet reads, and the view holds every item the file has", () => {
  const files = demoProjects().flatMap((p) => p.schematics);
  test("the corpus is there", () => expect(files.length).toBeGreaterThanOrEqual(93));

  test.each(files.map((f) => [demoName(f), f]))("%s", (_name, file) => {
    const { text, sheet } = demo(file);
    expect(sheet.wires.length).toBe(textCount(text, "wire"));
    expect(sheet.buses.length).toBe(textCount(text, "bus"));
    expect(sheet.busEntries.length).toBe(textCount(text, "bus_entry"));
    expect(sheet.junctions.length).toBe(textCount(text, "junction"));
    expect(sheet.noConnects.length).toBe(textCount(text, "no_connect"));
    expect(sheet.symbols.length).toBe(textCount(text, "symbol"));
    expect(sheet.sheets.length).toBe(textCount(text, "sheet"));
    expect(sheet.busAliases.length).toBe(textCount(text, "bus_alias"));
    expect(sheet.texts.length).toBe(textCount(text, "text") + textCount(text, "text_box"));
    const labels = (kind: string) => sheet.labels.filter((l) => l.kind === kind).length;
    expect(labels("local")).toBe(textCount(text, "label"));
    expect(labels("global")).toBe(textCount(text, "global_label"));
    expect(labels("hierarchical")).toBe(textCount(text, "hierarchical_label"));
    // Every placed symbol finds its definition in the file's lib_symbols.
    expect(sheet.symbols.filter((s) => !s.lib).map((s) => s.libId)).toEqual([]);
    expect(sheet.stamp.version).toBeGreaterThan(20200000);
  });
});

describe("fields of the typed view", () => {
  test("header: stamp, paper, title block", () => {
    const { sheet } = demo("pic_programmer/pic_programmer.kicad_sch");
    expect(sheet.stamp).toEqual({
      version: 20250114,
      generator: "eeschema",
      generatorVersion: "9.0",
    });
    expect(sheet.paper).toEqual({ name: "A4", width: 297, height: 210, portrait: false });
    expect(sheet.titleBlock).toMatchObject({
      title: "JDM - COM84 PIC Programmer with 13V DC/DC converter",
      date: "05 jan 2014",
      rev: "2",
      company: "KiCad",
    });
  });

  test("portrait and user-sized paper", () => {
    expect(demo("stickhub/StickHub.kicad_sch").sheet.paper).toEqual({
      name: "A3",
      width: 297,
      height: 420,
      portrait: true,
    });
    const user = readSchematic(
      parseSexp(`(kicad_sch (version 20250114) (paper "User" 431.8 200))`),
    );
    expect(user.paper).toEqual({ name: "User", width: 431.8, height: 200, portrait: false });
    expect(readSchematic(parseSexp("(kicad_sch (version 20250114))")).paper.name).toBe("A4");
  });

  test("a mirrored unit of a multi-unit part, with its fields' effects", () => {
    const { sheet } = demo("pic_programmer/pic_programmer.kicad_sch");
    const u2 = sheet.symbols.find((s) => s.uuid === "00000000-0000-0000-0000-0000442a4d6b")!;
    expect(u2).toMatchObject({
      libId: "pic_programmer:74LS125",
      at: { x: 110.49, y: 106.68 },
      rotation: 0,
      mirror: "y",
      unit: 4,
      reference: "U2",
      value: "74HC125",
      inBom: true,
      onBoard: true,
      dnp: false,
      power: false,
    });
    expect(u2.lib?.unitCount).toBe(4);
    const ref = u2.properties.find((p) => p.name === "Reference")!;
    expect(ref.at).toEqual({ x: 110.49, y: 104.14, angle: 0 });
    expect(ref.effects).toMatchObject({ justifyH: "left", justifyV: "bottom", hidden: false });
    expect(ref.effects.size).toEqual({ height: 1.27, width: 1.27 });
  });

  test("power symbols are recognised by their library symbol's power flag", () => {
    const { sheet } = demo("pic_programmer/pic_programmer.kicad_sch");
    expect(sheet.powerSymbols.length).toBeGreaterThan(10);
    for (const s of sheet.powerSymbols) expect(s.reference.startsWith("#")).toBe(true);
    expect(sheet.symbols.filter((s) => s.lib?.power).length).toBe(sheet.powerSymbols.length);
  });

  test("a hierarchical sheet with its pins and instance", () => {
    const { sheet } = demo("royalblue54L_feather/RoyalBlue54L-Feather.kicad_sch");
    const connectors = sheet.sheets.find((s) => s.name === "Connectors")!;
    expect(connectors).toMatchObject({
      file: "sch/Connectors.kicad_sch",
      at: { x: 93.98, y: 118.11 },
      size: { width: 41.91, height: 22.86 },
      uuid: "0a43c989-a862-4ff1-8fb5-5f7c93f777a1",
    });
    expect(connectors.pins.map((p) => p.name)).toEqual([
      "ENABLE",
      "SHPHLD",
      "UART{TX, RX}",
      "SPI{SCK, MOSI, MISO}",
      "I2C{SCL, SDA}",
      "ANALOG{A[0..5]}",
      "DIG{D5 D6 D[9..13]}",
      "~{RESET}",
    ]);
    expect(connectors.pins.find((p) => p.name === "UART{TX, RX}")).toMatchObject({
      shape: "input",
      at: { x: 135.89, y: 133.35 },
      angle: 0,
    });
    expect(connectors.instances[0]?.path).toBe(`/${sheet.uuid}`);
  });

  test("labels: hierarchical with shape and direction", () => {
    const { sheet } = demo("pic_programmer/pic_sockets.kicad_sch");
    const clock = sheet.labels.find((l) => l.text === "CLOCK-RB6" && l.kind === "hierarchical")!;
    expect(sheet.labels.filter((l) => l.text === "CLOCK-RB6" && l.kind === "local").length).toBe(5);
    expect(clock).toMatchObject({
      kind: "hierarchical",
      shape: "input",
      at: { x: 48.26, y: 50.8 },
      angle: 180,
    });
  });

  test("a reused sheet's symbol carries one reference per instance", () => {
    const { sheet } = demo("complex_hierarchy/ampli_ht.kicad_sch");
    const rv = sheet.symbols.find((s) => s.uuid === "00000000-0000-0000-0000-00004b3a1357")!;
    expect(rv.instances.map((i) => i.reference)).toEqual(["RV201", "RV301"]);
    expect(rv.properties.find((p) => p.name === "Datasheet")?.hidden).toBe(true);
    expect(rv.properties.find((p) => p.name === "Footprint")?.effects.size.height).toBe(0.254);
  });

  test("a text box, and bus aliases", () => {
    const box = demo("simulation/ibis/ibis.kicad_sch").sheet.texts.find(
      (t) => t.kind === "text_box",
    )!;
    expect(box).toMatchObject({
      at: { x: 203.2, y: 15.24 },
      size: { width: 78.74, height: 30.48 },
    });
    expect(box.text).toMatch(/^IBIS models are either "drivers" or "devices"\.\n/);
    const aliases = demo("vme-wren/clocks.kicad_sch").sheet.busAliases;
    const wrClk = aliases.find((a) => a.name === "WR_CLK")!;
    expect(wrClk.members.slice(0, 2)).toEqual(["WR_CLK.SFP_P", "WR_CLK.SFP_N"]);
  });

  test("an older file: lib_name picks the embedded variant", () => {
    const { sheet } = demo("simulation/laser_driver/laser_driver.kicad_sch");
    expect(sheet.stamp.version).toBe(20230121);
    const r1 = sheet.symbols.find((s) => s.reference === "R1")!;
    expect(r1.libName).toBe("R_1");
    expect(r1.lib?.name).toBe("R_1");
    expect(propertyValue(r1.lib!.properties, "Value")).toBe("R_1");
  });

  test("a file that is not a schematic is a SchematicError", () => {
    expect(() => readSchematic(parseSexp("(kicad_pcb (version 1))"))).toThrow(SchematicError);
  });
});
