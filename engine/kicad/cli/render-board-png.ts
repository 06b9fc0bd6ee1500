import { copyFile, mkdir, stat } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { KicadCliError } from "./errors.js";
import { resolveInput } from "./input-file.js";
import { requireRc } from "./require-rc.js";
import { type KicadRunOptions, withKicadCli } from "./run-kicad-cli.js";

export interface BoardPngOptions extends KicadRunOptions {
  readonly width?: number;
  readonly height?: number;
  readonly side?: "top" | "bottom";
}

/**
 * kicad-cli's 3D render of a board as a PNG (`pcb render`, headless): what the board looks like
 * from above, parts' 3D bodies where their models are installed. Writes `out`; returns its path.
 */
export async function renderBoardPng(
  board: string,
  out: string,
  options: BoardPngOptions = {},
): Promise<string> {
  const input = await resolveInput(board, ["board"], { env: options.env });
  const target = resolve(out);
  return withKicadCli(
    input.cleared,
    (work) => [
      "pcb",
      "render",
      "--side",
      options.side ?? "top",
      "--width",
      String(options.width ?? 1600),
      "--height",
      String(options.height ?? 1000),
      "--background",
      "opaque",
      "-o",
      work.out("render.png"),
      input.path,
    ],
    async (run, work) => {
      requireRc(run, [0], input.path);
      const made = await stat(work.out("render.png")).catch(() => undefined);
      if (!made?.isFile() || made.size === 0) {
        throw new KicadCliError(
          "kicad-cli exited 0 but rendered no PNG",
          "rerun the command below by hand; kicad-cli's 3D renderer needs a working OpenGL-less build",
          run,
        );
      }
      await mkdir(dirname(target), { recursive: true });
      await copyFile(work.out("render.png"), target);
      return target;
    },
    options,
  );
}
