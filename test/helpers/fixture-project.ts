import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

/** The repository root (this file is test/helpers/fixture-project.ts). */
export const REPO_ROOT = resolve(import.meta.dirname, "../..");
/** The bundled LED example: a clean, hermetic KiCad 9 project. */
export const LED_EXAMPLE = join(REPO_ROOT, "examples/led");
/** Hand-made KiCad files with known defects, derived from the LED example. */
export const KICAD_FIXTURES = join(REPO_ROOT, "test/fixtures/kicad");
export const LED_VARIANTS = join(KICAD_FIXTURES, "led-variants");

export interface TempProject {
  dir: string;
  /** A path inside the copy. */
  path(name: string): string;
  remove(): Promise<void>;
}

/**
 * A private copy of a fixture project folder (default: the LED example) in a fresh temp dir,
 * for tests that edit files or must not share a folder. Call `remove()` when done.
 */
export async function copyFixtureProject(source: string = LED_EXAMPLE): Promise<TempProject> {
  const dir = await mkdtemp(join(tmpdir(), "copperhead-fixture-"));
  await cp(source, dir, { recursive: true });
  return {
    dir,
    path: (name) => join(dir, name),
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}
