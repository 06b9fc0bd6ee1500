import { open, stat } from "node:fs/promises";
import { basename, extname } from "node:path";
import { UsageError } from "../errors.js";
import { quoteExcerpt } from "../excerpt.js";
import { fileErrorOf, withPath } from "../file-error.js";
import { LIMITS, megabytes, TooLargeError } from "../limits.js";
import { readText } from "../repo/read-text.js";

export type KicadFileKind = "schematic" | "board";

/** A KiCad file from before KiCad 6 (or older): copperhead reads KiCad 6 to 9 files. */
export class LegacyKicadFormatError extends UsageError {}

/** A file that is not text at all (a zip, an image, a truncated binary). */
export class NotTextError extends UsageError {}

const LIMIT: Record<KicadFileKind, number> = {
  schematic: LIMITS.schematicBytes,
  board: LIMITS.boardBytes,
};

// KiCad 5's schematic (.sch) and KiCad ≤ 3's board header lines.
const LEGACY_HEADERS: ReadonlyArray<[RegExp, string]> = [
  [/^EESchema Schematic File Version/, "a KiCad 5 (or older) schematic"],
  [/^PCBNEW-BOARD Version/, "a KiCad 3 (or older) board"],
];

/** The error for a KiCad 5 file by its extension (`.sch`, `.brd`), if it is one. */
export function legacyExtensionError(path: string): LegacyKicadFormatError | undefined {
  const ext = extname(path);
  if (ext === ".sch") {
    return new LegacyKicadFormatError(
      `${path} is a KiCad 5 (or older) schematic; copperhead reads KiCad 6 to 9 files (.kicad_sch)`,
      `open it in KiCad 9 and save it: KiCad converts it to ${basename(path, ext)}.kicad_sch`,
    );
  }
  if (ext === ".brd") {
    return new LegacyKicadFormatError(
      `${path} is a legacy KiCad board; copperhead reads KiCad 6 to 9 boards (.kicad_pcb)`,
      `open it in KiCad 9 and save it as ${basename(path, ext)}.kicad_pcb`,
    );
  }
  return undefined;
}

/** Refuses a file beyond its kind's size limit (before anything reads it). */
export async function checkKicadFileSize(path: string, kind: KicadFileKind): Promise<void> {
  let size: number;
  try {
    size = (await stat(path)).size;
  } catch (error) {
    throw fileErrorOf(withPath(error, path)) ?? error;
  }
  if (size > LIMIT[kind]) {
    throw new TooLargeError(
      `${path} is ${megabytes(size)}; copperhead reads a KiCad ${kind} of up to ${megabytes(LIMIT[kind])}`,
      kind === "schematic"
        ? "check that it is the right file; a design this large belongs on hierarchical sheets of a few MB each"
        : "check that it is the right file; KiCad's largest demo board is 70 MB",
    );
  }
}

/**
 * A KiCad schematic or board as text, after the checks that turn a baffling parse error into
 * one that says what the file is: too large, not text at all, or KiCad 5's legacy format.
 * `quote: false` (a file reached through another file's reference) keeps its text out of them.
 */
export async function readKicadFile(
  path: string,
  kind: KicadFileKind,
  options: { quote?: boolean } = {},
): Promise<string> {
  await checkKicadFileSize(path, kind);
  await refuseBinary(path);
  const text = await readText(path);
  const head = text.replace(/^\uFEFF/, "").slice(0, 200);
  for (const [pattern, what] of LEGACY_HEADERS) {
    if (pattern.test(head)) {
      // Quoted bounded and printable, and only when the file may be quoted at all.
      const first =
        options.quote === false
          ? ""
          : ` (its first line is ${quoteExcerpt(head.split(/\r?\n/, 1)[0] ?? "", 60)})`;
      throw new LegacyKicadFormatError(
        `${path} is ${what}${first}, not a KiCad 6 to 9 file`,
        "open it in KiCad 9 and save it; KiCad converts it to the current format",
      );
    }
  }
  return text;
}

/** A NUL byte in the first 8 KB: no KiCad file (UTF-8 text) has one. */
async function refuseBinary(path: string): Promise<void> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(path, "r");
  } catch (error) {
    throw fileErrorOf(withPath(error, path)) ?? error;
  }
  try {
    const buffer = Buffer.alloc(8192);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    if (buffer.subarray(0, bytesRead).includes(0)) {
      throw new NotTextError(
        `${path} is not a text file (it holds binary data), so it is not a KiCad file`,
        "check the path; a KiCad schematic or board is an s-expression text file",
      );
    }
  } catch (error) {
    if (error instanceof NotTextError) throw error;
    throw fileErrorOf(withPath(error, path)) ?? error;
  } finally {
    await handle.close();
  }
}
