import { rmSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { join } from "node:path";

// Scratch folders of calls still running. If the process exits mid-call (a test runner tearing
// down a worker after a timeout), `finally` never runs; this sweep still removes them.
const active = new Set<string>();
let sweeping = false;
function track(dir: string): void {
  active.add(dir);
  if (sweeping) return;
  sweeping = true;
  process.once("exit", () => {
    for (const left of active) rmSync(left, { recursive: true, force: true });
  });
}

/**
 * A fresh folder under `parent` for one external call (kicad-cli, the pcbnew helper), removed
 * when `use` settles — and, should the process exit first, by an exit sweep.
 */
export async function inScratchFolder<T>(
  parent: string,
  prefix: string,
  use: (dir: string) => Promise<T>,
): Promise<T> {
  const dir = await mkdtemp(join(parent, prefix));
  track(dir);
  try {
    return await use(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
    active.delete(dir);
  }
}
