import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { z } from "zod";
import { intentSchema } from "../engine/kicad/draft/intent.js";
import type { Breakout } from "./breakout-intent.js";

/**
 * A breakout the library run once failed on, kept as a regression case: the intent exactly as
 * generated (so later generator changes do not change it), the nets the drawing must have, and
 * what went wrong when it was found.
 */
export const regressionFixtureSchema = z
  .object({
    libId: z.string(),
    seed: z.number().int(),
    found: z.string().describe("the finding the drafter gave when the case was found"),
    intent: intentSchema,
    expected: z.array(z.array(z.string())),
    leftOut: z.array(z.string()),
  })
  .strict();

export type RegressionFixture = z.infer<typeof regressionFixtureSchema>;

/** `Library:Symbol` → a file name. */
export const fixtureName = (libId: string) =>
  `${libId.replace(/[^A-Za-z0-9_.+-]/g, "_")}.breakout.json`;

export async function saveRegressionFixture(
  dir: string,
  libId: string,
  seed: number,
  breakout: Extract<Breakout, { ok: true }>,
  found: string,
): Promise<string> {
  await mkdir(dir, { recursive: true });
  const fixture: RegressionFixture = {
    libId,
    seed,
    found,
    intent: breakout.intent,
    expected: breakout.expected,
    leftOut: breakout.leftOut,
  };
  const path = join(dir, fixtureName(libId));
  await writeFile(path, `${JSON.stringify(fixture, null, 2)}\n`);
  return path;
}

/** Every fixture in `dir`, by file name order. */
export async function loadRegressionFixtures(dir: string): Promise<RegressionFixture[]> {
  const files = (await readdir(dir)).filter((f) => f.endsWith(".breakout.json")).sort();
  return Promise.all(
    files.map(async (f) =>
      regressionFixtureSchema.parse(JSON.parse(await readFile(join(dir, f), "utf8"))),
    ),
  );
}
