import { mkdir, mkdtemp, readFile, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import type { ScriptedTurn } from "../../../../engine/agent/providers/script-schema.js";
import { parseScript, ScriptedProvider } from "../../../../engine/agent/providers/scripted.js";
import { runRequest } from "../../../../engine/pipeline/run-request.js";
import { git } from "../../../../engine/repo/git.js";

export const ROOT = resolve(import.meta.dirname, "../../../..");
export const SCRIPTS = join(ROOT, "examples/scripts");

/** A real git repo in a temp folder with `files` committed and a repo-local identity. */
export async function gitRepo(files: Record<string, string>) {
  const repo = await realpath(await mkdtemp(join(tmpdir(), "copperhead-do-")));
  await git(repo, ["init", "-q", "-b", "main"]);
  await git(repo, ["config", "user.name", "Copperhead Test"]);
  await git(repo, ["config", "user.email", "test@copperhead.invalid"]);
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(repo, path)), { recursive: true });
    await writeFile(join(repo, path), text);
  }
  await git(repo, ["add", "."]);
  await git(repo, ["commit", "-qm", "baseline"]);
  return { repo, done: () => rm(repo, { recursive: true, force: true }) };
}

export async function loadExampleScript(name: string): Promise<ScriptedTurn[]> {
  const file = join(SCRIPTS, name);
  return parseScript(await readFile(file, "utf8"), file);
}

/** One `do` run through the real loop with a scripted model; progress lines are collected. */
export async function runScripted(repo: string, turns: ScriptedTurn[], request = "test request") {
  const provider = new ScriptedProvider(turns);
  const lines: string[] = [];
  const result = await runRequest({
    repo,
    request,
    provider,
    write: (line) => lines.push(line),
  });
  return { result, provider, lines };
}

/** Tool results of a run's transcript, in order. */
export async function toolResults(transcript: string) {
  const text = await readFile(transcript, "utf8");
  return text
    .split("\n")
    .filter((l) => l !== "")
    .map((l) => JSON.parse(l) as Record<string, unknown>)
    .filter((l) => l.type === "tool_result") as {
    name: string;
    ok: boolean;
    summary: string;
    detail?: string;
    errorKind?: string;
  }[];
}
