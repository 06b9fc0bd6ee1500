import { join } from "node:path";
import { resolveCheckTarget } from "../check/check-target.js";
import type { PathPattern } from "../flow/path-pattern.js";
import { runDir } from "../flow/run-paths.js";
import { renderSvg } from "../kicad/cli/render-svg.js";

/** A stage works on KiCad files when it owns a sheet or a board. */
export function worksOnKicad(outputs: readonly PathPattern[]): boolean {
  return outputs.some((p) => /\.kicad_(sch|pcb)$/.test(p.source));
}

/**
 * The sheet's root page and the board, rendered to SVG into the attempt's run folder
 * (`renders/schematic.svg`, `renders/board.svg`): every text and exit-code gate can be met by
 * a design that is visibly wrong, so a KiCad stage leaves a picture a person can look at. A
 * file that does not exist yet, or that kicad-cli cannot render, is left out: a render is a
 * view of the work, never a judgement of it. Returns the repo-relative paths written.
 */
export async function renderStageFiles(
  repo: string,
  scope: { stage: string; attempt: number },
  options: { env?: NodeJS.ProcessEnv; signal?: AbortSignal } = {},
): Promise<string[]> {
  const target = await resolveCheckTarget(repo, undefined).catch(() => undefined);
  if (!target) return [];
  const dir = `${runDir(scope.stage, scope.attempt)}/renders`;
  const jobs: Array<[string | undefined, string]> = [
    [target.schematic, `${dir}/schematic.svg`],
    [target.board, `${dir}/board.svg`],
  ];
  const written = await Promise.all(
    jobs.map(async ([source, out]) => {
      if (!source) return undefined;
      try {
        await renderSvg(source, join(repo, out), {
          ...(options.env ? { env: options.env } : {}),
          ...(options.signal ? { signal: options.signal } : {}),
        });
        return out;
      } catch (error) {
        if (options.signal?.aborted) throw error;
        return undefined;
      }
    }),
  );
  return written.filter((p): p is string => p !== undefined);
}
