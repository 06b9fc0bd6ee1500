import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { clearDesign } from "../../../../../engine/kicad/cli/cleared-design.js";
import { requireRc } from "../../../../../engine/kicad/cli/require-rc.js";
import { withKicadCli } from "../../../../../engine/kicad/cli/run-kicad-cli.js";
import { TRUSTED_DIRS_VARIABLE } from "../../../../../engine/kicad/paths/trust-scope.js";
import { UnsafeDesignError } from "../../../../../engine/kicad/paths/unsafe-design-error.js";
import { cachedKicad } from "../../../../helpers/kicad-cache.js";
import { type Flash, gerberFlashes } from "./gerber-flashes.js";
import { type PosRow, parsePosCsv } from "./pos-csv.js";

/**
 * The pre-flight's proof for a demo board. One demo's footprint table names its author's disk,
 * so its project is refused; these exports read only the board file (footprints are embedded),
 * so that board is cleared the way a person would: by trusting the demo folder for this call.
 */
async function clearedBoard(pcb: string) {
  try {
    return (await clearDesign({ board: pcb })).cleared;
  } catch (error) {
    if (!(error instanceof UnsafeDesignError)) throw error;
    const env = { ...process.env, [TRUSTED_DIRS_VARIABLE]: "/home/hlord" };
    return (await clearDesign({ board: pcb }, { env })).cleared;
  }
}

/** kicad-cli's position file of a demo board (shared across the run's test files). */
export function cachedPositions(pcb: string, options: { excludeDnp?: boolean } = {}) {
  const flags = options.excludeDnp ? ["--exclude-dnp"] : [];
  return cachedKicad(`pcb export pos csv mm ${flags.join(" ")}`, pcb, async () =>
    withKicadCli(
      await clearedBoard(pcb),
      (work) => [
        "pcb",
        "export",
        "pos",
        "--format",
        "csv",
        "--units",
        "mm",
        ...flags,
        "-o",
        work.out("pos.csv"),
        pcb,
      ],
      async (run, work): Promise<PosRow[]> => {
        requireRc(run, [0], pcb);
        return parsePosCsv(await readFile(work.out("pos.csv"), "utf8"));
      },
    ),
  );
}

export interface CopperPlot {
  /** Pad and via flashes of F.Cu and B.Cu. */
  flashes: Flash[];
  /** The board size the Gerber job file states (KiCad's edge bounding box incl. stroke). */
  size: { x: number; y: number };
}

/** F.Cu / B.Cu / Edge.Cuts Gerbers of a demo board, reduced to flashes and the job's size. */
export function cachedCopperPlot(pcb: string): Promise<CopperPlot> {
  return cachedKicad("pcb export gerbers F.Cu,B.Cu,Edge.Cuts", pcb, async () =>
    withKicadCli(
      await clearedBoard(pcb),
      (work) => [
        "pcb",
        "export",
        "gerbers",
        "-l",
        "F.Cu,B.Cu,Edge.Cuts",
        "-o",
        `${work.out("gerbers")}/`,
        pcb,
      ],
      async (run, work) => {
        requireRc(run, [0], pcb);
        const dir = work.out("gerbers");
        const flashes: Flash[] = [];
        let size: { x: number; y: number } | undefined;
        for (const name of await readdir(dir)) {
          const text = await readFile(join(dir, name), "utf8");
          if (name.endsWith(".gbrjob")) {
            const job = JSON.parse(text) as { GeneralSpecs: { Size: { X: number; Y: number } } };
            size = { x: job.GeneralSpecs.Size.X, y: job.GeneralSpecs.Size.Y };
          } else if (/%TF\.FileFunction,Copper,/.test(text)) {
            flashes.push(...gerberFlashes(text, name));
          }
        }
        if (!size) throw new Error(`kicad-cli wrote no Gerber job file for ${pcb}`);
        return { flashes, size };
      },
    ),
  );
}
