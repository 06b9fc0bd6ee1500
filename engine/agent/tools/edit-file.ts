import { readFile, stat } from "node:fs/promises";
import { z } from "zod";
import { DEFAULT_INTENT_PATH as INTENT_PATH } from "../../kicad/draft/intent.js";
import { isEngineDrafted } from "../../kicad/schematic/engine-stamp.js";
import type { ToolResult } from "../tool.js";
import { atomicWrite } from "./atomic-write.js";
import { checkContent } from "./check-content.js";
import { confinePath } from "./confine.js";
import { defineTool } from "./define-tool.js";
import { guardKicadEdit } from "./kicad-load-guard.js";
import { ToolError } from "./tool-error.js";
import { facts } from "./tool-facts.js";

export const editFileArgs = z.object({
  path: z.string().min(1).describe("repo-relative path of an existing file"),
  old: z
    .string()
    .min(1)
    .describe(
      "the exact text to replace; it must occur exactly once (include surrounding lines to make it unique)",
    ),
  new: z.string().describe("the replacement text"),
});

/**
 * edit_file: an exact, unique, anchored replace. `old` must occur exactly once; otherwise the
 * call is refused naming how often and on which lines it occurs. KiCad sheets and boards are
 * load-probed after the edit (see guardKicadEdit); engine-drafted sheets are refused outright.
 */
export const editFileTool = defineTool({
  name: "edit_file",
  description:
    "Replace one exact occurrence of `old` with `new` in an existing file. `old` must match exactly once (whitespace included). Edits to .kicad_sch/.kicad_pcb are checked by loading the file in KiCad and reverted if they break it. Engine-drafted schematics cannot be edited: change the intent and call draft_schematic.",
  schema: editFileArgs,
  mutating: true,
  async run(args, context): Promise<ToolResult> {
    checkContent(args.new, "new", context.env);
    const file = await confinePath(context.repo, args.path);
    const info = await stat(file.absolute).catch(() => undefined);
    if (!file.exists || !info?.isFile()) {
      throw new ToolError(
        "not-found",
        `${file.relative} does not exist`,
        "edit_file changes existing files; create new ones with write_file",
      );
    }
    const before = await readFile(file.absolute, "utf8");
    const isSheet = file.relative.endsWith(".kicad_sch");
    const isKicad = isSheet || file.relative.endsWith(".kicad_pcb");
    if (isSheet && isEngineDrafted(before)) {
      throw new ToolError(
        "refused",
        `${file.relative} was drafted by copperhead's engine; a hand edit would be lost on the next draft`,
        `change the intent in ${INTENT_PATH} and call draft_schematic to regenerate the sheet`,
      );
    }
    const at = occurrences(before, args.old);
    if (at.length !== 1) throw ambiguity(file.relative, before, args.old, at);
    const start = at[0] ?? 0;
    const after = before.slice(0, start) + args.new + before.slice(start + args.old.length);
    if (after === before) {
      return {
        ok: true,
        summary: `edit ${file.relative}: no change (old equals new)`,
        detail: "old and new are the same text; nothing was written",
      };
    }
    await atomicWrite(file.absolute, after, info.mode & 0o7777);
    const line = lineOf(before, start);
    const mutated = facts.mutated(file.relative, isSheet ? isEngineDrafted(after) : undefined);
    if (!isKicad) {
      return {
        ok: true,
        summary: `edited ${file.relative}:${line}`,
        detail: `replaced 1 occurrence at line ${line} of ${file.relative}`,
        facts: mutated,
      };
    }
    const guard = await guardKicadEdit(
      file.absolute,
      file.relative,
      before,
      after,
      info.mode & 0o7777,
      context,
    );
    if (guard.kind === "reverted") {
      return {
        ok: false,
        errorKind: "check-failed",
        summary: `edit ${file.relative} REVERTED: KiCad could not load the result`,
        detail: `edit REVERTED — the file loaded in KiCad before the edit and not after it, so the old text was restored.\n${guard.complaint}\nFix the replacement text and try again.`,
      };
    }
    const note =
      guard.kind === "kept-unloadable"
        ? `\nnote: ${file.relative} did not load in KiCad before this edit either, so the edit was kept; it still does not load: ${guard.complaint}`
        : "\nKiCad loads the edited file.";
    return {
      ok: true,
      summary: `edited ${file.relative}:${line}${guard.kind === "kept-unloadable" ? " (file still unloadable)" : ""}`,
      detail: `replaced 1 occurrence at line ${line} of ${file.relative}${note}`,
      facts: mutated,
    };
  },
});

function occurrences(text: string, needle: string): number[] {
  const found: number[] = [];
  for (let i = text.indexOf(needle); i !== -1; i = text.indexOf(needle, i + 1)) found.push(i);
  return found;
}

function lineOf(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf("\n"); i !== -1 && i < offset; i = text.indexOf("\n", i + 1)) line++;
  return line;
}

function ambiguity(path: string, text: string, old: string, at: number[]): ToolError {
  if (at.length > 1) {
    const lines = at.slice(0, 20).map((offset) => lineOf(text, offset));
    const more = at.length > 20 ? ", …" : "";
    return new ToolError(
      "conflict",
      `old text occurs ${at.length} times in ${path} (lines ${lines.join(", ")}${more}); nothing was changed`,
      "include more surrounding text in old so it matches exactly once",
    );
  }
  // Say where the first line of `old` does occur: usually a whitespace or neighbour mismatch.
  const firstLine =
    old
      .split("\n")
      .find((l) => l.trim() !== "")
      ?.trim() ?? "";
  const hints = firstLine
    ? text
        .split("\n")
        .flatMap((l, i) => (l.includes(firstLine) ? [i + 1] : []))
        .slice(0, 10)
    : [];
  const hint =
    hints.length > 0
      ? ` Its first line appears on line(s) ${hints.join(", ")}: compare the text around them (read_file).`
      : "";
  return new ToolError(
    "not-found",
    `old text occurs 0 times in ${path}; nothing was changed.${hint}`,
    "copy old exactly from read_file output (without the `N: ` line prefixes)",
  );
}
