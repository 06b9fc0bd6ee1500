import { createHash } from "node:crypto";
import { mkdir, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { execa } from "execa";
import { REPO_ROOT } from "./fixture-project.js";

/**
 * The CLI as `npm run build` ships it, built from the current sources into a cache folder under
 * node_modules (so its imports resolve) and reused while the sources are unchanged. Test files
 * running at once share one build: the first takes a lock folder, the others wait for it.
 */
export async function builtCli(): Promise<string> {
  const key = await sourceHash();
  const dir = join(REPO_ROOT, "node_modules", ".cache", "copperhead-built-cli", key);
  const main = join(dir, "engine", "cli", "main.js");
  const done = join(dir, ".done");
  const lock = `${dir}.lock`;
  await mkdir(dirname(dir), { recursive: true });
  for (;;) {
    if (await exists(done)) return main;
    try {
      await mkdir(lock, { recursive: false });
    } catch {
      // Someone else is building; a lock older than five minutes is a build that died.
      const age = Date.now() - (await stat(lock).catch(() => ({ mtimeMs: Date.now() }))).mtimeMs;
      if (age > 300_000) await rm(lock, { recursive: true, force: true });
      await new Promise((resume) => setTimeout(resume, 250));
      continue;
    }
    try {
      await rm(dir, { recursive: true, force: true });
      await execa(
        join(REPO_ROOT, "node_modules", ".bin", "tsc"),
        ["-p", "tsconfig.build.json", "--outDir", dir],
        { cwd: REPO_ROOT },
      );
      await writeFile(done, "");
      return main;
    } finally {
      await rm(lock, { recursive: true, force: true });
    }
  }
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

/** sha256 over every source file the build compiles, and the build's own config. */
async function sourceHash(): Promise<string> {
  const hash = createHash("sha256");
  const files: string[] = ["tsconfig.json", "tsconfig.build.json"];
  const walk = async (dir: string) => {
    for (const entry of (await readdir(join(REPO_ROOT, dir), { withFileTypes: true })).sort(
      (a, b) => (a.name < b.name ? -1 : 1),
    )) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) await walk(path);
      else if (entry.name.endsWith(".ts") || entry.name.endsWith(".json")) files.push(path);
    }
  };
  for (const dir of ["engine", "stages", "app", "bench", "fuzz"])
    if (await exists(join(REPO_ROOT, dir))) await walk(dir);
  for (const file of files) hash.update(file).update(await readFile(join(REPO_ROOT, file)));
  return hash.digest("hex").slice(0, 16);
}
