import { resolve } from "node:path";
import type { PathFinding } from "../paths/path-finding.js";
import { UnsafeDesignError } from "../paths/unsafe-design-error.js";
import { type ErcReport, readErcReport } from "./erc-report.js";
import { explainUnloadable } from "./explain-unloadable.js";
import { type KicadInput, resolveInput } from "./input-file.js";
import { readReport } from "./read-report.js";
import { refusedResult } from "./refused-violations.js";
import { requireRc } from "./require-rc.js";
import { type KicadRunOptions, withKicadCli } from "./run-kicad-cli.js";

export interface ErcOptions extends KicadRunOptions {
  /** Text variables for this run (`-D NAME=value`); they override the project's. */
  variables?: Record<string, string>;
}

export interface ErcResult extends ErcReport {
  /** The root sheet kicad-cli checked (absolute), which may differ from the path asked about. */
  root: string;
  /** Set when the pre-flight refused the design: kicad-cli did not run (see `violations`). */
  refused?: readonly PathFinding[];
}

/** kicad-cli's ERC arguments: every severity, mm, JSON into `output`, text variables as `-D`. */
export function ercArguments(
  output: string,
  root: string,
  variables: Record<string, string> = {},
): string[] {
  const defines = Object.entries(variables).flatMap(([name, value]) => ["-D", `${name}=${value}`]);
  return [
    "sch",
    "erc",
    "--format",
    "json",
    "--severity-all",
    "--units",
    "mm",
    ...defines,
    "-o",
    output,
    root,
  ];
}

/**
 * kicad-cli's ERC over the whole hierarchy `schPath` belongs to, with every severity (so
 * excluded violations come back marked `excluded`) and true positions. Only kicad-cli's own
 * findings: it does not check annotation; see `withFindings` to add copperhead's.
 * Throws KicadCliError when the schematic does not load, never for violations. A design that
 * names files outside the repository is not handed to kicad-cli: its result is the refusal.
 */
export async function erc(schPath: string, options: ErcOptions = {}): Promise<ErcResult> {
  let input: KicadInput;
  try {
    input = await resolveInput(schPath, ["schematic"], { env: options.env });
  } catch (error) {
    if (!(error instanceof UnsafeDesignError)) throw error;
    return { root: resolve(schPath), sheets: [], ...refusedResult(error.findings) };
  }
  const root = input.root;
  return withKicadCli(
    input.cleared,
    (work) => ercArguments(work.out("erc.json"), root, options.variables),
    async (run, work) => {
      if (run.rc === 3) throw await explainUnloadable(root, "schematic", run);
      requireRc(run, [0], root);
      const report = await readReport(work.out("erc.json"), run, (json) => readErcReport(json));
      return { root, ...report };
    },
    options,
  );
}
