import { readFileSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { z } from "zod";

/**
 * How long each test file took in a full `npm test` (seconds of wall time in its worker,
 * hooks and collection included), checked in so the order holds on a clean clone where vitest
 * has no cache. Refreshed by test/setup/record-durations.ts; rough numbers are enough, only
 * the order matters.
 */
export const FILE_DURATIONS = "test/setup/file-durations.json";

const durationsSchema = z.record(z.string(), z.number().nonnegative());

export type FileDurations = Readonly<Record<string, number>>;

/** The checked-in list under `root`; a broken list throws, naming the file and how to fix it. */
export function readFileDurations(root: string): FileDurations {
  const path = join(root, FILE_DURATIONS);
  const parsed = durationsSchema.safeParse(JSON.parse(readFileSync(path, "utf8")));
  if (!parsed.success) {
    throw new Error(
      `${FILE_DURATIONS} is not a map of test file to seconds (${parsed.error.issues[0]?.message}); ` +
        "restore it from git or rerun the recorder (docs/testing.md, Keeping the suite fast)",
    );
  }
  return parsed.data;
}

/** Sorted by path so a refresh changes only the lines whose numbers moved. */
export async function writeFileDurations(root: string, durations: FileDurations): Promise<void> {
  const sorted = Object.fromEntries(
    Object.entries(durations).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
  await writeFile(join(root, FILE_DURATIONS), `${JSON.stringify(sorted, null, 2)}\n`);
}
