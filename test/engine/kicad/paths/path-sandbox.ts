import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execa } from "execa";
import type { VariableContext } from "../../../../engine/kicad/paths/path-variables.js";
import type { TrustScope } from "../../../../engine/kicad/paths/trust-scope.js";

/**
 * A repository with every kind of trap the resolver must see through, an outside folder the
 * traps lead to, and a stand-in for KiCad's library folder:
 *
 *   repo/hardware/top.kicad_sch          the file naming paths
 *   repo/hardware/sub/child.kicad_sch    an ordinary sub-sheet
 *   repo/hardware/link-out  → outside/   a symlinked folder leading out
 *   repo/hardware/link-in   → ../shared  a symlinked folder staying in
 *   repo/hardware/chain1 → chain2 → outside/secret.txt
 *   repo/hardware/dangling → nowhere
 *   repo/hardware/pipe                   a FIFO
 *   repo/shared/shared.kicad_sch
 *   repo/.git/config
 *   lib/Device.kicad_sym                 "KiCad's" symbols
 */
export interface PathSandbox {
  base: string;
  root: string;
  outside: string;
  lib: string;
  holder: string;
  scope: TrustScope;
  variables: VariableContext;
  remove(): Promise<void>;
}

export async function makePathSandbox(): Promise<PathSandbox> {
  const base = await realpath(await mkdtemp(join(tmpdir(), "copperhead-paths-")));
  const root = join(base, "repo");
  const outside = join(base, "outside");
  const lib = join(base, "lib");
  const hardware = join(root, "hardware");
  for (const dir of [
    join(hardware, "sub"),
    join(root, "shared"),
    join(root, ".git"),
    outside,
    lib,
  ]) {
    await mkdir(dir, { recursive: true });
  }
  await writeFile(join(hardware, "top.kicad_sch"), "(kicad_sch)\n");
  await writeFile(join(hardware, "sub/child.kicad_sch"), "(kicad_sch)\n");
  await writeFile(join(root, "shared/shared.kicad_sch"), "(kicad_sch)\n");
  await writeFile(join(root, ".git/config"), "[core]\n");
  await writeFile(join(outside, "secret.txt"), "A=topsecretvalue\n");
  await writeFile(join(lib, "Device.kicad_sym"), "(kicad_symbol_lib)\n");
  await symlink(outside, join(hardware, "link-out"));
  await symlink("../shared", join(hardware, "link-in"));
  await symlink(join(outside, "secret.txt"), join(hardware, "chain2"));
  await symlink("chain2", join(hardware, "chain1"));
  await symlink(join(base, "nowhere"), join(hardware, "dangling"));
  await execa("mkfifo", [join(hardware, "pipe")]);
  const env: NodeJS.ProcessEnv = {
    HOME: outside,
    KICAD9_SYMBOL_DIR: lib,
    A: "topsecretvalue",
    PATH: process.env.PATH,
  };
  return {
    base,
    root,
    outside,
    lib,
    holder: join(hardware, "top.kicad_sch"),
    scope: { root, repository: true, libraryRoots: [lib], env },
    variables: {
      projectDir: hardware,
      projectName: "top",
      textVariables: new Map([
        ["UP", "../../.."],
        ["NESTED", `\${HOME}`],
        ["LIBS", `\${KIPRJMOD}/sub`],
        ["LOOP", `\${LOOP}`],
      ]),
      env,
    },
    remove: () => rm(base, { recursive: true, force: true }),
  };
}
