import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../helpers/fixture-project.js";
import { modulesLoaded } from "../../helpers/loaded-modules.js";
import { builtCli } from "../../helpers/packed-cli.js";

// Nearly every spawn of the CLI runs git (status, next, the job steps of every local-runner
// dispatch); execa's ~100 modules cost each of them ~0.1 s of CPU while only kicad-cli, pcbnew
// and OpenSpec calls need what it adds.
describe("the git wrapper's imports", () => {
  it("loads no package: git runs through node:child_process", async () => {
    await builtCli();
    const module = join(REPO_ROOT, "dist/engine/repo/git.js");
    const run = await modulesLoaded(
      [
        "--input-type=module",
        "-e",
        `const { git } = await import(${JSON.stringify(module)}); process.stdout.write(await git(process.cwd(), ["rev-parse", "--is-inside-work-tree"]));`,
      ],
      { cwd: REPO_ROOT, env: { PATH: process.env.PATH } },
    );
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.loaded.some((u) => u.endsWith("/dist/engine/repo/git.js"))).toBe(true);
    expect(run.loaded.filter((u) => u.includes("/node_modules/"))).toEqual([]);
  });
});
