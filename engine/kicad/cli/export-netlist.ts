import { readFile } from "node:fs/promises";
import { KicadCliError } from "./errors.js";
import { resolveInput } from "./input-file.js";
import { requireRc } from "./require-rc.js";
import { type KicadRunOptions, withKicadCli } from "./run-kicad-cli.js";

/**
 * The KiCad netlist (kicadsexpr format, as text) of the hierarchy `schPath` belongs to, exported
 * from its root sheet. kicad-cli warns about annotation errors only on stdout and then silently
 * merges duplicate references, so check annotation separately before trusting the result.
 */
export async function exportNetlist(
  schPath: string,
  options: KicadRunOptions = {},
): Promise<string> {
  const { root, cleared } = await resolveInput(schPath, ["schematic"], { env: options.env });
  return withKicadCli(
    cleared,
    (work) => [
      "sch",
      "export",
      "netlist",
      "--format",
      "kicadsexpr",
      "-o",
      work.out("netlist.net"),
      root,
    ],
    async (run, work) => {
      requireRc(run, [0], root);
      try {
        return await readFile(work.out("netlist.net"), "utf8");
      } catch (error) {
        throw new KicadCliError(
          "kicad-cli exited 0 but wrote no netlist",
          "rerun the command below by hand; the kicad-cli build may be broken",
          run,
          { cause: error },
        );
      }
    },
    options,
  );
}
