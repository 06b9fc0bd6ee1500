import { resolveInput } from "./input-file.js";
import { requireRc } from "./require-rc.js";
import { type KicadRunOptions, withKicadCli } from "./run-kicad-cli.js";

export type ProbeResult = { loads: true } | { loads: false; stderr: string };

/**
 * Does kicad-cli load this .kicad_sch / .kicad_pcb? The cheapest command that parses the
 * whole file is a text-report ERC/DRC; rc 3 means it did not load (kicad-cli gives no line or
 * column: parse with engine/kicad/sexp for those). Any other failure is a KicadCliError.
 */
export async function probe(path: string, options: KicadRunOptions = {}): Promise<ProbeResult> {
  const input = await resolveInput(path, ["schematic", "board"], { env: options.env, root: false });
  const command = input.kind === "schematic" ? ["sch", "erc"] : ["pcb", "drc"];
  return withKicadCli(
    input.cleared,
    (work) => [...command, "--format", "report", "-o", work.out("probe.rpt"), input.path],
    async (run) => {
      if (run.rc === 3) return { loads: false, stderr: run.stderr.trim() };
      requireRc(run, [0], input.path);
      return { loads: true };
    },
    options,
  );
}
