import { UsageError } from "../../errors.js";
import { displayPath } from "../../kicad/cli/display-path.js";
import { readLayoutConstraints } from "../../kicad/layout/inputs/read-constraints.js";
import { renderLayoutFindings } from "../../kicad/layout/layout-finding.js";
import { layoutProject } from "../../kicad/layout/layout-project.js";
import { layoutTarget } from "../../kicad/layout/layout-target.js";
import { renderLayoutReport } from "../../kicad/layout/report/render-report.js";
import { readConfig } from "../../repo/config.js";
import type { Command } from "../command.js";
import { parseFlags } from "../parse-flags.js";

const usage = "copperhead layout [--board <file.kicad_pcb>] [--place-only] [--json]";

const help = `${usage}
  --board       the board to write (default: paths.board of .copperhead/config.json, else the schematic's name with .kicad_pcb); its schematic is the .kicad_sch of the same name beside it
  --place-only  place without routing (by default the board is placed and routed)
  --json        the report and the files written as JSON
Board size, holes, connector edges and keep-outs come from .copperhead/constraints.json (board.width_mm, board.height_mm, board.mounting_holes, board.mounting_hole_screw, board.edge.<REF>, board.keepout.<name>; docs/layout.md).`;

export const layoutCommand: Command = {
  name: "layout",
  summary:
    "place and route the schematic's parts on a two-layer board (outline, holes, connectors, silkscreen, tracks, vias, ground pour); --place-only skips routing",
  usage: help,
  async run(args, io) {
    const { values, positionals } = parseFlags(
      args,
      { board: { type: "string" }, "place-only": { type: "boolean" }, json: { type: "boolean" } },
      usage,
    );
    if (positionals.length > 0)
      throw new UsageError(`unexpected arguments: ${positionals.join(" ")}`, `usage: ${usage}`);
    const config = await readConfig(io.cwd);
    const target = layoutTarget(io.cwd, config.paths, values.board as string | undefined);
    const constraints = await readLayoutConstraints(io.cwd);
    const result = await layoutProject({
      board: target.board,
      constraints,
      config: config.layout,
      intentPaths: target.intentPaths,
      env: io.env,
      placeOnly: values["place-only"] === true,
    });
    const board = displayPath(io.cwd, target.board);
    const written = result.ok ? result.written.map((p) => displayPath(io.cwd, p)) : [];
    if (values.json) {
      const out = result.ok
        ? { schema: 1, command: "layout", ok: true, board, report: result.report, written }
        : { schema: 1, command: "layout", ok: false, board, findings: result.findings };
      io.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
      return result.ok ? 0 : 1;
    }
    if (!result.ok) {
      io.stdout.write(
        `${renderLayoutFindings(result.findings)}\nnothing was written (${board} unchanged)\n`,
      );
      return 1;
    }
    io.stdout.write(renderLayoutReport(result.report, board));
    io.stdout.write(`\nwritten: ${written.join(", ")}\n`);
    return 0;
  },
};
