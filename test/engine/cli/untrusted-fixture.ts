import { randomBytes } from "node:crypto";
import { cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { execa } from "execa";
import { afterAll, beforeAll, expect } from "vitest";
import { createLimit } from "../../../engine/kicad/cli/concurrency-limit.js";
import { git } from "../../../engine/repo/git.js";
import { builtCli } from "../../helpers/packed-cli.js";
import { type BinRun, runBin } from "../../helpers/run-bin.js";
import { type TempRepo, writeDesign } from "../flow/flow-fixture.js";

/**
 * Issue 11's untrusted design, shared by the built-CLI tests of every command: the LED design
 * in a git repository, traps planted into its sheet, library table and board (each kind
 * spelled as the file would write it), an environment carrying planted secrets, and the one
 * check that nothing of a target or a secret appears in what a command printed.
 */

export const SECRET_A = "topsecretvalue";
export const ANTHROPIC = `sk-ant-api03-${randomBytes(12).toString("hex")}`;
export const GITHUB = `ghs_${randomBytes(18).toString("hex")}`;
export const MARKER = `OUTSIDE-${randomBytes(6).toString("hex")}`;

// A first: /proc/self/environ of the CLI then begins "A=topsecretvalue".
export const ENV: NodeJS.ProcessEnv = {
  A: SECRET_A,
  ...Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/KEY|TOKEN|SECRET|PASSWORD/i.test(name)),
  ),
  ANTHROPIC_API_KEY: ANTHROPIC,
  GITHUB_TOKEN: GITHUB,
};

export type Kind = "sheet" | "library" | "model";
export type Target = "etc" | "proc" | "symlink" | "symlink-fifo" | "fifo";
export const KINDS: readonly Kind[] = ["sheet", "library", "model"];
export const TARGETS: readonly Target[] = ["etc", "proc", "symlink", "symlink-fifo", "fifo"];

let outside = "";
let template = "";
const made: string[] = [];

/** The folder outside every repository that the traps lead to (secret.txt, a FIFO pipe). */
export const outsideDir = (): string => outside;

export function repoAt(dir: string): TempRepo {
  return {
    dir,
    git: (...args) => git(dir, args),
    async write(path, text) {
      await mkdir(dirname(join(dir, path)), { recursive: true });
      await writeFile(join(dir, path), text);
    },
    async remove(path) {
      await rm(join(dir, path), { recursive: true, force: true });
    },
    async commitAll() {
      throw new Error("not needed here");
    },
  };
}

/** `git add -A` and a commit by a test author (a stage refuses a dirty tree). */
export async function commitEverything(dir: string, message: string): Promise<void> {
  await git(dir, ["add", "-A"]);
  await git(dir, [
    "-c",
    "user.name=Copperhead Test",
    "-c",
    "user.email=test@copperhead.invalid",
    "commit",
    "-qm",
    message,
  ]);
}

/**
 * Registers the file's hooks: one git repository holding the LED design (committed), and the
 * outside folder; every copy design() made is removed when the file is done.
 */
export function useUntrustedDesign(): void {
  beforeAll(async () => {
    // One git repository holding a design whose every stage gate passes (flow-fixture's LED
    // design); each case works on its own copy, removed only when the whole file is done.
    template = await mkdtemp(join(tmpdir(), "copperhead-untrusted-"));
    made.push(template);
    await git(template, ["init", "-q", "-b", "main"]);
    await writeDesign(repoAt(template));
    // Committed, so `diff HEAD` compares the planted working tree with the clean design.
    await commitEverything(template, "the clean design");
    outside = await mkdtemp(join(tmpdir(), "copperhead-outside-"));
    made.push(outside);
    // Not an s-expression: a parser that read it would quote its start.
    await writeFile(join(outside, "secret.txt"), `${MARKER} root:x:0:0 ${SECRET_A}\n`);
    await execa("mkfifo", [join(outside, "pipe")]);
  });
  afterAll(async () => {
    await Promise.all(made.map((dir) => rm(dir, { recursive: true, force: true })));
  });
}

export const FILE_OF: Record<Kind, string> = {
  sheet: "hardware/led.kicad_sch",
  library: "hardware/sym-lib-table",
  model: "hardware/led.kicad_pcb",
};
const EXTENSION: Record<Kind, string> = {
  sheet: "kicad_sch",
  library: "kicad_sym",
  model: "step",
};
export const FINDING_KIND: Record<Target, string> = {
  etc: "path-outside-repo",
  proc: "path-outside-repo",
  symlink: "path-symlink-outside",
  "symlink-fifo": "path-symlink-outside",
  fifo: "path-not-a-file",
};

