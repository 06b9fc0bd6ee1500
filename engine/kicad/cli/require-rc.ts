import { basename } from "node:path";
import { KicadCliError } from "./errors.js";
import type { KicadRun } from "./run-kicad-cli.js";

/**
 * Passes when kicad-cli exited with one of the `expected` codes; otherwise raises the
 * KicadCliError that explains that code (kicad-cli 9: 1 bad arguments, 3 input failed to load,
 * 4 output conflict, 5 violations with --exit-code-violations).
 */
export function requireRc(run: KicadRun, expected: readonly number[], input: string): void {
  if (expected.includes(run.rc)) return;
  const name = basename(input);
  switch (run.rc) {
    case 3:
      throw new KicadCliError(
        `kicad-cli could not load ${name} (rc 3)`,
        `open ${name} in KiCad 9 to see why; common causes are a UTF-8 byte order mark, an unknown token, a malformed number, or an unquoted generator_version in a .kicad_pcb`,
        run,
        { category: "usage" },
      );
    case 1:
      throw new KicadCliError(
        `kicad-cli rejected the arguments for ${name} (rc 1)`,
        "this is a copperhead bug or an unsupported kicad-cli build; report it with the command below",
        run,
      );
    case 4:
      throw new KicadCliError(
        `kicad-cli could not write its output for ${name} (rc 4)`,
        "check that the output path is writable and that no file stands where a folder must be",
        run,
      );
    default:
      throw new KicadCliError(
        `kicad-cli exited with unexpected code ${run.rc} for ${name}`,
        "rerun the command below by hand to see what kicad-cli reports",
        run,
      );
  }
}
