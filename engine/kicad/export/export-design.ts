import {
  copyFile,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  realpath,
  rm,
  writeFile,
} from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, dirname, isAbsolute, join, relative } from "node:path";
import { Resvg } from "@resvg/resvg-js";
import { pushAll } from "../../array-ops.js";
import { pathExists } from "../../repo/path-exists.js";
import { loadBoard } from "../board/load-board.js";
import { type ClearedDesign, clearDesign, clearScratchBoard } from "../cli/cleared-design.js";
import { KicadCliError } from "../cli/errors.js";
import { requireRc } from "../cli/require-rc.js";
import { findRootSheet } from "../cli/root-sheet.js";
import { withKicadCli } from "../cli/run-kicad-cli.js";
import type { TrustScope } from "../paths/trust-scope.js";
import { fillBoardFile } from "../pcbnew/fill-board-file.js";
import { child, childText } from "../sexp/node.js";
import type { ExportedFile } from "./artifact-kind.js";
import { BOARD_EXPORTS } from "./board-exports.js";
import { embedsDate, exportDate, normalizeDates } from "./normalize-dates.js";
import { jlcpcbPlacement, type OrderPart, orderingBoms } from "./ordering-bom.js";

export type { ArtifactKind, ExportedFile } from "./artifact-kind.js";

export interface ExportInput {
  /** The board to export (its `.kicad_pro` beside it gives the design rules). */
  board: string;
  /** The schematic (any sheet of it: the root is found) for the renders. */
  schematic: string;
  /** The parts for the ordering BOMs. */
  parts: readonly OrderPart[];
  env?: NodeJS.ProcessEnv;
}

/** Width of the schematic PNG: an A4 sheet at about 200 dpi. */
const SHEET_PNG_WIDTH = 2400;

async function listFiles(dir: string, prefix = ""): Promise<string[]> {
  const out: string[] = [];
  const entries = await readdir(dir, { withFileTypes: true });
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) pushAll(out, await listFiles(join(dir, entry.name), rel));
    else out.push(rel);
  }
  return out;
}

/** Runs one kicad-cli export and copies every file it wrote into `dest`; returns their names. */
function runExport(
  design: ClearedDesign,
  args: (out: string) => string[],
  input: string,
  dest: string,
  env: NodeJS.ProcessEnv,
) {
  return withKicadCli(
    design,
    (work) => args(work.out("x")),
    async (run, work) => {
      requireRc(run, [0], input);
      const out = work.out("x");
      const names = (await pathExists(out)) ? await listFiles(out) : [];
      if (names.length === 0) {
        throw new KicadCliError(
          `kicad-cli exited 0 but wrote nothing for ${basename(input)}`,
          "rerun the command below by hand",
          run,
        );
      }
      await mkdir(dest, { recursive: true });
      for (const name of names) await copyFile(join(out, name), join(dest, name));
      return names;
    },
    { env },
  );
}

/** The schematic pages as SVG (`<stem>-schematic[-<sheet>].svg`) and the root page as PNG. */
async function exportSheets(
  design: ClearedDesign,
  root: string,
  stem: string,
  dest: string,
  scratch: string,
  env: NodeJS.ProcessEnv,
) {
  const pages = join(scratch, "sheets");
  const names = await runExport(
    design,
    (o) => ["sch", "export", "svg", "-o", o, root],
    root,
    pages,
    env,
  );
  const sheetStem = basename(root, ".kicad_sch");
  const files: ExportedFile[] = [];
  await mkdir(join(dest, "renders"), { recursive: true });
  for (const name of names) {
    const path = `renders/${stem}-schematic${name.slice(sheetStem.length)}`;
    await copyFile(join(pages, name), join(dest, path));
    files.push({ path, kind: "schematic-svg" });
  }
  const svg = await readFile(join(pages, `${sheetStem}.svg`));
  const png = new Resvg(svg, {
    fitTo: { mode: "width", value: SHEET_PNG_WIDTH },
    background: "white",
    // KiCad draws every glyph as strokes: no font is needed, and none from the machine is used.
    font: { loadSystemFonts: false },
  })
    .render()
    .asPng();
  await writeFile(join(dest, `renders/${stem}-schematic.png`), png);
  files.push({ path: `renders/${stem}-schematic.png`, kind: "schematic-png" });
  return files;
}

