import { mkdir } from "node:fs/promises";
import { dirname, join } from "node:path";
import { CopperheadError, describeError } from "../../engine/errors.js";
import type { Evidence } from "../../engine/flow/evidence.js";
import { designTarget } from "../../engine/flow/gates/design-target.js";
import { nonEmptyFile } from "../../engine/flow/gates/file-evidence.js";
import { kicadEvidence } from "../../engine/flow/gates/kicad-evidence.js";
import { markdownSections } from "../../engine/flow/gates/markdown.js";
import { readConstraints } from "../../engine/flow/gates/read-constraints.js";
import { readRepoText } from "../../engine/flow/gates/repo-files.js";
import type { StageContext } from "../../engine/flow/stage.js";
import { loadBoard } from "../../engine/kicad/board/load-board.js";
import { findRootSheet } from "../../engine/kicad/cli/root-sheet.js";
import { writeBlankBoard } from "../../engine/kicad/layout/blank-board.js";
import { loadSchematicHierarchy } from "../../engine/kicad/schematic/hierarchy.js";
import { readConfig } from "../../engine/repo/config.js";
import { pathExists } from "../../engine/repo/path-exists.js";
import { updateConfig } from "../../engine/repo/update-config.js";
import { isProse } from "../architecture/gate.js";
import { footprintsInside, footprintsPlaced } from "./board-evidence.js";

/** `## Draft quality` in LAYOUT.md says, in prose, what is good and what to review. */
async function draftQuality(repo: string, docs: string): Promise<Evidence> {
  const check = "draft-quality";
  const path = `${docs}/LAYOUT.md`;
  const text = await readRepoText(repo, path);
  if (text === undefined) return { check, ok: false, detail: `${path} is missing` };
  const section = markdownSections(text).find(
    (s) => s.level >= 2 && /^draft quality$/i.test(s.title),
  );
  if (!section) return { check, ok: false, detail: `${path} has no "## Draft quality" section` };
  const prose = section.blocks.filter(isProse);
  return prose.length > 0
    ? { check, ok: true, detail: `'${section.title}' has ${prose.length} line(s) of prose` }
    : {
        check,
        ok: false,
        detail: `'${section.title}' in ${path} is empty (only blank lines, comments or lists of refs)`,
      };
}

/**
 * The board exists and carries a footprint for every schematic part, all inside a closed
 * outline; kicad-cli DRC has no violation, no unconnected item and no schematic-parity issue
 * (warnings count, as in `copperhead check`); LAYOUT.md's `## Draft quality` has a real body.
 */
export async function layoutGate(context: StageContext): Promise<Evidence[]> {
  const { repo } = context;
  const notes = await draftQuality(repo, context.config.paths.docs);
  const target = await designTarget(repo);
  if (!target.ok || !target.board) {
    const detail = target.ok
      ? "no board (.kicad_pcb) beside the schematic or in paths.board"
      : target.detail;
    return [{ check: "board-files", ok: false, detail }, notes];
  }
  const files = await nonEmptyFile(repo, target.board.relative, "board-files");
  if (!files.ok) return [files, notes];
  let placed: Evidence;
  let inside: Evidence;
  try {
    const board = await loadBoard(target.board.absolute);
    inside = footprintsInside(board, target.board.relative);
    placed = target.schematic
      ? footprintsPlaced(
          await loadSchematicHierarchy(await findRootSheet(target.schematic.absolute)),
          board,
          target.board.relative,
        )
      : { check: "footprints-placed", ok: false, detail: "no schematic to take the parts from" };
  } catch (error) {
    if (!(error instanceof CopperheadError)) throw error;
    placed = { check: "footprints-placed", ok: false, detail: describeError(error) };
    inside = { check: "footprints-inside-outline", ok: false, detail: describeError(error) };
  }
  const [drc] = await kicadEvidence(context, ["drc-clean"]);
  return [files, placed, inside, drc!, notes];
}

/**
 * Before every layout attempt: the configured board (else the schematic's name with
 * `.kicad_pcb`) exists — written blank by the layout engine when missing (its outline and
 * holes from the constraints, then the config's `layout` section, then 30 × 20 mm without
 * holes) — and the config names it. A board with work on it is never replaced.
 */
export async function prepareLayout({ repo }: Pick<StageContext, "repo">): Promise<void> {
  const config = await readConfig(repo);
  const sheet = config.paths.schematic;
  const board =
    config.paths.board ??
    (sheet ? sheet.replace(/\.kicad_sch$/, ".kicad_pcb") : "hardware/board.kicad_pcb");
  const absolute = join(repo, board);
  if (!(await pathExists(absolute))) {
    // An unreadable constraints file is the spec gate's finding; the blank board takes defaults.
    const read = await readConstraints(repo);
    await mkdir(dirname(absolute), { recursive: true });
    await writeBlankBoard({
      board: absolute,
      constraints: read.ok ? read.constraints : [],
      config: config.layout,
    });
  }
  await updateConfig(repo, (json) => ({
    ...json,
    paths: { ...((json.paths ?? {}) as Record<string, unknown>), board },
  }));
}
