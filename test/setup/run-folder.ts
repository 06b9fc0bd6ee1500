import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ProvidedContext } from "vitest";
import type { TestProject } from "vitest/node";

/**
 * One scratch folder per `vitest run`, outside the checkout, handed to the workers both through
 * `provide` (test files) and an environment variable (processes they start); removed at the
 * end, after `beforeRemove` (a last check on what is in it).
 */
export async function runFolder(
  project: TestProject,
  spec: { key: keyof ProvidedContext; env: string; prefix: string },
  beforeRemove: (dir: string) => Promise<void> = async () => {},
): Promise<() => Promise<void>> {
  const dir = await mkdtemp(join(tmpdir(), spec.prefix));
  project.provide(spec.key, dir);
  process.env[spec.env] = dir;
  return async () => {
    try {
      await beforeRemove(dir);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };
}
