import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { execa } from "execa";
import { PACKED_CLI_ENV } from "../setup/packed-cli.js";
import { REPO_ROOT } from "./fixture-project.js";
import { runDir, runOnce } from "./run-once.js";

/** The built CLI of this checkout: run it as `node <bin> …`. */
export interface BuiltCli {
  bin: string;
}

/** copperhead installed from its own tarball: `bin` is the installed `copperhead` command. */
export interface PackedCli {
  bin: string;
  /** The folder it was installed into (`npm install <tarball>` there; its node_modules/). */
  prefix: string;
}

const folder = () => runDir("packedCliDir", PACKED_CLI_ENV);

/**
 * `npm run build` in the checkout, once per vitest run: every test that asks gets the same
 * dist/engine/cli/main.js, built from the sources the run tests.
 */
export function builtCli(): Promise<BuiltCli> {
  return once("built", async () => {
    await execa("npm", ["run", "build"], { cwd: REPO_ROOT, stdin: "ignore" });
    return { bin: join(REPO_ROOT, "dist/engine/cli/main.js") };
  });
}

/**
 * `npm pack` of the built checkout, installed with `npm install <tarball>` into a fresh folder
 * outside the checkout (from the npm cache when it can), once per vitest run: what a user gets.
 * Nothing of the checkout (its node_modules, its sources) is reachable from there.
 */
export function packedCli(): Promise<PackedCli> {
  return once("packed", async () => {
    await builtCli();
    const dir = await folder();
    const packs = join(dir, "tarball");
    await mkdir(packs, { recursive: true });
    const packed = await execa("npm", ["pack", "--json", "--pack-destination", packs], {
      cwd: REPO_ROOT,
      stdin: "ignore",
    });
    const [info] = JSON.parse(packed.stdout) as Array<{ filename: string }>;
    if (!info) throw new Error(`npm pack printed no tarball: ${packed.stdout}`);
    const prefix = join(dir, "install");
    await mkdir(prefix, { recursive: true });
    await writeFile(join(prefix, "package.json"), '{ "private": true }\n');
    await execa(
      "npm",
      ["install", "--prefer-offline", "--no-audit", "--no-fund", join(packs, info.filename)],
      { cwd: prefix, stdin: "ignore" },
    );
    return { bin: join(prefix, "node_modules/.bin/copperhead"), prefix };
  });
}

async function once<T>(name: string, make: () => Promise<T>): Promise<T> {
  return runOnce(await folder(), name, make);
}
