import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { draftSchematic } from "../../../../engine/kicad/draft/draft-schematic.js";
import type { Intent } from "../../../../engine/kicad/draft/intent.js";
import type { SymbolSource } from "../../../../engine/kicad/draft/symbol-source.js";
import type { SymbolCatalog } from "../../../../engine/kicad/library/symbol-catalog.js";
import { LIMITS } from "../../../../engine/limits.js";
import { makeTempDir, type TempDir } from "../../../helpers/temp-dir.js";
import { treeBytes } from "../../../helpers/tree-bytes.js";
import { smallCatalog } from "./library-fixture.js";

let catalog: SymbolCatalog;
let dir: TempDir;

beforeAll(async () => {
  ({ catalog, dir } = await smallCatalog());
});
afterAll(() => dir.remove());

/**
 * Two groups (refs that sort differently as text and as numbers), a rail KiCad has its own
 * symbol for (+3V3, driven by the regulator's power_out pin, so no PWR_FLAG), a rail it has none
 * for (VRAIL, the generic VCC), ground, a signal, a grouped note and a sheet-wide one.
 */
function smallIntent(): Intent {
  return {
    version: 1,
    title: "Divider",
    parts: [
      { ref: "J1", libId: "Connector_Generic:Conn_01x04", value: "Header", group: "Input" },
      { ref: "R10", libId: "Device:R", value: "10k", group: "Divider" },
      { ref: "R2", libId: "Device:R", value: "10k", group: "Divider" },
      { ref: "C1", libId: "Device:C", value: "100n", group: "Input" },
      { ref: "U1", libId: "Regulator_Linear:AMS1117-3.3", value: "AMS1117-3.3", group: "Input" },
    ],
    nets: [
      { name: "VRAIL", pins: ["J1.4", "R10.2", "U1.3"], kind: "power" },
      { name: "MID", pins: ["J1.3", "R2.2", "R10.1"] },
      { name: "GND", pins: ["J1.2", "C1.2", "U1.1"], kind: "ground" },
      { name: "+3V3", pins: ["J1.1", "R2.1", "C1.1", "U1.2"], kind: "power" },
    ],
    notes: [{ text: "Divider halves the rail", group: "Divider" }, { text: "Probe board" }],
  };
}

/** A folder holding one file of a person's, and a check that a draft left it exactly so. */
async function personFolder(): Promise<{ sheetPath: string; unchanged: () => Promise<void> }> {
  const folder = await makeTempDir();
  onTestFinished(() => folder.remove());
  await writeFile(folder.path("notes.txt"), "mine\n");
  const before = await treeBytes(folder.dir);
  return {
    sheetPath: folder.path("board.kicad_sch"),
    unchanged: async () => expect(await treeBytes(folder.dir)).toEqual(before),
  };
}

const count = (text: string, pattern: RegExp) => text.match(pattern)?.length ?? 0;

