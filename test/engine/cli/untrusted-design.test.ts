import { randomBytes } from "node:crypto";
import { cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { execa } from "execa";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkReportSchema } from "../../../engine/check/check-report.js";
import { createLimit } from "../../../engine/kicad/cli/concurrency-limit.js";
import { git } from "../../../engine/repo/git.js";
import { pathExists } from "../../../engine/repo/path-exists.js";
import { builtCli } from "../../helpers/packed-cli.js";
import { type BinRun, runBin } from "../../helpers/run-bin.js";
import { type TempRepo, writeDesign } from "../flow/flow-fixture.js";

/**
 * Issue 11's proof, through the built CLI: a design whose sheet, library table, 3-D model or
 * config points at /etc/passwd, /proc/self/environ, a symlink out of the repository (to a file,
 * to a FIFO) or a FIFO inside it is refused by check, erc, drc, score, draft --from, diff and
 * the stage gates (next --adopt): a finding naming the file, the field and the path as written, the exit
 * code docs/security.md gives, nothing of the target in any output, and no command blocks (a
 * FIFO that anything opened would hang it). The environment carries planted secrets — A first,
 * so /proc/self/environ starts with it — and none of them appears in any output either.
 */

const SECRET_A = "topsecretvalue";
const ANTHROPIC = `sk-ant-api03-${randomBytes(12).toString("hex")}`;
const GITHUB = `ghs_${randomBytes(18).toString("hex")}`;
const MARKER = `OUTSIDE-${randomBytes(6).toString("hex")}`;

// A first: /proc/self/environ of the CLI then begins "A=topsecretvalue".
const ENV: NodeJS.ProcessEnv = {
  A: SECRET_A,
  ...Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/KEY|TOKEN|SECRET|PASSWORD/i.test(name)),
  ),
  ANTHROPIC_API_KEY: ANTHROPIC,
  GITHUB_TOKEN: GITHUB,
};

type Kind = "sheet" | "library" | "model";
type Target = "etc" | "proc" | "symlink" | "symlink-fifo" | "fifo";
const KINDS: readonly Kind[] = ["sheet", "library", "model"];
const TARGETS: readonly Target[] = ["etc", "proc", "symlink", "symlink-fifo", "fifo"];

let outside: string;
let template: string;
const made: string[] = [];

