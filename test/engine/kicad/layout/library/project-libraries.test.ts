import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readProjectTable } from "../../../../../engine/kicad/layout/library/project-libraries.js";
import { UnsafeDesignError } from "../../../../../engine/kicad/paths/unsafe-design-error.js";
import { git } from "../../../../../engine/repo/git.js";

/** The layout engine's fp-lib-table reader on an untrusted repository (issue 11). */
let base: string;
let repo: string;
beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), "copperhead-layout-table-"));
  repo = join(base, "repo");
  await mkdir(join(repo, "hw"), { recursive: true });
  await git(repo, ["init", "-q"]);
  await writeFile(
    join(base, "outside-table"),
    '(fp_lib_table (lib (name "X")(type "KiCad")(uri "/x")))\n',
  );
});
afterAll(() => rm(base, { recursive: true, force: true }));

const table = (uri: string) =>
  `(fp_lib_table (version 7)\n  (lib (name "Mine")(type "KiCad")(uri "\${KIPRJMOD}/footprints/Mine.pretty")(options "")(descr ""))\n  (lib (name "Leak")(type "KiCad")(uri ${JSON.stringify(uri)})(options "")(descr ""))\n)\n`;

describe("readProjectTable", () => {
  it("refuses a row leading outside or through an environment variable, naming it as written", async () => {
    const env = { ...process.env, A: "/etc" };
    for (const [uri, kind] of [
      ["/etc", "path-outside-repo"],
      [`\${A}/x.pretty`, "path-variable"],
      [`\${KIPRJMOD}/../../../../etc`, "path-outside-repo"],
    ] as const) {
      const dir = join(repo, "hw");
      await writeFile(join(dir, "fp-lib-table"), table(uri));
      const error = await readProjectTable(dir, env).catch((e: unknown) => e);
      expect(error, uri).toBeInstanceOf(UnsafeDesignError);
      const findings = (error as UnsafeDesignError).findings;
      expect(findings.map((f) => [f.kind, f.path])).toEqual([[kind, uri]]);
    }
  });

  it("refuses a table that is a symlink out; reads one inside", async () => {
    const dir = join(repo, "linked");
    await mkdir(dir);
    await symlink(join(base, "outside-table"), join(dir, "fp-lib-table"));
    await expect(readProjectTable(dir, process.env)).rejects.toBeInstanceOf(UnsafeDesignError);
    const ok = join(repo, "ok");
    await mkdir(ok);
    await writeFile(join(ok, "fp-lib-table"), table(`\${KIPRJMOD}/more.pretty`));
    const read = await readProjectTable(ok, process.env);
    expect(read.libraries.map((l) => [l.nickname, l.dir])).toEqual([
      ["Mine", join(ok, "footprints/Mine.pretty")],
      ["Leak", join(ok, "more.pretty")],
    ]);
  });
});
