import { readFile, writeFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { erc } from "../../../../engine/kicad/cli/erc.js";
import { exportNetlist } from "../../../../engine/kicad/cli/export-netlist.js";
import { draftProject } from "../../../../engine/kicad/draft/draft-project.js";
import {
  type DraftResult,
  draftSchematic,
} from "../../../../engine/kicad/draft/draft-schematic.js";
import type { Intent } from "../../../../engine/kicad/draft/intent.js";
import { writeDraft } from "../../../../engine/kicad/draft/write-draft.js";
import { checkLegibility } from "../../../../engine/kicad/legibility/check-legibility.js";
import { legibilityConfigSchema } from "../../../../engine/kicad/legibility/config.js";
import type { SymbolCatalog } from "../../../../engine/kicad/library/symbol-catalog.js";
import { loadSchematicHierarchy } from "../../../../engine/kicad/schematic/hierarchy.js";
import { parseKicadNetlist } from "../../../../engine/kicad/schematic/kicad-netlist.js";
import { netlist } from "../../../../engine/kicad/schematic/netlist/netlist.js";
import { child, children, headOf, textAt } from "../../../../engine/kicad/sexp/node.js";
import { parseSexp } from "../../../../engine/kicad/sexp/parse.js";
import { orderSheetItems } from "../../../../engine/kicad/sexp/sheet-order.js";
import { writeSexp } from "../../../../engine/kicad/sexp/write.js";
import { REPO_ROOT } from "../../../helpers/fixture-project.js";
import { makeTempDir, type TempDir } from "../../../helpers/temp-dir.js";
import { treeBytes } from "../../../helpers/tree-bytes.js";
import { smallCatalog } from "./library-fixture.js";

let catalog: SymbolCatalog;
let libs: TempDir;
let out: TempDir;
let intent: Intent;
let result: DraftResult;

beforeAll(async () => {
  ({ catalog, dir: libs } = await smallCatalog());
  out = await makeTempDir();
  intent = JSON.parse(
    await readFile(`${REPO_ROOT}/examples/intents/usb-c-breakout.intent.json`, "utf8"),
  ) as Intent;
  result = await draftSchematic({
    intent,
    sheetPath: out.path("usb-c-breakout.kicad_sch"),
    catalog,
  });
  if (result.ok) await writeDraft({ files: result.files });
});
afterAll(async () => {
  await libs.remove();
  await out.remove();
});

/** The intent's nets as sorted `REF.NUMBER` lists (its three pin names spelled as numbers). */
function wantedNets(named: boolean): string[] {
  const numbers: Record<string, string> = { "J1.CC1": "J1.A5", "J1.CC2": "J1.B5", "D2.A": "D2.2" };
  return intent.nets
    .map((n) => {
      const pins = n.pins
        .map((p) => numbers[p] ?? p)
        .sort()
        .join(" ");
      return named ? `${n.name}: ${pins}` : pins;
    })
    .sort();
}

describe("drafting the USB-C breakout", () => {
  it("drafts", () => {
    if (!result.ok) throw new Error(JSON.stringify(result.findings, null, 2));
    expect(result.report.groups.map((g) => g.name)).toEqual([
      "USB-C input",
      "Protection",
      "5V output",
      "Power-good LED",
    ]);
  });

  it("passes kicad-cli ERC with zero violations of any severity", async () => {
    const report = await erc(out.path("usb-c-breakout.kicad_sch"));
    expect(
      report.violations.map(
        (v) => `${v.severity} ${v.type}: ${v.description} ${JSON.stringify(v)}`,
      ),
    ).toEqual([]);
  });

  it("has the intent's nets under kicad-cli's netlist export", async () => {
    const net = parseKicadNetlist(await exportNetlist(out.path("usb-c-breakout.kicad_sch")));
    const got = net.nets
      .filter((n) => n.nodes.length > 1)
      .map((n) =>
        n.nodes
          .map((x) => `${x.ref}.${x.pin}`)
          .sort()
          .join(" "),
      )
      .sort();
    const want = intent.nets
      .map((n) =>
        n.pins
          .map((p) =>
            p.replace("J1.CC1", "J1.A5").replace("J1.CC2", "J1.B5").replace("D2.A", "D2.2"),
          )
          .sort()
          .join(" "),
      )
      .sort();
    expect(got).toEqual(want);
  });

  it("has no findings at all: its lone CC2/LED_A names sit on the wires they name", async () => {
    const report = checkLegibility(
      await loadSchematicHierarchy(out.path("usb-c-breakout.kicad_sch")),
      {
        config: legibilityConfigSchema.parse(undefined),
      },
    );
    // (The names themselves are kept: the by-name netlist test below still finds CC2, LED_A.)
    expect(report.findings.map((f) => `${f.severity} ${f.kind} ${f.refs.join(",")}`)).toEqual([]);
  });

  it("has the intent's nets, by name, under our netlister", async () => {
    const nets = netlist(await loadSchematicHierarchy(out.path("usb-c-breakout.kicad_sch")));
    const got = nets.nets
      .filter((n) => n.nodes.length > 1)
      // Local labels on the root sheet are named with the sheet path, as KiCad does.
      .map(
        (n) =>
          `${n.name.replace(/^\//, "")}: ${n.nodes
            .map((x) => `${x.ref}.${x.pin}`)
            .sort()
            .join(" ")}`,
      )
      .sort();
    expect(got).toEqual(wantedNets(true));
  });

  it("is byte-deterministic and written in KiCad's own save order", async () => {
    if (!result.ok) throw new Error("draft failed");
    const again = await draftSchematic({
      intent: structuredClone(intent),
      sheetPath: out.path("usb-c-breakout.kicad_sch"),
      catalog,
    });
    expect(again.ok && again.files.sheet.text).toBe(result.files.sheet.text);
    const tree = parseSexp(result.files.sheet.text);
    expect(writeSexp(orderSheetItems(tree))).toBe(result.files.sheet.text);
    expect(textAt(child(tree, "generator"), 1)).toBe("copperhead");
    expect(textAt(child(child(tree, "title_block") ?? tree, "date"), 1)).toBe("2020-01-01");
    for (const symbol of children(tree, "symbol")) {
      expect(children(symbol, "property").map((p) => textAt(p, 1))).toEqual(
        expect.arrayContaining(["Reference", "Value", "Footprint", "Datasheet", "Description"]),
      );
    }
  });

  it("vendors every used symbol into the project library and references only it", async () => {
    const table = parseSexp(await readFile(out.path("sym-lib-table"), "utf8"));
    const libs = children(table, "lib");
    expect(libs.map((l) => textAt(child(l, "uri"), 1))).toEqual([
      `\${KIPRJMOD}/usb-c-breakout.kicad_sym`,
    ]);
    const library = parseSexp(await readFile(out.path("usb-c-breakout.kicad_sym"), "utf8"));
    const vendored = new Map(
      children(library, "symbol").map((s) => [`usb-c-breakout:${textAt(s, 1)}`, s]),
    );
    const sheet = parseSexp(await readFile(out.path("usb-c-breakout.kicad_sch"), "utf8"));
    const embedded = children(child(sheet, "lib_symbols") ?? sheet, "symbol");
    for (const symbol of children(sheet, "symbol"))
      expect(vendored.has(textAt(child(symbol, "lib_id"), 1) ?? "")).toBe(true);
    // The embedded copy equals the library's, so KiCad reports no lib_symbol_mismatch.
    for (const e of embedded) {
      const v = vendored.get(textAt(e, 1) ?? "");
      expect(v && writeSexp({ ...v, items: v.items.slice(2) })).toBe(
        writeSexp({ ...e, items: e.items.slice(2) }),
      );
      expect(headOf(e)).toBe("symbol");
    }
    expect(JSON.parse(await readFile(out.path("usb-c-breakout.kicad_pro"), "utf8"))).toBeTypeOf(
      "object",
    );
  });

  it("a failed draft writes nothing: the previous sheet and its library files stay byte-identical", async () => {
    // Through the path that writes (draftProject: draft, then write), with the broken intent kept
    // outside the sheet's folder so the folder's bytes before and after can be compared whole.
    const path = out.path("usb-c-breakout.kicad_sch");
    const before = await treeBytes(out.dir);
    expect(Object.keys(before)).toContain("usb-c-breakout.kicad_sch");
    const broken = structuredClone(intent);
    broken.nets.push({ name: "CC1", pins: ["R9.1", "R1.1"] });
    const elsewhere = await makeTempDir();
    try {
      await writeFile(elsewhere.path("broken.intent.json"), JSON.stringify(broken));
      const failed = await draftProject({
        intentPath: elsewhere.path("broken.intent.json"),
        sheetPath: path,
        docsDir: elsewhere.path("docs"),
        catalog,
      });
      expect(failed.ok).toBe(false);
      expect(await treeBytes(out.dir)).toEqual(before);
    } finally {
      await elsewhere.remove();
    }
  });

  it("draws the short local nets as real wires, each with one naming label", async () => {
    const tree = parseSexp(await readFile(out.path("usb-c-breakout.kicad_sch"), "utf8"));
    const labels = children(tree, "label").map((l) => textAt(l, 1));
    expect(labels.filter((l) => l === "LED_A")).toHaveLength(1);
    // CC1 and CC2: each 5.1k resistor hangs from its CC pin, wired, the net named once.
    expect(labels.filter((l) => l === "CC1")).toHaveLength(1);
    expect(labels.filter((l) => l === "CC2")).toHaveLength(1);
    const wires = children(tree, "wire").map((w) =>
      children(child(w, "pts") ?? w, "xy").map((p) => ({
        x: Number(textAt(p, 1)),
        y: Number(textAt(p, 2)),
      })),
    );
    // No wire end (and so no junction or pin) lies inside another wire: wires meet at their ends.
    const inside = (p: { x: number; y: number }, [a, b]: { x: number; y: number }[]) =>
      a !== undefined &&
      b !== undefined &&
      ((a.x === b.x && p.x === a.x && p.y > Math.min(a.y, b.y) && p.y < Math.max(a.y, b.y)) ||
        (a.y === b.y && p.y === a.y && p.x > Math.min(a.x, b.x) && p.x < Math.max(a.x, b.x)));
    for (const wire of wires) {
      expect(wire).toHaveLength(2);
      for (const p of wire)
        expect(wires.filter((other) => other !== wire && inside(p, other))).toEqual([]);
    }
  });
});
