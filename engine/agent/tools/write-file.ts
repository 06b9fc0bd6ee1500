import { z } from "zod";
import { atomicCreate } from "./atomic-write.js";
import { checkContent } from "./check-content.js";
import { confinePath } from "./confine.js";
import { defineTool } from "./define-tool.js";
import { ToolError } from "./tool-error.js";
import { facts } from "./tool-facts.js";

// KiCad files are only ever changed by anchored edits (probed) or the drafting engine: a
// whole-file write from a model is how sheets get silently mangled.
const KICAD_EXTENSIONS = [".kicad_sch", ".kicad_pcb", ".kicad_sym", ".kicad_mod", ".kicad_pro"];

export const writeFileArgs = z.object({
  path: z.string().min(1).describe("repo-relative path of a file that does not exist yet"),
  content: z.string().describe("the whole text of the new file"),
});

/** write_file: creates a new file (parent folders too), atomically; never overwrites, never KiCad files. */
export const writeFileTool = defineTool({
  name: "write_file",
  description:
    "Create a NEW text file with the given content (folders are created as needed). Refuses existing files (use edit_file) and KiCad files (.kicad_sch/.kicad_pcb/.kicad_sym/.kicad_mod/.kicad_pro).",
  schema: writeFileArgs,
  mutating: true,
  async run(args, context) {
    checkContent(args.content, "content", context.env);
    const lower = args.path.toLowerCase();
    const ext = KICAD_EXTENSIONS.find((e) => lower.endsWith(e));
    if (ext) {
      throw new ToolError(
        "refused",
        `write_file does not create KiCad files (${ext})`,
        ext === ".kicad_sch"
          ? "schematics come from the intent via draft_schematic, or from anchored edit_file changes"
          : "change KiCad files with edit_file, or let the stage's deterministic step create them",
      );
    }
    const file = await confinePath(context.repo, args.path);
    if (file.exists || !(await atomicCreate(file.absolute, args.content))) {
      throw new ToolError(
        "conflict",
        `${file.relative} already exists; write_file only creates new files`,
        "use edit_file to change an existing file",
      );
    }
    const lines = args.content === "" ? 0 : args.content.split("\n").length;
    return {
      ok: true,
      summary: `wrote ${file.relative} (${lines} lines)`,
      detail: `created ${file.relative} with ${args.content.length} characters`,
      facts: facts.mutated(file.relative),
    };
  },
});
