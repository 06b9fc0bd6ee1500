import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Resvg } from "@resvg/resvg-js";
import { resolveCheckTarget } from "../check/check-target.js";
import type { PathPattern } from "../flow/path-pattern.js";
import { runDir } from "../flow/run-paths.js";
import { renderSvg } from "../kicad/cli/render-svg.js";

/** Pixel widths: a sheet's text stays readable in a tracker comment, a board fills it. */
const WIDTH = { schematic: 1800, board: 1200 } as const;

/** A stage works on KiCad files when it owns a sheet or a board. */
export function worksOnKicad(outputs: readonly PathPattern[]): boolean {
  return outputs.some((p) => /\.kicad_(sch|pcb)$/.test(p.source));
}

/**
 * The sheet's root page and the board as PNG in the attempt's run folder
 * (`renders/schematic.png`, `renders/board.png`, the names the GitHub App's tracker links):
 * every text and exit-code gate can be met by a design that is visibly wrong, so a KiCad stage
 * leaves a picture a person can look at. kicad-cli draws the SVG; resvg rasterizes it in
 * process, with no system font (KiCad strokes its text), so the same file gives the same
 * bytes. A file that does not exist yet, or does not render, is left out: a render is a view
 * of the work, never a judgement of it. Returns the repo-relative paths written.
 */
export async function renderStageFiles(
  repo: string,
  scope: { stage: string; attempt: number },
  options: { env?: NodeJS.ProcessEnv; signal?: AbortSignal } = {},
): Promise<string[]> {
  const target = await resolveCheckTarget(repo, undefined).catch(() => undefined);
  if (!target) return [];
  const dir = `${runDir(scope.stage, scope.attempt)}/renders`;
  const scratch = await mkdtemp(join(options.env?.TMPDIR || tmpdir(), "copperhead-renders-"));
  try {
    const jobs = [
      ["schematic", target.schematic],
      ["board", target.board],
    ] as const;
    const written = await Promise.all(
      jobs.map(async ([kind, source]) => {
        if (!source) return undefined;
        const out = `${dir}/${kind}.png`;
        try {
          const svg = join(scratch, `${kind}.svg`);
          await renderSvg(source, svg, {
            ...(options.env ? { env: options.env } : {}),
            ...(options.signal ? { signal: options.signal } : {}),
          });
          const png = new Resvg(await readFile(svg), {
            fitTo: { mode: "width", value: WIDTH[kind] },
            background: "white",
            font: { loadSystemFonts: false },
            logLevel: "off",
          })
            .render()
            .asPng();
          await mkdir(join(repo, dir), { recursive: true });
          await writeFile(join(repo, out), png);
          return out;
        } catch (error) {
          if (options.signal?.aborted) throw error;
          return undefined;
        }
      }),
    );
    return written.filter((p): p is string => p !== undefined);
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
