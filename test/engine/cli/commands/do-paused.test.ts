import { readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import nock from "nock";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../../../../engine/cli/run-cli.js";
import { git } from "../../../../engine/repo/git.js";
import { gitRepo, loadExampleScript } from "../../agent/acceptance/git-repo.js";

const API = "https://api.anthropic.com";
// biome-ignore lint/suspicious/noExplicitAny: the test inspects arbitrary request JSON
type Body = Record<string, any>;

/** One Messages API reply whose content is the given tool calls. */
function reply(n: number, tools: { name: string; input: unknown }[]) {
  return {
    id: `msg_${n}`,
    type: "message",
    role: "assistant",
    model: "claude-test",
    content: tools.map((t, i) => ({ type: "tool_use", id: `tu_${n}_${i}`, ...t })),
    stop_reason: "tool_use",
    stop_sequence: null,
    usage: { input_tokens: 1000, output_tokens: 100 },
  };
}

async function cli(args: string[], cwd: string) {
  let out = "";
  let err = "";
  const sink = (append: (s: string) => void) => ({
    write: (s: string) => {
      append(s);
      return true;
    },
  });
  const code = await runCli(args, {
    stdout: sink((s) => {
      out += s;
    }),
    stderr: sink((s) => {
      err += s;
    }),
    cwd,
    env: {
      ...process.env,
      COPPERHEAD_PROVIDER: undefined,
      COPPERHEAD_MODEL: undefined,
      ANTHROPIC_API_KEY: "sk-ant-test-key-0123456789",
    },
  });
  return { code, out, err };
}

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

const names = (b: Body) => (b.tools as Body[]).map((t) => t.name as string);

describe("copperhead do with the anthropic provider: a usage limit pauses, a rerun resumes", () => {
  beforeAll(() => nock.disableNetConnect());
  afterEach(() => nock.cleanAll());
  afterAll(() => nock.enableNetConnect());

  it("paused run exits 4 with 'paused: re-run to resume' and keeps its work; the rerun replays the paid turns from the cache and commits", async () => {
    const made = await gitRepo({ "README.md": "# board\n" });
    // The model's side of the session: the write-note example's tool calls, one per turn.
    const steps = (await loadExampleScript("write-note.json")).map((t) =>
      t.tools.map((c) => ({ name: c.name, input: c.input })),
    );
    const [propose, validate, write, drift, finish] = steps as [
      (typeof steps)[number],
      (typeof steps)[number],
      (typeof steps)[number],
      (typeof steps)[number],
      (typeof steps)[number],
    ];
    const args = ["do", "add a bring-up note", "--provider", "anthropic", "--model", "claude-test"];
    try {
      const before = (await git(made.repo, ["rev-parse", "HEAD"])).trim();
      const first: Body[] = [];
      nock(API)
        .post("/v1/messages", (b) => first.push(b) > 0)
        .reply(200, reply(1, propose))
        .post("/v1/messages", (b) => first.push(b) > 0)
        .reply(200, reply(2, validate))
        .post("/v1/messages", (b) => first.push(b) > 0)
        .reply(200, reply(3, write))
        .post("/v1/messages", (b) => first.push(b) > 0)
        .reply(429, {
          type: "error",
          error: {
            type: "rate_limit_error",
            message: "You have reached your usage limit for this session",
          },
        });

      const paused = await cli(args, made.repo);
      expect(paused.code, paused.err).toBe(4);
      expect(nock.isDone()).toBe(true);
      expect(paused.err).toContain("paused: re-run to resume");
      expect(paused.err).toContain("usage limit");
      expect(paused.out).toBe("");
      // The request shapes: our model, the do prompt, tools gated until the proposal validates.
      expect(first).toHaveLength(4);
      for (const body of first) {
        expect(body.model).toBe("claude-test");
        expect(body.system?.[0]?.text).toContain("check_legibility");
        expect(names(body)).toEqual(expect.arrayContaining(["read_file", "run_erc", "finish"]));
      }
      const [b1, , b3, b4] = first as [Body, Body, Body, Body];
      expect(b1.messages).toEqual([
        {
          role: "user",
          content: [
            { type: "text", text: "add a bring-up note", cache_control: { type: "ephemeral" } },
          ],
        },
      ]);
      expect(names(b1)).not.toContain("write_file");
      expect(names(b1)).not.toContain("draft_schematic");
      expect(names(b3)).toEqual(expect.arrayContaining(["write_file", "draft_schematic"]));
      expect(b4.messages).toHaveLength(7);

      // The work so far is kept in the tree, not committed, not stashed.
      expect((await git(made.repo, ["rev-parse", "HEAD"])).trim()).toBe(before);
      expect(await readFile(join(made.repo, "docs/BRINGUP.md"), "utf8")).toContain("bench supply");
      expect(await exists(join(made.repo, "openspec/changes/add-bring-up-note/proposal.md"))).toBe(
        true,
      );
      expect(await git(made.repo, ["stash", "list"])).toBe("");
      const record = JSON.parse(
        await readFile(join(made.repo, ".copperhead/runs/do/paused.json"), "utf8"),
      );
      expect(record.snapshot.head).toBe(before);
      expect(record.touched).toEqual(expect.arrayContaining(["docs/BRINGUP.md"]));

      // The rerun: only the turns after the pause reach the API; the first three replay.
      const second: Body[] = [];
      nock(API)
        .post("/v1/messages", (b) => second.push(b) > 0)
        .reply(200, reply(4, drift))
        .post("/v1/messages", (b) => second.push(b) > 0)
        .reply(200, reply(5, finish));
      const resumed = await cli(args, made.repo);
      expect(resumed.code, resumed.err).toBe(0);
      expect(nock.isDone()).toBe(true);
      expect(second).toHaveLength(2);
      // The resumed request carries the same conversation the paused one did.
      expect(second[0]?.messages).toEqual(b4.messages);
      expect(second[0]?.model).toBe("claude-test");
      expect(resumed.err.split("\n").filter((l) => l.endsWith("· cached"))).toHaveLength(3);
      // The replay redid exactly the paused work, so its stash was a duplicate and is gone.
      expect(resumed.err).toMatch(
        /its stash copperhead\/do\/\d{8}T\d{6}Z-paused duplicated this commit and was dropped/,
      );
      expect(await git(made.repo, ["stash", "list"])).toBe("");

      const head = (await git(made.repo, ["rev-parse", "HEAD"])).trim();
      expect(resumed.out.trim()).toBe(head);
      expect(resumed.err).toContain(`committed ${head.slice(0, 7)}`);
      expect((await git(made.repo, ["rev-parse", "HEAD^"])).trim()).toBe(before);
      const files = (await git(made.repo, ["show", "--name-only", "--format=", "HEAD"])).trim();
      expect(files.split("\n")).toEqual(expect.arrayContaining(["docs/BRINGUP.md"]));
      const trailers = await git(made.repo, ["log", "-1", "--format=%(trailers:only,unfold)"]);
      expect(trailers).toContain("Copperhead-Provider: anthropic/claude-test");
      expect(trailers).toContain("Copperhead-Attempt: 2");
      expect(await exists(join(made.repo, ".copperhead/runs/do/paused.json"))).toBe(false);
      expect(await git(made.repo, ["status", "--porcelain", "--untracked-files=no"])).toBe("");
    } finally {
      await made.done();
    }
  }, 120_000);
});
