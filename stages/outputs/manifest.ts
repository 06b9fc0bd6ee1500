import { createHash } from "node:crypto";
import { readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { z } from "zod";
import type { ExportedFile } from "../../engine/kicad/export/export-design.js";
import { readOptional } from "../../engine/repo/read-optional.js";

/** The folder the outputs stage owns, and the list of what it wrote there. */
export const OUTPUTS_DIR = "outputs";
export const MANIFEST = "manifest.json";

export const manifestSchema = z.object({
  schema: z.literal(1),
  board: z.string(),
  schematic: z.string(),
  files: z.array(
    z.object({
      path: z.string(),
      kind: z.string(),
      bytes: z.int().min(0),
      sha256: z.string().length(64),
    }),
  ),
});

export type Manifest = z.infer<typeof manifestSchema>;

/** The manifest of an exported folder: every file with its kind, size and sha256, by path. */
export async function manifestOf(
  dir: string,
  files: readonly ExportedFile[],
  design: { board: string; schematic: string },
): Promise<Manifest> {
  const entries = await Promise.all(
    files.map(async (f) => {
      const bytes = await readFile(join(dir, f.path));
      return {
        path: f.path,
        kind: f.kind,
        bytes: bytes.length,
        sha256: createHash("sha256").update(bytes).digest("hex"),
      };
    }),
  );
  return { schema: 1, ...design, files: entries };
}

export const manifestText = (m: Manifest) => `${JSON.stringify(m, null, 2)}\n`;

/** The manifest in `outputs/`, or undefined when there is none (or it is not ours). */
export async function readManifest(repo: string): Promise<Manifest | undefined> {
  const text = await readOptional(join(repo, OUTPUTS_DIR, MANIFEST));
  if (text === undefined) return undefined;
  try {
    const parsed = manifestSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Size of a file, undefined when it is not there. */
export function sizeOf(path: string): Promise<number | undefined> {
  return stat(path).then(
    (s) => (s.isFile() ? s.size : undefined),
    () => undefined,
  );
}
