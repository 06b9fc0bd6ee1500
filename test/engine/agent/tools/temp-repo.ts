import { cp, mkdir, mkdtemp, realpath, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import type { ToolContext } from "../../../../engine/agent/tool.js";

export const LED_EXAMPLE = resolve(import.meta.dirname, "../../../../examples/led");

/** A fresh temp folder (realpath'd) with `files` written into it; `done()` removes it. */
export async function tempRepo(files: Record<string, string> = {}): Promise<{
  repo: string;
  context: ToolContext;
  done(): Promise<void>;
}> {
  const repo = await realpath(await mkdtemp(join(tmpdir(), "copperhead-tools-")));
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(repo, path)), { recursive: true });
    await writeFile(join(repo, path), text);
  }
  return {
    repo,
    context: { repo, stage: "test", attempt: 1, env: process.env },
    done: () => rm(repo, { recursive: true, force: true }),
  };
}

/** A temp repo holding examples/led: the KiCad files under hardware/, its docs under docs/. */
export async function ledRepo(config: Record<string, unknown> = {}) {
  const made = await tempRepo({
    ".copperhead/config.json": JSON.stringify({
      paths: { schematic: "hardware/led.kicad_sch", board: "hardware/led.kicad_pcb" },
      ...config,
    }),
  });
  await cp(LED_EXAMPLE, join(made.repo, "hardware"), { recursive: true });
  await rename(join(made.repo, "hardware/docs"), join(made.repo, "docs"));
  return made;
}