/** How each kind spells each target: the path exactly as it is written into the file. */
export function spelling(kind: Kind, target: Target): string {
  const local = `leak.${EXTENSION[kind]}`;
  const project = kind === "sheet" ? "" : `\${KIPRJMOD}/`;
  switch (target) {
    case "etc":
      return kind === "sheet"
        ? `${"../".repeat(12)}etc/passwd`
        : kind === "library"
          ? "/etc/passwd"
          : `\${KIPRJMOD}/${"../".repeat(12)}etc/passwd`;
    case "proc":
      return "/proc/self/environ";
    case "symlink":
    case "symlink-fifo":
    case "fifo":
      return `${project}${local}`;
  }
}

export async function plant(repo: TempRepo, kind: Kind, target: Target): Promise<string> {
  const written = spelling(kind, target);
  const local = join(repo.dir, "hardware", `leak.${EXTENSION[kind]}`);
  if (target === "symlink") await symlink(join(outside, "secret.txt"), local);
  if (target === "symlink-fifo") await symlink(join(outside, "pipe"), local);
  if (target === "fifo") await execa("mkfifo", [local]);
  const file = join(repo.dir, FILE_OF[kind]);
  const text = await readFile(file, "utf8");
  const quoted = JSON.stringify(written);
  if (kind === "sheet") {
    const sheet = `\t(sheet (at 160 40) (size 20 10) (uuid "00000000-0000-4000-8000-00000000beef")\n\t\t(property "Sheetname" "Leak" (at 160 39 0) (effects (font (size 1.27 1.27))))\n\t\t(property "Sheetfile" ${quoted} (at 160 51 0) (effects (font (size 1.27 1.27)))))\n`;
    await writeFile(file, text.replace(/\)\s*$/, `${sheet})\n`));
  } else if (kind === "library") {
    const row = `  (lib (name "Leak")(type "KiCad")(uri ${quoted})(options "")(descr ""))\n`;
    await writeFile(file, text.replace(/\)\s*$/, `${row})\n`));
  } else {
    await writeFile(file, text.replace(/\(model "[^"]*"/, `(model ${quoted}`));
  }
  return written;
}

export async function design(): Promise<TempRepo> {
  const dir = await mkdtemp(join(tmpdir(), "copperhead-untrusted-"));
  made.push(dir);
  await cp(template, dir, { recursive: true });
  return repoAt(dir);
}

/** Nothing of a target or of a planted secret may appear anywhere a command prints. */
export function expectNothingLeaked(run: BinRun): void {
  const all = `${run.stdout}\n${run.stderr}`;
  for (const forbidden of [MARKER, "root:x:0", SECRET_A, "topsecretv", ANTHROPIC, GITHUB]) {
    expect(all).not.toContain(forbidden);
  }
  expect(all).not.toMatch(/internal error/);
}

export interface Adoption {
  stage: string;
  adopted: boolean;
  evidence: Array<{ ok: boolean; detail: string }>;
}

/** `next --adopt --json`'s adoptions by stage. */
export function adoptionsOf(run: BinRun): Map<string, Adoption> {
  const adoptions = JSON.parse(run.stdout).adoptions as Adoption[];
  return new Map(adoptions.map((a) => [a.stage, a]));
}

/** Did the stage's gate fail with evidence that names `text`? */
export function failedWith(adoption: Adoption | undefined, text: string): boolean {
  return adoption?.evidence.some((e) => !e.ok && e.detail.includes(text)) === true;
}

// Dozens of processes: a few at a time, so a loaded machine is not swamped (and a blocked
// read still shows up as the timeout of one run, not of the whole file).
const limit = createLimit(4);
// A command that blocked on a FIFO would be stopped at the timeout, and runBin then throws.
export const cli = (repo: TempRepo, ...args: string[]) =>
  limit(async () => {
    const { bin } = await builtCli();
    const run = await runBin(bin, args, {
      cwd: repo.dir,
      env: ENV,
      replaceEnv: true,
      timeoutMs: 90_000,
    });
    return { ...run, code: run.exitCode };
  });
