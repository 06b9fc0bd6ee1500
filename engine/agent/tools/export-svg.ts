import { writeFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { z } from "zod";
import { renderSvg } from "../../kicad/cli/render-svg.js";
import { configuredFile, noDesignResult } from "./configured-design.js";
import { confinePath } from "./confine.js";
import { defineTool } from "./define-tool.js";

/** Where renders go: beside the run records, but not inside the engine-owned runs/ folder. */
export const RENDERS_DIR = ".copperhead/renders";

export const exportSvgArgs = z.object({
  kind: z
    .enum(["sch", "pcb"])
    .describe("sch: every schematic page; pcb: the board's copper, silkscreen and outline"),
});

/** export_svg: kicad-cli renders of the configured schematic or board into .copperhead/renders/. */
export const exportSvgTool = defineTool({
  name: "export_svg",
  description:
    "Render the configured schematic (kind: sch, every page) or board (kind: pcb) to SVG under .copperhead/renders/ with KiCad. Returns the files written.",
  schema: exportSvgArgs,
  mutating: false,
  async run(args, context) {
    const kind = args.kind === "sch" ? "schematic" : "board";
    const source = await configuredFile(context, kind);
    if (!source) return noDesignResult("export_svg", kind);
    const out = await confinePath(context.repo, RENDERS_DIR);
    const written = await renderSvg(source.absolute, out.absolute, { env: context.env });
    // Renders are regenerated on demand; a run's commit must never pick them up.
    await writeFile(join(out.absolute, ".gitignore"), "*\n");
    const shown = written.map((p) => relative(context.repo, p).split("\\").join("/"));
    return {
      ok: true,
      summary: `rendered ${shown.length} SVG file(s) of ${source.relative}`,
      detail: `wrote ${shown.join(", ")}`,
    };
  },
});
