import { chmod, cp, mkdir } from "node:fs/promises";
import type { FaultCase } from "./fault-case.js";

const LEGACY_SCH = "EESchema Schematic File Version 4\nEELAYER 30 0\nEELAYER END\n";

/** Paths that name the wrong thing, or a file this user may not read. */
export const pathCases: FaultCase[] = [
  {
    name: "check: a folder that does not exist",
    args: ["check", "no/such"],
    exit: 2,
    says: /no\/such does not exist — give a repository folder/,
  },
  {
    name: "check: a file that is not a schematic",
    setup: (d) => d.write("notes.txt", "hello\n"),
    args: ["check", "notes.txt"],
    exit: 2,
    says: /notes\.txt is not a schematic — give a \.kicad_sch file/,
  },
  {
    name: "check: a KiCad 5 .sch",
    setup: (d) => d.write("old.sch", LEGACY_SCH),
    args: ["check", "old.sch"],
    exit: 2,
    says: /old\.sch is a KiCad 5 \(or older\) schematic.* — open it in KiCad 9 and save it/,
  },
  {
    name: "check: a folder with two KiCad projects",
    setup: async (d) => {
      await d.led();
      await cp(d.path("led.kicad_sch"), d.path("two.kicad_sch"));
      await cp(d.path("led.kicad_pro"), d.path("two.kicad_pro"));
    },
    args: ["check"],
    exit: 2,
    says: /holds several KiCad projects \(led\.kicad_sch, two\.kicad_sch\) — name one/,
  },
  {
    name: "erc: a file that does not exist",
    args: ["erc", "gone.kicad_sch"],
    exit: 2,
    says: /gone\.kicad_sch does not exist or is not a file — check the path/,
  },
  {
    name: "erc: a folder named like a sheet",
    setup: (d) => mkdir(d.path("x.kicad_sch")),
    args: ["erc", "x.kicad_sch"],
    exit: 2,
    says: /x\.kicad_sch does not exist or is not a file/,
  },
  {
    name: "erc: a board instead of a sheet",
    setup: (d) => d.led(),
    args: ["erc", "led.kicad_pcb"],
    exit: 2,
    says: /led\.kicad_pcb is not a \.kicad_sch file — pass a path ending in \.kicad_sch/,
  },
  {
    name: "erc: a KiCad 5 .sch",
    setup: (d) => d.write("old.sch", LEGACY_SCH),
    args: ["erc", "old.sch"],
    exit: 2,
    says: /old\.sch is a KiCad 5 \(or older\) schematic.* — open it in KiCad 9 and save it: KiCad converts it to old\.kicad_sch/,
  },
  {
    name: "drc: a legacy .brd",
    setup: (d) => d.write("board.brd", "PCBNEW-BOARD Version 1 date 2010\n"),
    args: ["drc", "board.brd"],
    exit: 2,
    says: /board\.brd is a legacy KiCad board.* — open it in KiCad 9 and save it as board\.kicad_pcb/,
  },
  {
    name: "score: a folder",
    args: ["score", "."],
    exit: 2,
    says: /work is not a \.kicad_sch file — pass a path ending in \.kicad_sch/,
  },
  {
    name: "erc: a sheet this user may not read",
    unprivileged: true,
    setup: async (d) => {
      await d.led();
      await chmod(d.path("led.kicad_sch"), 0o000);
    },
    args: ["erc", "led.kicad_sch"],
    exit: 2,
    says: /permission denied reading led\.kicad_sch — give your user access to it/,
  },
  {
    name: "check: a sheet this user may not read",
    unprivileged: true,
    setup: async (d) => {
      await d.led();
      await chmod(d.path("led.kicad_sch"), 0o000);
    },
    args: ["check"],
    exit: 2,
    says: /permission denied opening led\.kicad_sch — give your user access to it/,
  },
  {
    name: "check: a hardware/ folder this user may not list",
    unprivileged: true,
    setup: async (d) => {
      await d.led("hardware");
      await chmod(d.path("hardware"), 0o000);
    },
    args: ["check"],
    exit: 2,
    says: /permission denied listing hardware — give your user access to it/,
  },
];