function repoAt(dir: string): TempRepo {
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

beforeAll(async () => {
  // One git repository holding a design whose every stage gate passes (flow-fixture's LED
  // design); each case works on its own copy, removed only when the whole file is done.
  template = await mkdtemp(join(tmpdir(), "copperhead-untrusted-"));
  made.push(template);
  await git(template, ["init", "-q", "-b", "main"]);
  await writeDesign(repoAt(template));
  // Committed, so `diff HEAD` compares the planted working tree with the clean design.
  await git(template, ["add", "-A"]);
  await git(template, [
    "-c",
    "user.name=Copperhead Test",
    "-c",
    "user.email=test@copperhead.invalid",
    "commit",
    "-qm",
    "the clean design",
  ]);
  outside = await mkdtemp(join(tmpdir(), "copperhead-outside-"));
  made.push(outside);
  // Not an s-expression: a parser that read it would quote its start.
  await writeFile(join(outside, "secret.txt"), `${MARKER} root:x:0:0 ${SECRET_A}\n`);
  await execa("mkfifo", [join(outside, "pipe")]);
});
afterAll(async () => {
  await Promise.all(made.map((dir) => rm(dir, { recursive: true, force: true })));
});

const FILE_OF: Record<Kind, string> = {
  sheet: "hardware/led.kicad_sch",
  library: "hardware/sym-lib-table",
  model: "hardware/led.kicad_pcb",
};
const EXTENSION: Record<Kind, string> = {
  sheet: "kicad_sch",
  library: "kicad_sym",
  model: "step",
};
const FINDING_KIND: Record<Target, string> = {
  etc: "path-outside-repo",
  proc: "path-outside-repo",
  symlink: "path-symlink-outside",
  "symlink-fifo": "path-symlink-outside",
  fifo: "path-not-a-file",
};

/** How each kind spells each target: the path exactly as it is written into the file. */
function spelling(kind: Kind, target: Target): string {
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

async function plant(repo: TempRepo, kind: Kind, target: Target): Promise<string> {
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

async function design(): Promise<TempRepo> {
  const dir = await mkdtemp(join(tmpdir(), "copperhead-untrusted-"));
  made.push(dir);
  await cp(template, dir, { recursive: true });
  return repoAt(dir);
}

/** Nothing of a target or of a planted secret may appear anywhere a command prints. */
function expectNothingLeaked(run: BinRun): void {
  const all = `${run.stdout}\n${run.stderr}`;
  for (const forbidden of [MARKER, "root:x:0", SECRET_A, "topsecretv", ANTHROPIC, GITHUB]) {
    expect(all).not.toContain(forbidden);
  }
  expect(all).not.toMatch(/internal error/);
}

interface Adoption {
  stage: string;
  adopted: boolean;
  evidence: Array<{ ok: boolean; detail: string }>;
}

/** `next --adopt --json`'s adoptions by stage. */
function adoptionsOf(run: BinRun): Map<string, Adoption> {
  const adoptions = JSON.parse(run.stdout).adoptions as Adoption[];
  return new Map(adoptions.map((a) => [a.stage, a]));
}

/** Did the stage's gate fail with evidence that names `text`? */
function failedWith(adoption: Adoption | undefined, text: string): boolean {
  return adoption?.evidence.some((e) => !e.ok && e.detail.includes(text)) === true;
}

// Dozens of processes: a few at a time, so a loaded machine is not swamped (and a blocked
// read still shows up as the timeout of one run, not of the whole file).
const limit = createLimit(4);
// A command that blocked on a FIFO would be stopped at the timeout, and runBin then throws.
const cli = (repo: TempRepo, ...args: string[]) =>
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

describe.concurrent("a sheet, a library URI and a 3-D model pointing outside", () => {
  // All three kinds planted in one repository per target: each command must find every one.
  it.for(TARGETS)(
    "→ %s: every command refuses them unread",
    { timeout: 600_000 },
    async (target, { expect }) => {
      const repo = await design();
      const written = new Map<Kind, string>();
      for (const kind of KINDS) written.set(kind, await plant(repo, kind, target));

      const [check, erc, drc, score, draft, next, diff] = await Promise.all([
        cli(repo, "check", "--json"),
        cli(repo, "erc", "--json", "hardware/led.kicad_sch"),
        cli(repo, "drc", "--json", "hardware/led.kicad_pcb"),
        cli(repo, "score", "hardware/led.kicad_sch"),
        cli(repo, "draft", "--from", "hardware/led.kicad_sch", "--out", "redraft/led.kicad_sch"),
        cli(repo, "next", "--adopt", "--json"),
        cli(repo, "diff", "HEAD", "--json"),
      ]);
      for (const run of [check, erc, drc, score, draft, next, diff]) expectNothingLeaked(run);

      // check: exit 1, the findings under `paths`, kicad-cli never ran.
      expect(check.code, check.stderr).toBe(1);
      const report = checkReportSchema.parse(JSON.parse(check.stdout));
      // One finding per kind, in the pre-flight's order (tables, sheets, board).
      expect(report.paths).toHaveLength(KINDS.length);
      for (const kind of KINDS) {
        expect(report.paths).toContainEqual(
          expect.objectContaining({
            kind: FINDING_KIND[target],
            file: FILE_OF[kind],
            path: written.get(kind),
          }),
        );
      }
      expect(report.erc.status).toBe("skipped");
      expect(report.drc.status).toBe("skipped");

      // erc: exit 1, one unsafe_path violation per refusal; no sheet was checked.
      expect(erc.code, erc.stderr).toBe(1);
      const ercOut = JSON.parse(erc.stdout);
      expect(ercOut.sheets).toEqual([]);
      expect(
        ercOut.violations.map((v: { type: string; source: string }) => [v.type, v.source]),
      ).toEqual(KINDS.map(() => ["unsafe_path", "copperhead"]));

      // drc pre-flights the board's whole project (its schematic and tables too): exit 1.
      expect(drc.code, drc.stderr).toBe(1);
      const drcOut = JSON.parse(drc.stdout);
      expect(drcOut.violations.map((v: { type: string }) => v.type)).toEqual(
        KINDS.map(() => "unsafe_path"),
      );

      // diff: the working tree cannot be compared as it stands (exit 2), the refusal named. git
      // lists no FIFO, so to the diff a FIFO sheet is a sheet the working tree does not have.
      expect(diff.code, diff.stdout).toBe(2);
      expect(diff.stderr).toContain(
        target === "fifo" ? `sheet "Leak"` : `[${FINDING_KIND[target]}] hardware/`,
      );

      // score and draft --from: the design cannot be read as asked, exit 2; nothing written.
      for (const run of [score, draft]) {
        expect(run.code, run.stdout).toBe(2);
        for (const kind of KINDS) {
          expect(run.stderr).toContain(`[${FINDING_KIND[target]}] ${FILE_OF[kind]}:`);
        }
      }
      expect(await pathExists(join(repo.dir, "redraft"))).toBe(false);

      // The stage gates: the schematic stage is not adopted, its evidence names every path.
      expect(next.code, next.stderr).toBe(0);
      const adoptions = adoptionsOf(next);
      expect(adoptions.get("schematic")?.adopted).toBe(false);
      for (const kind of KINDS)
        expect(failedWith(adoptions.get("schematic"), FILE_OF[kind])).toBe(true);
      expect(adoptions.get("spec")?.adopted).toBe(true);
    },
  );
});

/** How a config path spells each target (the schema refuses the literal ones outright). */
async function plantConfig(
  repo: TempRepo,
  target: Target,
): Promise<{ key: string; written: string }> {
  const local = (name: string) => join(repo.dir, "hardware", name);
  let config: { key: string; written: string };
  switch (target) {
    case "etc":
      config = { key: "docs", written: `${"../".repeat(12)}etc` };
      break;
    case "proc":
      config = { key: "schematic", written: "/proc/self/environ" };
      break;
    case "symlink":
      await symlink(join(outside, "secret.txt"), local("leak.kicad_sch"));
      config = { key: "schematic", written: "hardware/leak.kicad_sch" };
      break;
    case "symlink-fifo":
      await symlink(join(outside, "pipe"), local("leak.kicad_pcb"));
      config = { key: "board", written: "hardware/leak.kicad_pcb" };
      break;
    case "fifo":
      await execa("mkfifo", [local("fifo.kicad_pcb")]);
      config = { key: "board", written: "hardware/fifo.kicad_pcb" };
      break;
  }
  await repo.write(
    ".copperhead/config.json",
    JSON.stringify({
      paths: { schematic: "hardware/led.kicad_sch", [config.key]: config.written },
    }),
  );
  return config;
}

describe.concurrent("a config path pointing outside", () => {
  it.for(TARGETS)(
    "→ %s: check and the gates refuse it; commands that never read the config are unaffected",
    { timeout: 600_000 },
    async (target, { expect }) => {
      const repo = await design();
      const { key, written } = await plantConfig(repo, target);
      const literal = target === "etc" || target === "proc";
      const [check, erc, score, next] = await Promise.all([
        cli(repo, "check", "--json"),
        cli(repo, "erc", "hardware/led.kicad_sch"),
        cli(repo, "score", "hardware/led.kicad_sch"),
        cli(repo, "next", "--adopt", "--json"),
      ]);
      for (const run of [check, erc, score, next]) expectNothingLeaked(run);

      // check: a configuration error (exit 2) naming the key and the value as written.
      expect(check.code).toBe(2);
      expect(check.stdout).toBe("");
      expect(check.stderr).toContain(`paths.${key}`);
      expect(check.stderr).toContain(JSON.stringify(written));

      // erc and score take the sheet they are given and never read the config.
      expect(erc.code, erc.stderr).toBe(0);
      expect(score.code, score.stderr).toBe(0);

      if (literal) {
        // The schema refuses the value before any gate runs.
        expect(next.code).toBe(2);
        expect(next.stderr).toContain(`paths.${key}`);
      } else {
        expect(next.code, next.stderr).toBe(0);
        const schematic = adoptionsOf(next).get("schematic");
        expect(schematic?.adopted).toBe(false);
        expect(failedWith(schematic, `paths.${key}`)).toBe(true);
      }
    },
  );

  it("refuses a config.json that is itself a symlink to /proc/self/environ", {
    timeout: 600_000,
  }, async ({ expect }) => {
    const repo = await design();
    await repo.remove(".copperhead/config.json");
    await repo.write(".copperhead/.keep", "");
    await symlink("/proc/self/environ", join(repo.dir, ".copperhead/config.json"));
    const [check, next] = await Promise.all([
      cli(repo, "check", "--json"),
      cli(repo, "next", "--adopt"),
    ]);
    for (const run of [check, next]) {
      expectNothingLeaked(run);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(".copperhead/config.json");
      expect(run.stderr).toContain("path-symlink-outside");
    }
  });
});

describe("the CLI redacts what it prints", () => {
  it("replaces secret values and token shapes in messages, also outside CI", {
    timeout: 600_000,
  }, async () => {
    const repo = await design();
    for (const ci of [{}, { CI: "true", GITHUB_ACTIONS: "true" }]) {
      const missing = `hardware/${ANTHROPIC}-${GITHUB}-${randomBytes(8).toString("hex")}.kicad_sch`;
      const { bin } = await builtCli();
      const run = await runBin(bin, ["erc", missing], {
        cwd: repo.dir,
        env: { ...ENV, ...ci, MY_PASSWORD: "hunter2hunter2" },
        replaceEnv: true,
      });
      expect(run.exitCode).toBe(2);
      expect(run.stderr).toContain("[REDACTED]-[REDACTED]-");
      expect(run.stderr).not.toContain(ANTHROPIC);
      expect(run.stderr).not.toContain(GITHUB);
    }
  });
});
