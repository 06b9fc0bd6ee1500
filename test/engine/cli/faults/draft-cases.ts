import { chmod, copyFile, mkdir, readFile, rm } from "node:fs/promises";
import { type CaseDir, type FaultCase, USB_INTENT } from "./fault-case.js";

const usb = () => readFile(USB_INTENT, "utf8");

/** examples/led without its docs (whose BOM describes the LED board, not the intent drafted). */
async function ledFolder(d: CaseDir): Promise<void> {
  await d.led();
  await rm(d.path("docs"), { recursive: true });
}

/** A first draft of the USB-C breakout into usb.kicad_sch, as an earlier run left it. */
async function intentWith(
  d: CaseDir,
  name: string,
  change: (intent: Record<string, unknown>) => unknown,
) {
  const intent = JSON.parse(await usb()) as Record<string, unknown>;
  await d.write(name, JSON.stringify(change(intent) ?? intent));
}

/** `draft` faults: bad intents, and everything a draft must not replace. */
export const draftCases: FaultCase[] = [
  {
    name: "draft: --intent names a folder",
    setup: (d) => mkdir(d.path("intent.json")),
    args: ["draft", "--intent", "intent.json", "--out", "x.kicad_sch"],
    exit: 2,
    says: /intent\.json is a folder where a file is expected — name a file/,
  },
  {
    name: "draft: --intent names nothing",
    args: ["draft", "--intent", "gone.json", "--out", "x.kicad_sch"],
    exit: 2,
    says: /no intent at \S*gone\.json — write the intent there or pass --intent/,
  },
  {
    name: "draft: an intent that is not JSON",
    setup: (d) => d.write("bad.json", '{ "parts": [ '),
    args: ["draft", "--intent", "bad.json", "--out", "x.kicad_sch"],
    exit: 1,
    says: /\[shape\] the intent is not valid JSON .*; fix the syntax\nnothing was written/,
  },
  {
    name: "draft: an intent saved with a byte order mark drafts",
    setup: async (d) => d.write("usb.json", `\uFEFF${await usb()}`),
    args: ["draft", "--intent", "usb.json", "--out", "usb.kicad_sch"],
    exit: 0,
    says: /^drafted usb\.kicad_sch: 4 group\(s\)/m,
    changes: ["usb.kicad_sch", "usb.kicad_sym", "usb.kicad_pro", "sym-lib-table"],
  },
  {
    name: "draft: an intent that is a JSON array",
    setup: (d) => d.write("list.json", "[1, 2, 3]\n"),
    args: ["draft", "--intent", "list.json", "--out", "x.kicad_sch"],
    exit: 1,
    says: /\[shape\].*fix this field \(docs\/intent\.md lists every field\)/,
  },
  {
    name: "draft: an intent of 20,001 parts",
    setup: (d) =>
      intentWith(d, "huge.json", (intent) => {
        const one = (intent.parts as Array<Record<string, unknown>>)[0]!;
        return {
          ...intent,
          parts: Array.from({ length: 20_001 }, (_, i) => ({ ...one, ref: `R${i + 1}` })),
        };
      }),
    args: ["draft", "--intent", "huge.json", "--out", "x.kicad_sch"],
    exit: 1,
    says: /\[does-not-fit\] parts: the intent has 20001 parts and copperhead drafts at most 20000 on one sheet; split the design/,
  },
  {
    name: "draft: a note for a group no part is in",
    setup: (d) =>
      intentWith(d, "lost.json", (i) => ({ ...i, notes: [{ group: "Nowhere", text: "lost" }] })),
    args: ["draft", "--intent", "lost.json", "--out", "x.kicad_sch"],
    exit: 1,
    says: /\[unknown-group\] notes\[0\]\.group: no part is in group "Nowhere", so the note would be drawn nowhere; use one of/,
  },
  {
    name: "draft: --out names a folder",
    setup: (d) => mkdir(d.path("sheet.kicad_sch")),
    args: ["draft", "--intent", USB_INTENT, "--out", "sheet.kicad_sch"],
    exit: 2,
    says: /sheet\.kicad_sch: a folder stands where the draft's file goes[\s\S]* — pass --out with a new file name/,
  },
  {
    name: "draft: --out is not a .kicad_sch",
    args: ["draft", "--intent", USB_INTENT, "--out", "x.txt"],
    exit: 2,
    says: /--out x\.txt is not a \.kicad_sch path — name the sheet file/,
  },
  {
    name: "draft: --from names nothing",
    args: ["draft", "--from", "gone.kicad_sch"],
    exit: 2,
    says: /root schematic \S*gone\.kicad_sch does not exist — pass the path of an existing \.kicad_sch/,
  },
  {
    name: "draft: --from a KiCad 5 .sch",
    setup: (d) => d.write("old.sch", "EESchema Schematic File Version 4\n"),
    args: ["draft", "--from", "old.sch"],
    exit: 2,
    says: /old\.sch is a KiCad 5 \(or older\) schematic/,
  },
  {
    name: "draft: --from X --out X without --force",
    setup: ledFolder,
    args: ["draft", "--from", "led.kicad_sch", "--out", "./led.kicad_sch"],
    exit: 2,
    says: /--from and --out are the same file \(led\.kicad_sch\).* — .*pass --force to redraw it in place/,
  },
  {
    name: "draft: --intent together with --from",
    setup: ledFolder,
    args: ["draft", "--from", "led.kicad_sch", "--intent", USB_INTENT],
    exit: 2,
    says: /--intent and --from both say what to draft — give one/,
  },
  {
    name: "draft: over a sheet a person drew",
    setup: async (d) => {
      await ledFolder(d);
      await copyFile(d.path("led.kicad_sch"), d.path("usb.kicad_sch"));
    },
    args: ["draft", "--intent", USB_INTENT, "--out", "usb.kicad_sch"],
    exit: 2,
    says: /usb\.kicad_sch: a schematic a person drew \(generator "copperhead-example", not copperhead's\)[\s\S]*--force replaces a sheet a person drew/,
  },
  {
    name: "draft: over a symbol library copperhead did not write",
    setup: async (d) => {
      await ledFolder(d);
      await d.write(
        "usb.kicad_sym",
        `(kicad_symbol_lib\n\t(version 20241209)\n\t(generator "kicad_symbol_editor")\n${'\t(symbol "Mine"\n\t)\n'.repeat(52)})\n`,
      );
    },
    args: ["draft", "--intent", USB_INTENT, "--out", "usb.kicad_sch", "--force"],
    exit: 2,
    says: /usb\.kicad_sym: a symbol library copperhead did not write \(generator "kicad_symbol_editor", 52 symbols\)/,
  },
  {
    name: "draft: a sym-lib-table row of the same name pointing elsewhere",
    setup: async (d) => {
      await ledFolder(d);
      await d.write(
        "sym-lib-table",
        '(sym_lib_table\n  (version 7)\n  (lib (name "usb")(type "KiCad")(uri "/opt/libs/usb.kicad_sym")(options "")(descr ""))\n)\n',
      );
    },
    args: ["draft", "--intent", USB_INTENT, "--out", "usb.kicad_sch"],
    exit: 2,
    says: /sym-lib-table: the library table cannot take the draft's rows: its row "usb" points at \/opt\/libs\/usb\.kicad_sym/,
  },
  {
    name: "draft: over a read-only sheet of an earlier draft",
    setup: async (d) => {
      // An older copperhead sheet where the draft goes: replaceable, were it not read-only.
      await d.write(
        "usb.kicad_sch",
        '(kicad_sch\n\t(version 20250114)\n\t(generator "copperhead")\n\t(generator_version "9.0")\n)\n',
      );
      await chmod(d.path("usb.kicad_sch"), 0o444);
    },
    args: ["draft", "--intent", USB_INTENT, "--out", "usb.kicad_sch"],
    exit: 2,
    says: /usb\.kicad_sch: read-only \(make it writable with chmod u\+w if it may be replaced\)/,
  },
  {
    name: "draft: a file-size limit stops the write part-way",
    setup: ledFolder,
    limits: "ulimit -f 16",
    args: ["draft", "--intent", USB_INTENT, "--out", "usb.kicad_sch"],
    exit: 2,
    says: /the file size limit stopped writing usb\.kicad_\w+ — raise the limit \(ulimit -f unlimited\)/,
  },
  {
    name: "draft: into a folder this user may not write",
    unprivileged: true,
    setup: async (d) => {
      await mkdir(d.path("out"));
      await chmod(d.path("out"), 0o555);
    },
    args: ["draft", "--intent", USB_INTENT, "--out", "out/usb.kicad_sch"],
    exit: 2,
    says: /permission denied writing out — give your user access to it/,
  },
];
