import { readFile, truncate, writeFile } from "node:fs/promises";
import type { FaultCase } from "./fault-case.js";

/** Large inputs generated once per suite run (the test's beforeAll fills these in). */
export const shared = { hugeSheet: "", hugeBoard: "" };

/** The LED sheet cut off part-way, as a crashed editor or a bad copy leaves it. */
async function truncated(d: { path(p: string): string; led(): Promise<void> }, file: string) {
  await d.led();
  const text = await readFile(d.path(file), "utf8");
  await writeFile(d.path(file), text.slice(0, Math.floor(text.length / 3)));
}

const LEGACY = "EESchema Schematic File Version 4\nEELAYER 30 0\nEELAYER END\n";
const BINARY = Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0, 8, 0, 0x21, 0xff]);

/** KiCad files whose content is wrong: truncated, binary, KiCad 5, a BOM, far too large. */
export const contentCases: FaultCase[] = [
  {
    name: "check: a truncated sheet",
    setup: (d) => truncated(d, "led.kicad_sch"),
    args: ["check"],
    exit: 2,
    says: /led\.kicad_sch:\d+:\d+: found end of file.* — fix the file at that position/,
  },
  {
    name: "erc: a truncated sheet names line and column",
    setup: (d) => truncated(d, "led.kicad_sch"),
    args: ["erc", "led.kicad_sch"],
    exit: 2,
    says: /could not load led\.kicad_sch \(rc 3\): \S*led\.kicad_sch:\d+:\d+: found end of file.* — fix the file at that position/,
  },
  {
    name: "score: a truncated sheet",
    setup: (d) => truncated(d, "led.kicad_sch"),
    args: ["score", "led.kicad_sch"],
    exit: 2,
    says: /led\.kicad_sch:\d+:\d+: found end of file/,
  },
  {
    name: "drc: a truncated board names line and column",
    setup: (d) => truncated(d, "led.kicad_pcb"),
    args: ["drc", "led.kicad_pcb"],
    exit: 2,
    says: /could not load led\.kicad_pcb \(rc 3\): \S*led\.kicad_pcb:\d+:\d+: found (end of file|an unterminated string)/,
  },
  {
    name: "erc: an empty sheet",
    setup: (d) => d.write("empty.kicad_sch", ""),
    args: ["erc", "empty.kicad_sch"],
    exit: 2,
    says: /empty\.kicad_sch:1:1: found end of file, expected '\(' starting the root list/,
  },
  {
    name: "check: binary data in a .kicad_sch",
    setup: (d) => d.write("zip.kicad_sch", BINARY),
    args: ["check", "zip.kicad_sch"],
    exit: 2,
    says: /zip\.kicad_sch is not a text file \(it holds binary data\).* — check the path/,
  },
  {
    name: "erc: binary data in a .kicad_sch",
    setup: (d) => d.write("zip.kicad_sch", BINARY),
    args: ["erc", "zip.kicad_sch"],
    exit: 2,
    says: /is not a text file \(it holds binary data\)/,
  },
  {
    name: "check: KiCad 5 content in a .kicad_sch",
    setup: (d) => d.write("old.kicad_sch", LEGACY),
    args: ["check", "old.kicad_sch"],
    exit: 2,
    says: /old\.kicad_sch is a KiCad 5 \(or older\) schematic \(its first line is "EESchema Schematic File Version 4"\).* — open it in KiCad 9/,
  },
  {
    name: "erc: KiCad 5 content in a .kicad_sch",
    setup: (d) => d.write("old.kicad_sch", LEGACY),
    args: ["erc", "old.kicad_sch"],
    exit: 2,
    says: /is a KiCad 5 \(or older\) schematic .* — open it in KiCad 9 and save it/,
  },
  {
    name: "erc: a sheet saved with a UTF-8 byte order mark",
    setup: async (d) => {
      await d.led();
      const text = await readFile(d.path("led.kicad_sch"), "utf8");
      await writeFile(d.path("led.kicad_sch"), `\uFEFF${text}`);
    },
    args: ["erc", "led.kicad_sch"],
    exit: 2,
    says: /found a UTF-8 byte order mark.* — save the file as UTF-8 without a byte order mark/,
  },
  {
    name: "check: a sheet over 50 MB",
    args: () => ["check", shared.hugeSheet],
    exit: 2,
    says: /is 5\d\.\d MB; copperhead reads a KiCad schematic of up to 50\.0 MB — check that it is the right file/,
  },
  {
    name: "erc: a sheet over 50 MB",
    args: () => ["erc", shared.hugeSheet],
    exit: 2,
    says: /up to 50\.0 MB — check that it is the right file/,
  },
  {
    name: "score: a sheet over 50 MB",
    args: () => ["score", shared.hugeSheet],
    exit: 2,
    says: /up to 50\.0 MB/,
  },
  {
    name: "drc: a board over 200 MB",
    setup: async (d) => {
      await d.write("huge.kicad_pcb", "");
      await truncate(d.path("huge.kicad_pcb"), 201 * 1024 * 1024);
    },
    args: ["drc", "huge.kicad_pcb"],
    exit: 2,
    says: /huge\.kicad_pcb is 201\.0 MB; copperhead reads a KiCad board of up to 200\.0 MB/,
  },
];
