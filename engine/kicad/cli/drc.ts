import { existsSync } from "node:fs";
import { basename, resolve } from "node:path";
import { UsageError } from "../../errors.js";
import type { PathFinding } from "../paths/path-finding.js";
import { UnsafeDesignError } from "../paths/unsafe-design-error.js";
import type { ClearedDesign } from "./cleared-design.js";
import { type DrcReport, readDrcReport } from "./drc-report.js";
import { KicadCliError } from "./errors.js";
import { explainUnloadable } from "./explain-unloadable.js";
import { resolveInput } from "./input-file.js";
import { readReport } from "./read-report.js";
import { refusedResult } from "./refused-violations.js";
import { requireRc } from "./require-rc.js";
import { type KicadRunOptions, withKicadCli } from "./run-kicad-cli.js";

export interface DrcOptions extends KicadRunOptions {
  /** Also compare the board with the same-basename .kicad_sch next to it. */
  schematicParity?: boolean;
}

export interface DrcResult extends DrcReport {
  board: string;
  /** Set when the pre-flight refused the design: kicad-cli did not run (see `violations`). */
  refused?: readonly PathFinding[];
}

/** `--schematic-parity` was asked for, but kicad-cli could not compare (an unannotated sheet). */
export class ParityNotRunError extends KicadCliError {}

/**
 * kicad-cli's DRC with every severity. Violations, unconnected items and schematic-parity issues
 * stay in three lists: a routed-but-unfinished board and a board that breaks rules are
 * different problems. Throws KicadCliError when the board does not load or parity cannot run.
 * A project that names files outside the repository is not handed to kicad-cli: its result is
 * the refusal.
 */
export async function drc(pcbPath: string, options: DrcOptions = {}): Promise<DrcResult> {
  let board: string;
  let cleared: ClearedDesign;
  try {
    ({ path: board, cleared } = await resolveInput(pcbPath, ["board"], { env: options.env }));
  } catch (error) {
    if (!(error instanceof UnsafeDesignError)) throw error;
    return {
      board: resolve(pcbPath),
      unconnected: [],
      parity: [],
      ...refusedResult(error.findings),
    };
  }
  const parity = options.schematicParity === true;
  if (parity) {
    const schematic = board.replace(/\.kicad_pcb$/, ".kicad_sch");
    if (!existsSync(schematic)) {
      throw new UsageError(
        `schematic parity needs ${basename(schematic)} next to ${basename(board)}`,
        "put the board's schematic beside it under the same name, or drop --schematic-parity",
      );
    }
  }
  return withKicadCli(
    cleared,
    (work) => [
      "pcb",
      "drc",
      "--format",
      "json",
      "--severity-all",
      "--units",
      "mm",
      ...(parity ? ["--schematic-parity"] : []),
      "-o",
      work.out("drc.json"),
      board,
    ],
    async (run, work) => {
      // A schematic beside the board that kicad-cli cannot load ends the whole run with 255.
      if (parity && run.rc === 255) {
        const name = basename(board.replace(/\.kicad_pcb$/, ".kicad_sch"));
        throw new ParityNotRunError(
          `kicad-cli could not load ${name} for the schematic parity check`,
          `make ${name} load in KiCad 9 (copperhead erc ${name} says where it breaks), or drop --schematic-parity`,
          run,
          { category: "usage" },
        );
      }
      if (run.rc === 3) throw await explainUnloadable(board, "board", run);
      requireRc(run, [0], board);
      // kicad-cli reports a parity check it could not run only as a stderr line, with rc 0.
      if (parity && /Failed to fetch schematic netlist/.test(run.stderr)) {
        throw new ParityNotRunError(
          "kicad-cli could not run the schematic parity check",
          "annotate the schematic (every reference unique, no `?`) and check it loads; parity needs a fully annotated schematic",
          run,
        );
      }
      const report = await readReport(work.out("drc.json"), run, readDrcReport);
      return { board, ...report };
    },
    options,
  );
}
