import { cp, mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { git } from "../../../../engine/repo/git.js";
import { DEMO_DIR } from "../../../helpers/demo-corpus.js";
import { makeTempDir, type TempDir } from "../../../helpers/temp-dir.js";
import { type DesignFiles, readDesign } from "./design-files.js";

export interface DemoRepo extends TempDir {
  /** The design's .kicad_sch/.kicad_pcb texts as first committed. */
  files: DesignFiles;
  /** Writes changed design files into the working tree (paths as in `files`). */
  write(files: DesignFiles, only?: readonly string[]): Promise<void>;
  /** Commits everything; returns the commit id. */
  commit(message: string): Promise<string>;
  git(args: string[]): Promise<string>;
}

/** A fixed author, so test commits need no git identity on the machine. */
export const AUTHOR = {
  GIT_AUTHOR_NAME: "Test",
  GIT_AUTHOR_EMAIL: "test@example.com",
  GIT_COMMITTER_NAME: "Test",
  GIT_COMMITTER_EMAIL: "test@example.com",
};

/** A KiCad demo copied into a fresh git repository on `main`, committed once. */
export async function demoRepo(demo: string): Promise<DemoRepo> {
  const temp = await makeTempDir("copperhead-diff-repo-");
  await cp(join(DEMO_DIR, demo), temp.dir, { recursive: true });
  const run = (args: string[]) => git(temp.dir, args, { env: AUTHOR });
  await run(["init", "-q", "-b", "main"]);
  const repo: DemoRepo = {
    ...temp,
    files: readDesign(temp.dir),
    async write(files, only) {
      for (const [path, text] of files) {
        if (only && !only.includes(path)) continue;
        if (!only && repo.files.get(path) === text) continue;
        await mkdir(dirname(join(temp.dir, path)), { recursive: true });
        await writeFile(join(temp.dir, path), text);
      }
    },
    async commit(message) {
      await run(["add", "-A"]);
      await run(["commit", "-q", "--allow-empty", "-m", message]);
      return (await run(["rev-parse", "HEAD"])).trim();
    },
    git: run,
  };
  await repo.commit("the demo as KiCad ships it");
  return repo;
}