describe("draftSchematic's report and files", () => {
  it("reports the whole draft of a small intent, and writes nothing itself", async () => {
    const { sheetPath, unchanged } = await personFolder();
    const result = await draftSchematic({ intent: smallIntent(), sheetPath, catalog });
    await unchanged();
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const text = result.files.sheet.text;
    expect(result.report).toEqual({
      sheet: "board.kicad_sch",
      paper: expect.stringMatching(/^A\d$/),
      groups: [
        { name: "Divider", members: ["R2", "R10"] },
        { name: "Input", members: ["C1", "J1", "U1"] },
      ],
      wireCount: count(text, /\(wire\b/g),
      labelCount: count(text, /\(label\b/g),
      netClasses: [
        { name: "+3V3", class: "power", basis: "kind" },
        { name: "GND", class: "ground", basis: "kind" },
        { name: "MID", class: "signal", basis: "name" },
        { name: "VRAIL", class: "power", basis: "kind" },
      ],
      pwrFlags: ["GND", "VRAIL"],
      noConnects: count(text, /\(no_connect\b/g),
      openPins: [],
      joinedPins: [],
      notes: ["Divider: Divider halves the rail", "Probe board"],
    });
    // The counts are of a real drawing: wires and the signal's labels, every pin in a net.
    expect(result.report.wireCount).toBeGreaterThan(0);
    expect(result.report.labelCount).toBeGreaterThan(0);
    expect(result.report.noConnects).toBe(0);
    expect(text).toContain(`(paper "${result.report.paper}")`);
    expect(text).toContain("Probe board");

    // KiCad's own +3V3 where it has one, the generic VCC for VRAIL, and flags only where wanted.
    const libIds = new Set([...text.matchAll(/\(lib_id "([^"]+)"\)/g)].map((m) => m[1]));
    expect([...libIds].sort()).toEqual(
      [
        "board:+3V3",
        "board:AMS1117-3.3",
        "board:C",
        "board:Conn_01x04",
        "board:GND",
        "board:PWR_FLAG",
        "board:R",
        "board:VCC",
      ].sort(),
    );
    expect(count(text, /\(lib_id "board:PWR_FLAG"\)/g)).toBe(2);

    const folder = join(sheetPath, "..");
    expect(result.files.sheet.path).toBe(sheetPath);
    expect(result.files.library.path).toBe(join(folder, "board.kicad_sym"));
    expect(result.files.library.text).toMatch(/^\(kicad_symbol_lib/);
    for (const name of ["+3V3", "VCC", "GND", "PWR_FLAG", "R", "C", "AMS1117-3.3"])
      expect(result.files.library.text).toContain(`(symbol "${name}"`);
    expect(result.files.symLibTable.path).toBe(join(folder, "sym-lib-table"));
    expect(result.files.symLibTable.text).toContain('(name "board")');
    // KiCad's own variable, spelled out (a literal "${…}" reads to lint as a mistaken template).
    expect(result.files.symLibTable.text).toContain(["$", "{KIPRJMOD}/board.kicad_sym"].join(""));
    expect(result.files.project).toEqual({
      path: join(folder, "board.kicad_pro"),
      text: `${JSON.stringify({ meta: { filename: "board.kicad_pro", version: 1 } }, null, 2)}\n`,
    });
  });
});

describe("draftSchematic's refusals: a typed finding with its fix, and nothing written", () => {
  it("an intent beyond LIMITS.intentParts, before any symbol is looked up", async () => {
    const { sheetPath, unchanged } = await personFolder();
    const parts = Array.from({ length: LIMITS.intentParts + 1 }, (_, i) => ({
      ref: `R${i + 1}`,
      libId: "Device:R",
    }));
    let lookups = 0;
    const counting: SymbolSource = {
      resolve: (id) => {
        lookups += 1;
        return catalog.resolve(id);
      },
    };
    const result = await draftSchematic({
      intent: { version: 1, parts, nets: [] },
      sheetPath,
      catalog: counting,
    });
    await unchanged();
    expect(lookups).toBe(0);
    expect(result).toEqual({
      ok: false,
      findings: [
        {
          kind: "does-not-fit",
          path: "parts",
          detail: `the intent has ${LIMITS.intentParts + 1} parts and copperhead drafts at most ${LIMITS.intentParts} on one sheet; split the design into one intent per sheet`,
        },
      ],
    });
  });

  it.each([
    {
      name: "a note for a group no part is in",
      note: { text: "lost", group: "Nowhere" },
      finding: {
        kind: "unknown-group",
        path: "notes[0].group",
        detail:
          'no part is in group "Nowhere", so the note would be drawn nowhere; use one of "Divider", "Input", or leave group out for a note in the title block',
      },
    },
    {
      name: "a sheet-wide note line longer than the title block holds",
      note: { text: "x".repeat(91) },
      finding: {
        kind: "does-not-fit",
        path: "notes[0].text",
        detail:
          "a sheet-wide note goes into the title block, whose lines hold 90 characters, and this line has 91; break it into shorter lines or give the note a group (it is then drawn in that group's box)",
      },
    },
  ])("$name", async ({ note, finding }) => {
    const { sheetPath, unchanged } = await personFolder();
    const intent = smallIntent();
    intent.notes = [note];
    const result = await draftSchematic({ intent, sheetPath, catalog });
    await unchanged();
    expect(result).toEqual({ ok: false, findings: [finding] });
  });

  it.each(["power:VCC", "power:GND", "power:PWR_FLAG"])(
    "libraries without %s: an engine-fault naming it and KiCad's power library",
    async (missing) => {
      const { sheetPath, unchanged } = await personFolder();
      // The installed catalog with just that one symbol gone, as a library folder lacking it reads.
      const without: SymbolSource = {
        resolve: (id) => catalog.resolve(id === missing ? "power:NoSuchSymbol" : id),
      };
      const result = await draftSchematic({ intent: smallIntent(), sheetPath, catalog: without });
      await unchanged();
      expect(result).toEqual({
        ok: false,
        findings: [
          {
            kind: "engine-fault",
            path: "",
            detail: `the installed libraries have no "${missing}"; install KiCad's power library (power.kicad_sym) in the symbol folder`,
          },
        ],
      });
    },
  );

  it("a rail whose KiCad symbol is missing drafts with the generic one instead", async () => {
    const { sheetPath, unchanged } = await personFolder();
    const without: SymbolSource = {
      resolve: (id) => catalog.resolve(id === "power:+3V3" ? "power:NoSuchSymbol" : id),
    };
    const result = await draftSchematic({ intent: smallIntent(), sheetPath, catalog: without });
    await unchanged();
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.files.sheet.text).not.toContain('(lib_id "board:+3V3")');
    expect(result.files.sheet.text).toContain('(lib_id "board:VCC")');
  });

  it("a ground net named like a rail is drawn with the ground symbol, never the rail's", async () => {
    const { sheetPath, unchanged } = await personFolder();
    const intent = smallIntent();
    // VRAIL becomes +5V, which has KiCad's own symbol, so nothing else asks for the generic VCC.
    const renamed: Record<string, string> = { GND: "VCC", VRAIL: "+5V" };
    intent.nets = intent.nets.map((n) => ({ ...n, name: renamed[n.name] ?? n.name }));
    const result = await draftSchematic({ intent, sheetPath, catalog });
    await unchanged();
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const text = result.files.sheet.text;
    expect(text).toContain('(lib_id "board:GND")');
    expect(text).not.toContain('(lib_id "board:VCC")');
  });

  it("the report's net classes come sorted by name whatever order the intent lists them in", async () => {
    const { sheetPath } = await personFolder();
    const forward = smallIntent();
    forward.nets = [...forward.nets].sort((a, b) => (a.name < b.name ? -1 : 1));
    const backward = smallIntent();
    backward.nets = [...forward.nets].reverse();
    const names = async (intent: Intent) => {
      const result = await draftSchematic({ intent, sheetPath, catalog });
      expect(result.ok).toBe(true);
      return result.ok ? result.report.netClasses.map((c) => c.name) : [];
    };
    const sorted = ["+3V3", "GND", "MID", "VRAIL"];
    expect(await names(forward)).toEqual(sorted);
    expect(await names(backward)).toEqual(sorted);
  });

  it("a title-block date wins over hints.date", async () => {
    const { sheetPath } = await personFolder();
    const intent = {
      ...smallIntent(),
      titleBlock: { date: "3 Dec 2026" },
      hints: { date: "2020-01-01" },
    };
    const result = await draftSchematic({ intent, sheetPath, catalog });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.files.sheet.text).toContain('(date "3 Dec 2026")');
    expect(result.files.sheet.text).not.toContain("2020-01-01");
  });
});

/** The catalog, recording every id the drafter asks it for, in order. */
function recording(): { source: SymbolSource; lookups: string[] } {
  const lookups: string[] = [];
  return {
    lookups,
    source: {
      resolve: (id) => {
        lookups.push(id);
        return catalog.resolve(id);
      },
    },
  };
}

const libIdsOf = (text: string) =>
  [...new Set([...text.matchAll(/\(lib_id "([^"]+)"\)/g)].map((m) => m[1]))].sort();
const librarySymbols = (text: string) =>
  [...text.matchAll(/^\t\(symbol "([^"]+)"/gm)].map((m) => m[1]).sort();

describe("draftSchematic's report of other intents", () => {
  it("an intent of signal nets only and no notes: no power symbol looked up for them, drawn or vendored", async () => {
    const { sheetPath, unchanged } = await personFolder();
    const { source, lookups } = recording();
    const intent: Intent = {
      version: 1,
      parts: [
        { ref: "J1", libId: "Connector_Generic:Conn_01x03", value: "Header", group: "Taps" },
        { ref: "R1", libId: "Device:R", value: "1k", group: "Taps" },
        { ref: "R2", libId: "Device:R", value: "1k", group: "Taps" },
      ],
      nets: [
        { name: "TOP", pins: ["J1.1", "R1.1"] },
        { name: "MID", pins: ["J1.2", "R1.2", "R2.1"] },
        { name: "BOT", pins: ["J1.3", "R2.2"] },
      ],
    };
    const result = await draftSchematic({ intent, sheetPath, catalog: source });
    await unchanged();
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const text = result.files.sheet.text;
    expect(result.report).toEqual({
      sheet: "board.kicad_sch",
      paper: expect.stringMatching(/^A\d$/),
      groups: [{ name: "Taps", members: ["J1", "R1", "R2"] }],
      wireCount: count(text, /\(wire\b/g),
      labelCount: count(text, /\(label\b/g),
      netClasses: ["BOT", "MID", "TOP"].map((name) => ({ name, class: "signal", basis: "name" })),
      pwrFlags: [],
      noConnects: 0,
      openPins: [],
      joinedPins: [],
      notes: [],
    });
    // The three generic power symbols are always checked for; a signal net's name never is.
    expect(lookups.filter((id) => id.startsWith("power:"))).toEqual([
      "power:VCC",
      "power:GND",
      "power:PWR_FLAG",
    ]);
    // Only what the sheet draws is vendored: no power symbol on a sheet without one.
    expect(libIdsOf(text)).toEqual(["board:Conn_01x03", "board:R"]);
    expect(librarySymbols(result.files.library.text)).toEqual(["Conn_01x03", "R"]);
  });

  it("a stacked pin left out and a ground net with its own KiCad symbol (GNDA)", async () => {
    const { sheetPath, unchanged } = await personFolder();
    const { source, lookups } = recording();
    // LP38691SD-1.8's IN pins 1 and 6 are stacked: pin 6, left out, joins VIN.
    const intent: Intent = {
      version: 1,
      parts: [
        {
          ref: "U1",
          libId: "Regulator_Linear:LP38691SD-1.8",
          value: "LP38691SD-1.8",
          group: "LDO",
        },
        { ref: "C1", libId: "Device:C", value: "1µF", group: "LDO" },
        { ref: "C2", libId: "Device:C", value: "1µF", group: "LDO" },
        { ref: "J1", libId: "Connector_Generic:Conn_01x03", value: "Header", group: "LDO" },
      ],
      nets: [
        { name: "VIN", pins: ["U1.1", "C1.1", "J1.1"], kind: "power" },
        { name: "GNDA", pins: ["U1.2", "C1.2", "C2.2", "J1.2"], kind: "ground" },
        { name: "+1V8", pins: ["U1.4", "U1.5", "C2.1", "J1.3"], kind: "power" },
      ],
      noConnect: ["U1.7"],
    };
    const result = await draftSchematic({ intent, sheetPath, catalog: source });
    await unchanged();
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const text = result.files.sheet.text;
    expect(result.report).toEqual({
      sheet: "board.kicad_sch",
      paper: expect.stringMatching(/^A\d$/),
      groups: [{ name: "LDO", members: ["C1", "C2", "J1", "U1"] }],
      wireCount: count(text, /\(wire\b/g),
      labelCount: count(text, /\(label\b/g),
      netClasses: [
        { name: "+1V8", class: "power", basis: "kind" },
        { name: "GNDA", class: "ground", basis: "kind" },
        { name: "VIN", class: "power", basis: "kind" },
      ],
      // +1V8 is driven by the regulator's power_out pin; VIN and GNDA by nothing on the sheet.
      pwrFlags: ["GNDA", "VIN"],
      noConnects: count(text, /\(no_connect\b/g),
      openPins: [],
      joinedPins: [{ pin: "U1.6", net: "VIN", why: "stacked" }],
      notes: [],
    });
    expect(result.report.noConnects).toBe(1);
    expect(lookups.filter((id) => id.startsWith("power:"))).toEqual([
      "power:VCC",
      "power:GND",
      "power:PWR_FLAG",
      "power:VIN",
      "power:GNDA",
      "power:+1V8",
    ]);
    // KiCad's own GNDA and +1V8; VIN, for which KiCad has none, the generic rail.
    expect(libIdsOf(text)).toEqual(
      [
        "board:+1V8",
        "board:C",
        "board:Conn_01x03",
        "board:GNDA",
        "board:LP38691SD-1.8",
        "board:PWR_FLAG",
        "board:VCC",
      ].sort(),
    );
  });
});

describe("draftSchematic's does-not-fit refusal, compared whole", () => {
  /** Two resistors and a grouped note `lines` lines long: the group's box grows with the note. */
  const tall = (lines: number, paper?: string) => ({
    version: 1,
    parts: [
      { ref: "R1", libId: "Device:R", value: "1k", group: "Tall" },
      { ref: "R2", libId: "Device:R", value: "1k", group: "Tall" },
    ],
    nets: [
      { name: "A", pins: ["R1.1", "R2.1"] },
      { name: "B", pins: ["R1.2", "R2.2"] },
    ],
    notes: [
      { group: "Tall", text: Array.from({ length: lines }, (_, i) => `step ${i}`).join("\n") },
    ],
    ...(paper ? { hints: { paper } } : {}),
  });
  const refusal = async (intent: unknown) => {
    const { sheetPath, unchanged } = await personFolder();
    const result = await draftSchematic({ intent, sheetPath, catalog });
    await unchanged();
    expect(result.ok).toBe(false);
    const findings = result.ok ? [] : result.findings;
    expect(findings).toHaveLength(1);
    const detail = findings[0]?.detail ?? "";
    const [content, usable] = [...detail.matchAll(/(\d+) x (\d+) mm/g)].map((m) => ({
      width: Number(m[1]),
      height: Number(m[2]),
    }));
    return { finding: findings[0], content, usable };
  };
  const need = (
    content: { width: number; height: number },
    usable: { width: number; height: number },
  ) =>
    `the 2 parts in 1 group(s) need ${content.width} x ${content.height} mm, more than the ${usable.width} x ${usable.height} mm usable on`;
  const split =
    "split the design into smaller groups on separate sheets (one intent per sheet) or reduce the parts";
  // 400 lines of 2.54 mm are taller than A0 (841 mm) itself: no paper holds them, pinned or not.
  const LINES = 400;

  it.each([
    { pinned: undefined, on: "A0", why: "the largest paper" },
    { pinned: "A0", on: "A0", why: "the paper pinned by hints.paper" },
    { pinned: "A4", on: "A4", why: "the paper pinned by hints.paper" },
  ])(
    "no paper holds it, on $on, $why: the sizes, the paper and the split fix",
    async ({ pinned, on, why }) => {
      const { finding, content, usable } = await refusal(tall(LINES, pinned));
      if (!content || !usable) throw new Error("the finding names no sizes");
      expect(content.height).toBeGreaterThanOrEqual(Math.floor(LINES * 2.54));
      expect(content.height).toBeGreaterThan(usable.height);
      expect(finding).toEqual({
        kind: "does-not-fit",
        path: "",
        detail: `${need(content, usable)} ${on}, ${why}; ${split}`,
      });
    },
  );

  it("pinned to a paper too small: names the smallest paper that holds it, which then drafts", async () => {
    const lines = 40;
    const { sheetPath } = await personFolder();
    const free = await draftSchematic({ intent: tall(lines), sheetPath, catalog });
    expect(free.ok).toBe(true);
    const smallest = free.ok ? free.report.paper : "";
    expect(smallest).not.toBe("A5");
    const { finding, content, usable } = await refusal(tall(lines, "A5"));
    if (!content || !usable) throw new Error("the finding names no sizes");
    expect(finding).toEqual({
      kind: "does-not-fit",
      path: "",
      detail: `${need(content, usable)} A5, the paper pinned by hints.paper; remove hints.paper (the smallest paper that holds them is ${smallest}) or pin that paper`,
    });
    const retry = await draftSchematic({ intent: tall(lines, smallest), sheetPath, catalog });
    expect(retry.ok && retry.report.paper).toBe(smallest);
  });
});
