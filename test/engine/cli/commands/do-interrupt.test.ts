import { readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { git } from "../../../../engine/repo/git.js";
import { REPO_ROOT } from "../../../helpers/fixture-project.js";
import { builtCli } from "../../../helpers/packed-cli.js";
import { runBin } from "../../../helpers/run-bin.js";
import { spawnCli } from "../../../helpers/spawn-cli.js";
import { TRAIL, treeState } from "../../../helpers/tree-state.js";
import { gitRepo } from "../../agent/acceptance/git-repo.js";

// issue 10 item 4 through the built CLI as a child process: `do` stopped by a signal keeps its
// work (stash + WIP ref) and exits 130/143; a SIGKILL is recovered by the next `do`.
const env = {
  COPPERHEAD_PROVIDER: undefined,
  COPPERHEAD_SCRIPT: undefined,
  ANTHROPIC_API_KEY: undefined,
};
const REQUEST = "add a bring-up note";
let bin: string;
beforeAll(async () => {
  bin = (await builtCli()).bin;
}, 300_000);
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const done of cleanups) await done();
});
const exists = (p: string) =>
  stat(p).then(
    () => true,
    () => false,
  );

/** A repo, a file of the person's, and the write-note session held up after its write. */
async function setup() {
  const made = await gitRepo({ "README.md": "# board\n" });
  cleanups.push(made.done);
  await writeFile(join(made.repo, "mine.txt"), "untracked, mine\n");
  const turns = JSON.parse(
    await readFile(join(REPO_ROOT, "examples/scripts/write-note.json"), "utf8"),
  ) as object[];
  const script = join(made.repo, "held.json");
  await writeFile(script, JSON.stringify([...turns.slice(0, 3), { delayMs: 120_000, tools: [] }]));
  const base = (await git(made.repo, ["rev-parse", "HEAD"])).trim();
  return { repo: made.repo, script, base, planted: await treeState(made.repo, TRAIL) };
}

describe("copperhead do stopped by a signal, through the built CLI", () => {
  for (const [signal, code] of [
    ["SIGTERM", 143],
    ["SIGINT", 130],
  ] as const) {
    it(`${signal} mid-run: the model call is cut short, the work stashed and on the WIP ref, the tree restored, exit ${code}`, async () => {
      const { repo, script, base, planted } = await setup();
      const child = spawnCli(bin, ["do", REQUEST, "--provider", "scripted", "--script", script], {
        cwd: repo,
        env,
      });
      await child.waitForStderr("▸ write_file");
      child.process.kill(signal);
      const ended = await child.process;
      expect(ended.exitCode, child.stderr()).toBe(code);
      const err = child.stderr();
      expect(err).toContain("stopping at the next safe point; setting the work aside…");
      expect(err).toContain(
        `interrupted by ${signal}: stopped at a safe point: interrupted by ${signal}`,
      );
      expect(err).toMatch(
        /the run's work is in stash copperhead\/do\/\d{8}T\d{6}Z and on refs\/copperhead\/wip\/do\/1; the tree is back where it started/,
      );
      expect(err).toContain(`resume with: copperhead do "${REQUEST}"`);
      expect(await treeState(repo, TRAIL)).toEqual(planted);
      expect((await git(repo, ["rev-parse", "HEAD"])).trim()).toBe(base);
      expect(await git(repo, ["show", "refs/copperhead/wip/do/1:docs/BRINGUP.md"])).toContain(
        "bench supply",
      );
      const stash = /git stash apply ([0-9a-f]{12})/.exec(err)?.[1] ?? "missing";
      await git(repo, ["stash", "apply", "-q", stash]);
      expect(await readFile(join(repo, "docs/BRINGUP.md"), "utf8")).toContain("bench supply");
    }, 180_000);
  }

  it("SIGKILL mid-run: the next do recovers the leftover (stash + WIP ref, the person's files untouched) and then runs", async () => {
    const { repo, script } = await setup();
    const child = spawnCli(bin, ["do", REQUEST, "--provider", "scripted", "--script", script], {
      cwd: repo,
      env,
    });
    await child.waitForStderr("▸ write_file");
    child.process.kill("SIGKILL");
    expect((await child.process).signal).toBe("SIGKILL");
    expect(await exists(join(repo, "docs/BRINGUP.md"))).toBe(true);
    await writeFile(join(repo, "later.txt"), "written after the kill\n");

    // The turns the killed run was paid for replay from the response cache; the model is asked
    // only for the rest of the session. A replayed turn still takes its place in the script (the
    // script is the whole session, its expects checked against the replay too).
    const rest = join(REPO_ROOT, "examples/scripts/write-note.json");
    const next = await runBin(bin, ["do", REQUEST, "--provider", "scripted", "--script", rest], {
      cwd: repo,
      env,
    });
    expect(next.stderr).toMatch(
      /recovered do attempt 1, which stopped without an outcome: its work is in stash "copperhead: do attempt 1 \d{8}T\d{6}Z \(recovered\)" and on refs\/copperhead\/wip\/do\/1/,
    );
    expect(next.stderr).toContain("left alone as yours: later.txt");
    expect(next.exitCode, next.stderr).toBe(0);
    expect(next.stderr.split("\n").filter((l) => l.endsWith("· cached"))).toHaveLength(3);
    expect(
      await git(repo, ["log", "-1", "--format=%(trailers:key=Copperhead-Attempt,valueonly)"]),
    ).toBe("2\n\n");
    expect(await git(repo, ["show", "refs/copperhead/wip/do/1:docs/BRINGUP.md"])).toContain(
      "bench supply",
    );
    expect(await readFile(join(repo, "later.txt"), "utf8")).toBe("written after the kill\n");
    expect(await readFile(join(repo, "mine.txt"), "utf8")).toBe("untracked, mine\n");
  }, 180_000);
});
