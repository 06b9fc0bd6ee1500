import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../../../../engine/cli/run-cli.js";
import { git } from "../../../../engine/repo/git.js";
import {
  gitRepo,
  loadExampleScript,
  runScripted,
  SCRIPTS,
} from "../../agent/acceptance/git-repo.js";

async function cli(args: string[], cwd: string) {
  let out = "";
  let err = "";
  const code = await runCli(args, {
    stdout: {
      write: (s: string) => {
        out += s;
        return true;
      },
    },
    stderr: {
      write: (s: string) => {
        err += s;
        return true;
      },
    },
    cwd,
    env: { ...process.env, COPPERHEAD_PROVIDER: undefined, ANTHROPIC_API_KEY: undefined },
  });
  return { code, out, err };
}

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

const script = join(SCRIPTS, "write-note.json");
const doArgs = (...extra: string[]) => [
  "do",
  "add a bring-up note",
  "--provider",
  "scripted",
  "--script",
  script,
  ...extra,
];

/** A script file outside any repo (a run must start from a clean tree). */
async function scriptFile(turns: unknown[]) {
  const dir = await mkdtemp(join(tmpdir(), "copperhead-script-"));
  const file = join(dir, "script.json");
  await writeFile(file, JSON.stringify(turns));
  return { file, done: () => rm(dir, { recursive: true, force: true }) };
}

describe("copperhead do", () => {
  it("commits a verified run and closes with done · verified · committed", async () => {
    const made = await gitRepo({ "README.md": "# board\n" });
    try {
      const { code, out, err } = await cli(doArgs(), made.repo);
      expect(code, err).toBe(0);
      const head = (await git(made.repo, ["rev-parse", "HEAD"])).trim();
      expect(out.trim()).toBe(head);
      expect(err).toContain("$ add a bring-up note");
      expect(err).toContain("▸ write_file");
      expect(err).toMatch(
        new RegExp(
          `\\ndone · verified drift · committed ${head.slice(0, 7)} · (?:\\d+m)?\\d+s · [\\d.]+k? tokens\\n`,
        ),
      );
      expect(await readFile(join(made.repo, "docs/BRINGUP.md"), "utf8")).toContain("bench supply");
      expect(await git(made.repo, ["log", "-1", "--format=%s"])).toContain(
        "copperhead(do): Added a bring-up note",
      );
    } finally {
      await made.done();
    }
  }, 120_000);

  it("refuses a dirty tree and says how to proceed", async () => {
    const made = await gitRepo({ "README.md": "# board\n" });
    try {
      await writeFile(join(made.repo, "README.md"), "# board, edited\n");
      const { code, err } = await cli(doArgs(), made.repo);
      expect(code).toBe(2);
      expect(err).toContain("uncommitted changes (README.md)");
      expect(err).toMatch(/git stash push|git commit/);
      expect(await exists(join(made.repo, ".copperhead/runs"))).toBe(false);
    } finally {
      await made.done();
    }
  }, 60_000);

  it("a failed run restores the tree, keeps the stash and .copperhead/runs/, and an untracked user file survives", async () => {
    const made = await gitRepo({ "README.md": "# board\n" });
    const short = await scriptFile((await loadExampleScript("write-note.json")).slice(0, 3));
    try {
      await mkdir(join(made.repo, "notes"));
      await writeFile(join(made.repo, "notes/mine.txt"), "my own work\n");
      const before = (await git(made.repo, ["rev-parse", "HEAD"])).trim();
      // Three turns: propose, validate, write — the budget ends the run before any check. The
      // script is cut to those three so it ends where the run does (spare turns fail a run).
      const { code, err } = await cli(
        [
          ...["do", "add a bring-up note", "--provider", "scripted", "--script", short.file],
          ...["--max-turns", "3"],
        ],
        made.repo,
      );
      expect(code).toBe(1);
      expect(err).toContain("not committed: the run ended budget");
      expect(err).toMatch(/stash copperhead\/do\/\d{8}T\d{6}Z/);
      expect(err).toMatch(/git stash apply [0-9a-f]{12}/);
      expect((await git(made.repo, ["rev-parse", "HEAD"])).trim()).toBe(before);
      expect(await exists(join(made.repo, "docs/BRINGUP.md"))).toBe(false);
      expect(await readFile(join(made.repo, "notes/mine.txt"), "utf8")).toBe("my own work\n");
      expect(await exists(join(made.repo, ".copperhead/runs/do/1/transcript.jsonl"))).toBe(true);
      expect(await git(made.repo, ["stash", "list"])).toMatch(/copperhead\/do\//);
      const sha = /git stash apply ([0-9a-f]{12})/.exec(err)?.[1] ?? "missing";
      await git(made.repo, ["stash", "apply", sha]);
      expect(await readFile(join(made.repo, "docs/BRINGUP.md"), "utf8")).toContain("bench supply");
    } finally {
      await made.done();
      await short.done();
    }
  }, 120_000);

  it("a demo script with turns the run never reached fails the command, commits nothing and says which turn it stopped at", async () => {
    const made = await gitRepo({ "README.md": "# board\n" });
    // write-note's five turns end in an accepted finish; a sixth can never be reached.
    const turns = await loadExampleScript("write-note.json");
    const long = await scriptFile([
      ...turns,
      { tools: [{ name: "read_file", input: { path: "README.md" } }] },
    ]);
    try {
      const before = (await git(made.repo, ["rev-parse", "HEAD"])).trim();
      const { code, out, err } = await cli(
        ["do", "add a bring-up note", "--provider", "scripted", "--script", long.file],
        made.repo,
      );
      expect(code, err).toBe(2);
      expect(out).toBe("");
      expect(err).toContain(
        "the run phase failed: the run ended after scripted turn 5 but the script has 6 turns (1 never ran",
      );
      expect((await git(made.repo, ["rev-parse", "HEAD"])).trim()).toBe(before);
    } finally {
      await made.done();
      await long.done();
    }
  }, 120_000);

  it("bad usage exits 2", async () => {
    expect((await cli(["do"], process.cwd())).code).toBe(2);
    expect((await cli(["do", "x", "--max-turns", "zero"], process.cwd())).code).toBe(2);
  });

  it("a rerun of the same session replays from the cache with zero provider calls", async () => {
    const made = await gitRepo({ "README.md": "# board\n" });
    try {
      const turns = await loadExampleScript("check-only.json");
      const first = await runScripted(made.repo, turns, "check the sheet");
      expect(first.provider.calls).toBe(2);
      const second = await runScripted(made.repo, turns, "check the sheet");
      expect(second.provider.calls).toBe(0);
      expect(second.result.run.cacheHits).toBe(2);
      expect(second.result.run.exit).toBe("done");
      expect(second.lines.filter((l) => l.endsWith("· cached"))).toHaveLength(2);
    } finally {
      await made.done();
    }
  }, 60_000);
});
