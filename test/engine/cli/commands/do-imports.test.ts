import { appendFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { modulesLoaded } from "../../../helpers/loaded-modules.js";
import { builtCli } from "../../../helpers/packed-cli.js";
import { gitRepo, SCRIPTS } from "../../agent/acceptance/git-repo.js";

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const done of cleanups) await done();
});

const ours = (loaded: string[]) =>
  loaded.filter((u) => !u.includes("/node_modules/")).map((u) => u.slice(u.indexOf("/dist/") + 1));

// The attempt machinery: what a `do` that runs needs, and a refused one must not pay for.
const ATTEMPT =
  /^dist\/engine\/(pipeline\/(run-request|attempt)\.js|agent\/(loop|ledger)\/|agent\/tools\/all-tools\.js|kicad\/(draft|schematic|board)\/)/;

// `copperhead do` answers a usage or provider error before it runs anything: the fault table and
// the CLI tests spawn it dozens of times that way, and each spawn imported ~780 modules (1.1 s
// of CPU) for an answer that needs ~150.
describe("copperhead do's imports", () => {
  it("a usage error loads no attempt, the agent loop, its tools or KiCad; a request that runs does", async () => {
    const { bin } = await builtCli();
    const made = await gitRepo({ "README.md": "# a design\n" });
    cleanups.push(made.done);

    const usage = await modulesLoaded([bin, "do", "--max-turns", "0", "add a note"], {
      cwd: made.repo,
    });
    expect(usage.stderr).toMatch(/--max-turns/);
    expect(usage.exitCode).toBe(2);
    expect(ours(usage.loaded)).toContain("dist/engine/cli/commands/do.js");
    expect(ours(usage.loaded).filter((u) => ATTEMPT.test(u))).toEqual([]);

    // Past the flags and the provider, the request runs: run-request is loaded and refuses the
    // dirty tree itself.
    await appendFile(join(made.repo, "README.md"), "mine\n");
    const script = join(SCRIPTS, "write-note.json");
    const runs = await modulesLoaded(
      [bin, "do", "add a note", "--provider", "scripted", "--script", script],
      { cwd: made.repo },
    );
    expect(runs.stderr).toMatch(/uncommitted changes \(README\.md\)/);
    expect(runs.exitCode).toBe(2);
    expect(ours(runs.loaded)).toContain("dist/engine/pipeline/run-request.js");
  });
});