/**
 * Where the plotted copy goes: below `<scratch>/board` at the board's own place in the
 * repository, so `${KIPRJMOD}/../models/…` climbs exactly as far in the copy as in the
 * original, and never out of the scratch folder where the original stayed in the repository.
 */
async function plotCopyPath(scratch: string, board: string, scope: TrustScope): Promise<string> {
  const rel = relative(scope.root, await realpath(dirname(board)));
  const inside = rel === "" || !(rel.startsWith("..") || isAbsolute(rel));
  return join(scratch, "board", inside ? rel : "", basename(board));
}

/**
 * kicad-cli opens the copy with `${KIPRJMOD}` = the copy's folder: the copy is cleared on its
 * own (kicad-cli's STEP export follows every 3-D model path), its root `<scratch>/board`, the
 * repository beside KiCad's libraries (for absolute paths into it).
 */
async function clearCopy(scratch: string, copy: string, original: TrustScope) {
  return clearScratchBoard(copy, join(scratch, "board"), original);
}

/**
 * Exports everything a fab and an assembler need, and renders to look at, into `dest` (an
 * empty folder): gerbers and drill files after a zone fill, the outline as DXF, a STEP model,
 * SVG and PNG renders of the schematic and the board (the board PNG is KiCad's 3-D render),
 * the position file, the ordering BOM and its JLCPCB, DigiKey and Mouser variants (plus
 * JLCPCB's placement file). The dates kicad-cli stamps are set to the board's title-block date
 * (normalize-dates.ts), so the same design exports to the same bytes. The design is
 * pre-flighted first (UnsafeDesignError for a path it names outside the repository): nothing
 * is loaded, filled or handed to kicad-cli before that.
 */
export async function exportDesign(input: ExportInput, dest: string): Promise<ExportedFile[]> {
  const env = input.env ?? process.env;
  const stem = basename(input.board, ".kicad_pcb");
  const root = await findRootSheet(input.schematic);
  const design = await clearDesign({ schematic: root, board: input.board }, { env });
  const board = await loadBoard(input.board);
  const date = exportDate(childText(child(board.node, "title_block") ?? board.node, "date"));
  const scratch = await mkdtemp(join(env.TMPDIR || tmpdir(), "copperhead-export-"));
  try {
    // kicad-cli plots zones as stored and never fills them: plot a filled copy.
    const plotted = await plotCopyPath(scratch, input.board, design.preflight.scope);
    await mkdir(dirname(plotted), { recursive: true });
    const project = input.board.replace(/\.kicad_pcb$/, ".kicad_pro");
    if (await pathExists(project))
      await copyFile(project, join(dirname(plotted), `${stem}.kicad_pro`));
    // The design was cleared above: pcbnew loads nothing it did not check.
    if (board.zones.length > 0) await fillBoardFile(design.cleared, plotted, { env });
    else await copyFile(input.board, plotted);
    const copy = await clearCopy(scratch, plotted, design.preflight.scope);

    const [boardFiles, sheetFiles] = await Promise.all([
      Promise.all(
        BOARD_EXPORTS.map(async (job) => {
          const names = await runExport(
            copy,
            (o) => job.args(o, plotted, stem),
            plotted,
            join(dest, job.folder),
            env,
          );
          return names.map((name) => ({
            path: job.folder ? `${job.folder}/${name}` : name,
            kind: job.kind(name),
          }));
        }),
      ),
      exportSheets(design.cleared, root, stem, dest, scratch, env),
    ]);
    const files: ExportedFile[] = [...boardFiles.flat(), ...sheetFiles];

    for (const [name, text] of Object.entries(orderingBoms(input.parts))) {
      await writeFile(join(dest, name), text);
      files.push({ path: name, kind: name === "bom.csv" ? "ordering-bom" : "supplier-bom" });
    }
    const positions = await readFile(join(dest, `${stem}-pos.csv`), "utf8");
    await writeFile(join(dest, "jlcpcb-cpl.csv"), jlcpcbPlacement(positions));
    files.push({ path: "jlcpcb-cpl.csv", kind: "supplier-placement" });

    for (const file of files.filter((f) => embedsDate(f.path))) {
      const path = join(dest, file.path);
      await writeFile(
        path,
        normalizeDates(file.path, await readFile(path, "latin1"), date),
        "latin1",
      );
    }
    return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
