import { realpath } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";
import { UsageError } from "../../errors.js";
import { displayPath } from "../../kicad/cli/display-path.js";
import { draftProject } from "../../kicad/draft/draft-project.js";
import { renderDraftReport } from "../../kicad/draft/draft-report.js";
import { DEFAULT_INTENT_PATH } from "../../kicad/draft/intent.js";
import { renderIntentFindings } from "../../kicad/draft/intent-finding.js";
import { redraft } from "../../kicad/draft/redraft.js";
import { legacyExtensionError } from "../../kicad/kicad-file.js";
import { renderLegibility } from "../../kicad/legibility/render-legibility.js";
import { SymbolCatalog } from "../../kicad/library/symbol-catalog.js";
import { renderScore } from "../../kicad/score/render-score.js";
import type { CliIo, Command } from "../command.js";
import { parseFlags } from "../parse-flags.js";

const usage =
  "copperhead draft [--intent <schematic.intent.json>] [--out <sheet.kicad_sch>] [--force] | draft --from <existing.kicad_sch> [--out <sheet.kicad_sch>] [--force]";

const help = `${usage}
  --force  replace a sheet a person drew (and let --from redraw a sheet in place); never their libraries or tables`;

/** `x/board.intent.json` → `x/board.kicad_sch`; `x/schematic.intent.json` → `x/schematic.kicad_sch`. */
function defaultSheet(intentPath: string): string {
  const stem = intentPath.replace(/(\.intent)?\.json$/i, "");
  return `${stem}.kicad_sch`;
}

function requireSheetPath(flag: string, path: string): void {
  if (!path.endsWith(".kicad_sch")) {
    throw new UsageError(
      `${flag} ${path} is not a .kicad_sch path`,
      "name the sheet file <name>.kicad_sch",
    );
  }
}

export const draftCommand: Command = {
  name: "draft",
  summary: "draft a KiCad schematic from a netlist-intent IR (validate, place, wire, check, score)",
  usage: help,
  async run(args, io) {
    const { values, positionals } = parseFlags(
      args,
      {
        intent: { type: "string" },
        out: { type: "string" },
        from: { type: "string" },
        force: { type: "boolean" },
      },
      usage,
    );
    if (positionals.length > 0) {
      throw new UsageError(`unexpected arguments: ${positionals.join(" ")}`, `usage: ${usage}`);
    }
    const force = values.force === true;
    if (values.from !== undefined) {
      if (values.intent !== undefined) {
        throw new UsageError(
          "--intent and --from both say what to draft",
          "give one: --intent drafts an intent file, --from redraws an existing sheet (its intent is kept beside the new sheet)",
        );
      }
      return runRedraft(values.from, values.out, force, io);
    }
    const intentPath = resolve(io.cwd, values.intent ?? DEFAULT_INTENT_PATH);
    const sheetPath = resolve(io.cwd, values.out ?? defaultSheet(intentPath));
    requireSheetPath("--out", values.out ?? sheetPath);
    const result = await draftProject({
      intentPath,
      sheetPath,
      docsDir: resolve(io.cwd, "docs"),
      catalog: SymbolCatalog.fromEnv(io.env),
      force,
      signal: io.signal,
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

/** The same file, however it is spelled (a link, `./`, a relative path). */
async function sameFile(a: string, b: string): Promise<boolean> {
  const real = (p: string) => realpath(p).catch(() => resolve(p));
  return (await real(a)) === (await real(b));
}

/**
 * `--from`: regenerate an existing design. The sheet goes to --out (default `redraft/<name>.kicad_sch`
 * beside the original) with the derived intent next to it, so later changes go through the IR.
 */
async function runRedraft(
  from: string,
  out: string | undefined,
  force: boolean,
  io: CliIo,
): Promise<number> {
  const source = resolve(io.cwd, from);
  const legacy = legacyExtensionError(from);
  if (legacy) throw legacy;
  requireSheetPath("--from", from);
  if (out !== undefined) requireSheetPath("--out", out);
  const name = basename(source, ".kicad_sch");
  const sheetPath = resolve(io.cwd, out ?? join(dirname(source), "redraft", `${name}.kicad_sch`));
  if (!force && (await sameFile(source, sheetPath))) {
    throw new UsageError(
      `--from and --out are the same file (${displayPath(io.cwd, sheetPath)}): the redraft would replace the drawing it is made from`,
      "leave out --out (the redraft goes to redraft/ beside it), or pass --force to redraw it in place",
    );
  }
  const intentPath = join(dirname(sheetPath), `${basename(sheetPath, ".kicad_sch")}.intent.json`);
  const { result, legibility, score } = await redraft({
    from: source,
    sheetPath,
    catalog: SymbolCatalog.fromEnv(io.env),
    intentPath,
    force,
    signal: io.signal,
  });
  if (!result.ok) {
    io.stdout.write(`${renderIntentFindings(result.findings)}\nnothing was written\n`);
    return 1;
  }
  io.stdout.write(
    `${renderDraftReport({ ...result.report, sheet: displayPath(io.cwd, sheetPath) })}\n`,
  );
  io.stdout.write(`intent kept at ${displayPath(io.cwd, intentPath)}\n`);
  if (legibility) io.stdout.write(`${renderLegibility(legibility)}\n`);
  if (score) io.stdout.write(renderScore(score));
  return (legibility?.counts.error ?? 0) > 0 ? 1 : 0;
}
