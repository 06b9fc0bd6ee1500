import { randomBytes } from "node:crypto";
import { readFile, symlink } from "node:fs/promises";
import { join } from "node:path";
import { execa } from "execa";
import { describe, expect, it } from "vitest";
import { checkReportSchema } from "../../../engine/check/check-report.js";
import { pathExists } from "../../../engine/repo/path-exists.js";
import { builtCli } from "../../helpers/packed-cli.js";
import { runBin } from "../../helpers/run-bin.js";
import type { TempRepo } from "../flow/flow-fixture.js";
import {
  ANTHROPIC,
  adoptionsOf,
  cli,
  design,
  ENV,
  expectNothingLeaked,
  FILE_OF,
  FINDING_KIND,
  failedWith,
  GITHUB,
  KINDS,
  type Kind,
  outsideDir,
  plant,
  TARGETS,
  type Target,
  useUntrustedDesign,
} from "./untrusted-fixture.js";

/**
 * Issue 11's proof, through the built CLI: a design whose sheet, library table, 3-D model or
 * config points at /etc/passwd, /proc/self/environ, a symlink out of the repository (to a file,
 * to a FIFO) or a FIFO inside it is refused by check, erc, drc, score, draft --from, diff,
 * layout and the stage gates (next --adopt): a finding naming the file, the field and the path as written, the exit
 * code docs/security.md gives, nothing of the target in any output, and no command blocks (a
 * FIFO that anything opened would hang it). The environment carries planted secrets — A first,
 * so /proc/self/environ starts with it — and none of them appears in any output either.
 */

useUntrustedDesign();

describe.concurrent("a sheet, a library URI and a 3-D model pointing outside", () => {
  // All three kinds planted in one repository per target: each command must find every one.
  it.for(TARGETS)(
    "→ %s: every command refuses them unread",
    { timeout: 600_000 },
    async (target, { expect }) => {
      const repo = await design();
      const written = new Map<Kind, string>();
      for (const kind of KINDS) written.set(kind, await plant(repo, kind, target));

      const boardBefore = await readFile(join(repo.dir, "hardware/led.kicad_pcb"), "utf8");
      const [check, erc, drc, score, draft, next, diff, layout] = await Promise.all([
        cli(repo, "check", "--json"),
        cli(repo, "erc", "--json", "hardware/led.kicad_sch"),
        cli(repo, "drc", "--json", "hardware/led.kicad_pcb"),
        cli(repo, "score", "hardware/led.kicad_sch"),
        cli(repo, "draft", "--from", "hardware/led.kicad_sch", "--out", "redraft/led.kicad_sch"),
        cli(repo, "next", "--adopt", "--json"),
        cli(repo, "diff", "HEAD", "--json"),
        cli(repo, "layout", "--board", "hardware/led.kicad_pcb"),
      ]);
      for (const run of [check, erc, drc, score, draft, next, diff, layout])
        expectNothingLeaked(run);

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

      // score, draft --from and layout: the design cannot be read as asked, exit 2; nothing
      // written (layout pre-flights the whole project before it reads the .kicad_pro or board).
      for (const run of [score, draft, layout]) {
        expect(run.code, run.stdout).toBe(2);
        for (const kind of KINDS) {
          expect(run.stderr).toContain(`[${FINDING_KIND[target]}] ${FILE_OF[kind]}:`);
        }
      }
      expect(await pathExists(join(repo.dir, "redraft"))).toBe(false);
      expect(await readFile(join(repo.dir, "hardware/led.kicad_pcb"), "utf8")).toBe(boardBefore);

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
      config = { key: "board", written: `${"../".repeat(12)}etc/passwd` };
      break;
    case "proc":
      config = { key: "schematic", written: "/proc/self/environ" };
      break;
    case "symlink":
      await symlink(join(outsideDir(), "secret.txt"), local("leak.kicad_sch"));
      config = { key: "schematic", written: "hardware/leak.kicad_sch" };
      break;
    case "symlink-fifo":
      await symlink(join(outsideDir(), "pipe"), local("leak.kicad_pcb"));
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
    "→ %s: check and the gates refuse it; erc and score, which never read the config, are unaffected",
    { timeout: 600_000 },
    async (target, { expect }) => {
      const repo = await design();
      const { key, written } = await plantConfig(repo, target);
      const literal = target === "etc" || target === "proc";
      // erc and score never read the config, so what they do cannot depend on the target: they
      // run (real kicad-cli) once, beside the FIFO config, the one a reader would block on.
      const unaffected = target === "fifo";
      const [check, next, ...direct] = await Promise.all([
        cli(repo, "check", "--json"),
        cli(repo, "next", "--adopt", "--json"),
        ...(unaffected
          ? [
              cli(repo, "erc", "hardware/led.kicad_sch"),
              cli(repo, "score", "hardware/led.kicad_sch"),
            ]
          : []),
      ]);
      for (const run of [check, next, ...direct]) expectNothingLeaked(run);

      // check: a configuration error (exit 2) naming the key and the value as written.
      expect(check.code).toBe(2);
      expect(check.stdout).toBe("");
      expect(check.stderr).toContain(`paths.${key}`);
      expect(check.stderr).toContain(JSON.stringify(written));

      // erc and score take the sheet they are given and pass.
      expect(direct.map((run) => run.code)).toEqual(unaffected ? [0, 0] : []);

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
