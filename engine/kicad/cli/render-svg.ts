import { copyFile, mkdir, readdir } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";
import { KicadCliError } from "./errors.js";
import { resolveInput } from "./input-file.js";
import { requireRc } from "./require-rc.js";
import { type KicadRunOptions, withKicadCli } from "./run-kicad-cli.js";

/** Copper, silkscreen and outline of both sides: what a reviewer needs to judge a layout. */
export const DEFAULT_BOARD_LAYERS = ["F.Cu", "B.Cu", "F.SilkS", "B.SilkS", "Edge.Cuts"] as const;

export interface RenderOptions extends KicadRunOptions {
  /** Board layers to draw (default DEFAULT_BOARD_LAYERS). */
  layers?: readonly string[];
}

/**
 * Renders a schematic or board to SVG. `out` ending in `.svg` is the one file to write (for a
 * schematic: its root page); otherwise it is a folder that receives every page of the schematic
 * hierarchy (`<root>.svg`, `<root>-<sheet>.svg`, …) or `<board>.svg`. Boards are cropped to the
 * board area without a drawing sheet. Returns the absolute paths written.
 */
export async function renderSvg(
  path: string,
  out: string,
  options: RenderOptions = {},
): Promise<string[]> {
  const input = await resolveInput(path, ["schematic", "board"], { env: options.env });
  const toFile = out.toLowerCase().endsWith(".svg");
  const target = resolve(out);
  const source = input.root;
  const stem = basename(source).replace(/\.kicad_(sch|pcb)$/, "");
  return withKicadCli(
    input.cleared,
    (work) =>
      input.kind === "schematic"
        ? ["sch", "export", "svg", "-o", work.out("svg"), source]
        : [
            "pcb",
            "export",
            "svg",
            "--mode-single",
            "-l",
            (options.layers ?? DEFAULT_BOARD_LAYERS).join(","),
            "--page-size-mode",
            "2",
            "--exclude-drawing-sheet",
            "-o",
            join(work.out("svg"), `${stem}.svg`),
            source,
          ],
    async (run, work) => {
      requireRc(run, [0], source);
      const rendered = (await readdir(work.out("svg")).catch(() => [] as string[]))
        .filter((name) => name.endsWith(".svg"))
        .sort();
      const main = `${stem}.svg`;
      if (!rendered.includes(main)) {
        throw new KicadCliError(
          `kicad-cli exited 0 but rendered no ${main}`,
          "rerun the command below by hand; the kicad-cli build may be broken",
          run,
        );
      }
      const pairs = toFile
        ? [[main, target] as const]
        : rendered.map((name) => [name, join(target, name)] as const);
      await mkdir(toFile ? dirname(target) : target, { recursive: true });
      for (const [name, destination] of pairs)
        await copyFile(join(work.out("svg"), name), destination);
      return pairs.map(([, destination]) => destination);
    },
    options,
  );
}
