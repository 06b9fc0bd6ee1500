import { basename, dirname, join, resolve } from "node:path";
import { UsageError } from "../../errors.js";
import { displayPath } from "../../kicad/cli/display-path.js";
import { draftProject } from "../../kicad/draft/draft-project.js";
import { renderDraftReport } from "../../kicad/draft/draft-report.js";
import { DEFAULT_INTENT_PATH } from "../../kicad/draft/intent.js";
import { renderIntentFindings } from "../../kicad/draft/intent-finding.js";
import { redraft } from "../../kicad/draft/redraft.js";
import { renderLegibility } from "../../kicad/legibility/render-legibility.js";
import { SymbolCatalog } from "../../kicad/library/symbol-catalog.js";
import { renderScore } from "../../kicad/score/render-score.js";
import type { CliIo, Command } from "../command.js";
import { parseFlags } from "../parse-flags.js";

const usage =
  "copperhead draft [--intent <schematic.intent.json>] [--out <sheet.kicad_sch>] | draft --from <existing.kicad_sch> [--out <sheet.kicad_sch>]";

/** `x/board.intent.json` → `x/board.kicad_sch`; `x/schematic.intent.json` → `x/schematic.kicad_sch`. */
function defaultSheet(intentPath: string): string {
  const stem = intentPath.replace(/(\.intent)?\.json$/i, "");
  return `${stem}.kicad_sch`;
}

export const draftCommand: Command = {
  name: "draft",
  summary: "draft a KiCad schematic from a netlist-intent IR (validate, place, wire, check, score)",
  usage,
  async run(args, io) {
    const { values, positionals } = parseFlags(
      args,
      { intent: { type: "string" }, out: { type: "string" }, from: { type: "string" } },
      usage,
    );
    if (positionals.length > 0) {
      throw new UsageError(`unexpected arguments: ${positionals.join(" ")}`, `usage: ${usage}`);
    }
    if (values.from !== undefined)
      return runRedraft(values.from as string, values.out as string | undefined, io);
    const intentPath = resolve(
      io.cwd,
      (values.intent as string | undefined) ?? DEFAULT_INTENT_PATH,
    );
    const sheetPath = resolve(
      io.cwd,
      (values.out as string | undefined) ?? defaultSheet(intentPath),
    );
    if (!sheetPath.endsWith(".kicad_sch")) {
      throw new UsageError(
        `--out ${values.out} is not a .kicad_sch path`,
        "name the sheet file <name>.kicad_sch",
      );
    }
    const result = await draftProject({
      intentPath,
      sheetPath,
      docsDir: resolve(io.cwd, "docs"),
      catalog: SymbolCatalog.fromEnv(io.env),
    });
    if (!result.ok) {
      io.stdout.write(
        `${renderIntentFindings(result.findings)}\nnothing was written (${displayPath(io.cwd, dirname(sheetPath))} unchanged)\n`,
      );
      return 1;
    }
    io.stdout.write(
      `${renderDraftReport({ ...result.report, sheet: displayPath(io.cwd, sheetPath) })}\n`,
    );
    io.stdout.write(`${renderLegibility(result.legibility)}\n`);
    io.stdout.write(`${renderScore(result.score)}`);
    return result.legibility.counts.error > 0 ? 1 : 0;
  },
};

/**
 * `--from`: regenerate an existing design. The sheet goes to --out (default `redraft/<name>.kicad_sch`
 * beside the original) with the derived intent next to it, so later changes go through the IR.
 */
async function runRedraft(from: string, out: string | undefined, io: CliIo): Promise<number> {
  const source = resolve(io.cwd, from);
  const name = basename(source, ".kicad_sch");
  const sheetPath = resolve(io.cwd, out ?? join(dirname(source), "redraft", `${name}.kicad_sch`));
  const intentPath = join(dirname(sheetPath), `${basename(sheetPath, ".kicad_sch")}.intent.json`);
  const { result } = await redraft({
    from: source,
    sheetPath,
    catalog: SymbolCatalog.fromEnv(io.env),
    intentPath,
  });
  if (!result.ok) {
    io.stdout.write(`${renderIntentFindings(result.findings)}\nnothing was written\n`);
    return 1;
  }
  io.stdout.write(
    `${renderDraftReport({ ...result.report, sheet: displayPath(io.cwd, sheetPath) })}\n`,
  );
  io.stdout.write(`intent kept at ${displayPath(io.cwd, intentPath)}\n`);
  return 0;
}
