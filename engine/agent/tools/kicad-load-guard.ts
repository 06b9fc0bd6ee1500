import { probe } from "../../kicad/cli/probe.js";
import { parseSexp } from "../../kicad/sexp/parse.js";
import { SexpParseError } from "../../kicad/sexp/parse-error.js";
import type { ToolContext } from "../tool.js";
import { atomicWrite } from "./atomic-write.js";

export type GuardOutcome =
  | { kind: "kept" }
  | { kind: "reverted"; complaint: string }
  | { kind: "kept-unloadable"; complaint: string };

/**
 * After a text edit to a .kicad_sch/.kicad_pcb: does kicad-cli still load it? If not, the old
 * text goes back, unless the old text did not load either (then the edit may be part of a
 * repair and is kept). The common case costs one kicad-cli call: the original is only probed
 * when the edited file fails. The complaint prefers our parser's line/column (kicad-cli names
 * no position).
 */
export async function guardKicadEdit(
  absolute: string,
  relative: string,
  before: string,
  after: string,
  mode: number,
  context: ToolContext,
): Promise<GuardOutcome> {
  const options = { env: context.env };
  const edited = await probe(absolute, options);
  if (edited.loads) return { kind: "kept" };
  const complaint = complaintFor(after, relative, edited.stderr);
  await atomicWrite(absolute, before, mode);
  const original = await probe(absolute, options);
  if (!original.loads) {
    await atomicWrite(absolute, after, mode);
    return { kind: "kept-unloadable", complaint };
  }
  return { kind: "reverted", complaint };
}

function complaintFor(text: string, relative: string, stderr: string): string {
  try {
    parseSexp(text, { file: relative });
  } catch (error) {
    // "<file>:<line>:<column>: found …, expected …": the facts, without the generic fix.
    if (error instanceof SexpParseError) return error.message;
  }
  const said = stderr.trim();
  return `kicad-cli cannot load ${relative}${said ? `: ${said}` : ""} (the s-expressions are well-formed, so KiCad rejects the content: a wrong token, a missing required field, or a bad value)`;
}
