import { chmod, rm } from "node:fs/promises";
import type { CaseDir, FaultCase } from "./fault-case.js";

/** A stand-in kicad-cli that answers `version` with `version` and does `then` otherwise. */
async function fakeKicadCli(d: CaseDir, version: string, then: string): Promise<void> {
  await d.write(
    "bin/kicad-cli",
    `#!/bin/sh\nif [ "$1" = "version" ]; then echo "${version}"; exit 0; fi\n${then}\n`,
  );
  await chmod(d.path("bin/kicad-cli"), 0o755);
}

const pinned = (d: CaseDir) => ({ COPPERHEAD_KICAD_CLI: d.path("bin/kicad-cli") });

/** kicad-cli missing, wrong, broken — and the parity check it cannot run. */
export const kicadCases: FaultCase[] = [
  {
    name: "check: COPPERHEAD_KICAD_CLI points nowhere",
    setup: (d) => d.led(),
    env: { COPPERHEAD_KICAD_CLI: "/nonexistent/kicad-cli" },
    args: ["check"],
    exit: 2,
    says: /COPPERHEAD_KICAD_CLI is set to \/nonexistent\/kicad-cli, but no executable file is there — point COPPERHEAD_KICAD_CLI at an existing kicad-cli/,
  },
  {
    name: "erc: COPPERHEAD_KICAD_CLI points nowhere",
    setup: (d) => d.led(),
    env: { COPPERHEAD_KICAD_CLI: "/nonexistent/kicad-cli" },
    args: ["erc", "led.kicad_sch"],
    exit: 2,
    says: /COPPERHEAD_KICAD_CLI is set to \/nonexistent\/kicad-cli/,
  },
  {
    name: "check: no kicad-cli on PATH",
    setup: (d) => d.led(),
    env: { PATH: "/nonexistent", COPPERHEAD_KICAD_CLI: undefined },
    args: ["check"],
    exit: 2,
    says: /kicad-cli was not found on PATH — install KiCad 9/,
  },
  {
    name: "drc: COPPERHEAD_KICAD_CLI is not a program",
    setup: async (d) => {
      await d.led();
      await d.write("bin/kicad-cli", "just text\n");
    },
    env: pinned,
    args: ["drc", "led.kicad_pcb"],
    exit: 2,
    says: /but no executable file is there/,
  },
  {
    name: "erc: a kicad-cli older than KiCad 9",
    setup: async (d) => {
      await d.led();
      await fakeKicadCli(d, "8.0.9", "exit 0");
    },
    env: pinned,
    args: ["erc", "led.kicad_sch"],
    exit: 2,
    says: /is version 8\.0\.9, copperhead needs KiCad 9 or newer — install KiCad 9/,
  },
  {
    name: "erc: kicad-cli crashes",
    setup: async (d) => {
      await d.led();
      await fakeKicadCli(d, "9.0.8", "kill -SEGV $$");
    },
    env: pinned,
    args: ["erc", "led.kicad_sch"],
    exit: 2,
    says: /kicad-cli crashed \(SIGSEGV\) — check that the file opens in KiCad 9/,
  },
  {
    name: "check: kicad-cli exits 0 without its report",
    setup: async (d) => {
      await d.led();
      await fakeKicadCli(d, "9.0.8", "exit 0");
    },
    env: pinned,
    args: ["check"],
    exit: 2,
    says: /kicad-cli exited 0 but wrote no report — rerun the command below by hand/,
  },
  {
    name: "drc --schematic-parity: the sheet beside the board does not load",
    setup: async (d) => {
      await d.led();
      await d.write("led.kicad_sch", "garbage\n");
    },
    args: ["drc", "led.kicad_pcb", "--schematic-parity"],
    exit: 2,
    says: /kicad-cli could not load led\.kicad_sch for the schematic parity check.* — make led\.kicad_sch load in KiCad 9/,
  },
  {
    name: "drc --schematic-parity: no sheet beside the board",
    setup: async (d) => {
      await d.led();
      await rm(d.path("led.kicad_sch"));
    },
    args: ["drc", "led.kicad_pcb", "--schematic-parity"],
    exit: 2,
    says: /schematic parity needs led\.kicad_sch next to led\.kicad_pcb — put the board's schematic beside it/,
  },
];
