import { isAbsolute, join, relative, resolve, sep } from "node:path";
import { UsageError } from "../errors.js";
import { CONFIG_PATH, type CopperheadConfig, configSchema, parseConfig } from "../repo/config.js";
import { diffBoard } from "./board/diff-board.js";
import { type CheckSide, runChecks } from "./checks/run-checks.js";
import { type DiffReport, diffReportSchema } from "./diff-report.js";
import { lazyBoard, loadSchematics } from "./load-design.js";
import { makePictures } from "./pictures/make-pictures.js";
import { diffSchematic } from "./schematic/diff-schematic.js";
import { commitSource, type DesignSource, worktreeSource } from "./source/design-source.js";
import { locateDesign } from "./source/locate-design.js";
import { type RevisionSpec, resolveRevisionPair } from "./source/revision-pair.js";

export interface DiffOptions {
  /** Top of the git working tree. */
  repo: string;
  /** Where relative paths (project, images) start and output paths are shown from. */
  cwd: string;
  /** `[<rev-a>] [<rev-b>]` as given. */
  revisions: readonly string[];
  /** --project: a .kicad_sch/.kicad_pcb/.kicad_pro or a folder, relative to cwd. */
  project?: string | undefined;
  /** ERC, DRC, legibility and score before and after (kicad-cli runs). */
  checks: boolean;
  /** Folder for the overlay PNGs; none rendered when undefined. */
  images?: string | undefined;
  env: NodeJS.ProcessEnv;
}

function sourceOf(repo: string, spec: RevisionSpec): Promise<DesignSource> {
  return spec.kind === "commit" ? commitSource(repo, spec) : worktreeSource(repo, spec);
}

function repoPath(repo: string, cwd: string, path: string): string {
  const rel = relative(repo, resolve(cwd, path));
  if (rel.startsWith("..") || isAbsolute(rel)) {
    throw new UsageError(
      `${path} is outside the repository ${repo}`,
      "pass a path inside the repository",
    );
  }
  return rel.split(sep).join("/") || ".";
}

async function configOf(source: DesignSource): Promise<CopperheadConfig> {
  const text = await source.read(CONFIG_PATH);
  return text === undefined
    ? configSchema.parse({})
    : parseConfig(text, `${CONFIG_PATH} (${source.revision.label})`);
}

/** The design files two sides feed kicad-cli are the very same blobs. */
function sameFiles(a: DesignSource, b: DesignSource): boolean {
  if (a.files.size !== b.files.size) return false;
  for (const [path, blob] of a.files) if (b.files.get(path) !== blob) return false;
  return true;
}

/**
 * `copperhead diff`: reads both revisions from git (the working tree from disk), finds the
 * design, and compares it electrically; with `checks`, runs ERC/DRC/legibility/score on both;
 * with `images`, renders the overlay pictures. Temporary checkouts are removed however it ends.
 */
export async function runDiff(options: DiffOptions): Promise<DiffReport> {
  const [specA, specB] = await resolveRevisionPair(options.repo, options.revisions);
  const before = await sourceOf(options.repo, specA);
  const after = await sourceOf(options.repo, specB);
  try {
    const project =
      options.project === undefined
        ? undefined
        : repoPath(options.repo, options.cwd, options.project);
    const design = await locateDesign([after, before], project);
    const schematics = await loadSchematics(before, after, design.schematic);
    const boardA = lazyBoard(before, design.board);
    const boardB = lazyBoard(after, design.board);
    const boardBlobA = design.board ? before.files.get(design.board) : undefined;
    const boardBlobB = design.board ? after.files.get(design.board) : undefined;
    const boardUnchanged = boardBlobA !== undefined && boardBlobA === boardBlobB;

    const schematic =
      schematics.identical && schematics.before
        ? { ...diffSchematic(undefined, undefined), status: "unchanged" as const }
        : diffSchematic(schematics.before, schematics.after);
    const board = boardUnchanged
      ? { ...diffBoard(undefined, undefined), status: "unchanged" as const }
      : diffBoard(await boardA(), await boardB());

    let checks: DiffReport["checks"] = null;
    if (options.checks) {
      const side = async (source: DesignSource, which: "before" | "after"): Promise<CheckSide> => ({
        source,
        config: await configOf(source),
        schematic:
          design.schematic && source.files.has(design.schematic) ? design.schematic : undefined,
        hierarchy: schematics[which],
        board: design.board && source.files.has(design.board) ? design.board : undefined,
        boardView: which === "before" ? boardA : boardB,
      });
      checks = await runChecks(await side(before, "before"), await side(after, "after"), {
        env: options.env,
        sameInputs: sameFiles(before, after),
      });
    }

    let pictures: DiffReport["pictures"] = null;
    if (options.images !== undefined) {
      const sheetSide = async (source: DesignSource, which: "before" | "after") => {
        const hierarchy = schematics[which];
        if (!hierarchy || !design.schematic) return undefined;
        return {
          file: join(await source.folder(), design.schematic),
          paths: hierarchy.instances.map((i) => i.path),
        };
      };
      const boardSide = async (source: DesignSource, view: typeof boardA) => {
        const loaded = await view();
        if (!loaded || !design.board) return undefined;
        return { file: join(await source.folder(), design.board), layers: loaded.layers };
      };
      pictures = await makePictures({
        outDir: resolve(options.cwd, options.images),
        cwd: options.cwd,
        env: options.env,
        ...(schematic.status === "compared"
          ? {
              sheets: {
                before: await sheetSide(before, "before"),
                after: await sheetSide(after, "after"),
              },
            }
          : {}),
        ...(board.status === "compared"
          ? {
              board: {
                before: await boardSide(before, boardA),
                after: await boardSide(after, boardB),
              },
            }
          : {}),
      });
    }

    return diffReportSchema.parse({
      schema: 1,
      command: "diff",
      before: { label: specA.label, commit: specA.kind === "commit" ? specA.commit : null },
      after: { label: specB.label, commit: specB.kind === "commit" ? specB.commit : null },
      design: { schematic: design.schematic ?? null, board: design.board ?? null },
      identical: schematic.changes.length === 0 && board.changes.length === 0,
      schematic,
      board,
      checks,
      pictures,
    });
  } finally {
    await Promise.all([before.dispose(), after.dispose()]);
  }
}
