import { createHash } from "node:crypto";
import { mkdir } from "node:fs/promises";
import { dirname, join } from "node:path";
import { z } from "zod";
import { writeAtomic } from "../../kicad/draft/write-atomic.js";
import { readOptional } from "../read-optional.js";

/** Where `copperhead init` remembers the hash of every doc it wrote. */
export const SCAFFOLD_RECORD = ".copperhead/scaffold.json";

const recordSchema = z.object({
  schema: z.literal(1),
  /** Repo-relative path → sha256 of the bytes init wrote there. */
  files: z.record(z.string(), z.string().regex(/^[0-9a-f]{64}$/)),
});

export type ScaffoldRecord = z.infer<typeof recordSchema>;

export const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** The record, or an empty one when init never ran (or the file is not a record). */
export async function readScaffoldRecord(repo: string): Promise<ScaffoldRecord> {
  const text = await readOptional(join(repo, SCAFFOLD_RECORD));
  if (text === undefined) return { schema: 1, files: {} };
  try {
    const parsed = recordSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : { schema: 1, files: {} };
  } catch {
    return { schema: 1, files: {} };
  }
}

export async function writeScaffoldRecord(repo: string, record: ScaffoldRecord): Promise<void> {
  const sorted = Object.fromEntries(
    Object.entries(record.files).sort(([a], [b]) => (a < b ? -1 : 1)),
  );
  const file = join(repo, SCAFFOLD_RECORD);
  await mkdir(dirname(file), { recursive: true });
  await writeAtomic(file, `${JSON.stringify({ schema: 1, files: sorted }, null, 2)}\n`);
}

/**
 * Whether `path` still holds exactly what `copperhead init` wrote: a scaffold nobody reviewed
 * is not evidence, whatever its shape.
 */
export async function isUntouchedScaffold(
  repo: string,
  path: string,
  text?: string,
): Promise<boolean> {
  const recorded = (await readScaffoldRecord(repo)).files[path];
  if (recorded === undefined) return false;
  const current = text ?? (await readOptional(join(repo, path)));
  return current !== undefined && sha256(current) === recorded;
}
