import { chmod, readdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clearDesign, NO_DESIGN } from "../../../../engine/kicad/cli/cleared-design.js";
import { drc } from "../../../../engine/kicad/cli/drc.js";
import { erc } from "../../../../engine/kicad/cli/erc.js";
import {
  KicadCliError,
  KicadCliMissingError,
  KicadVersionError,
} from "../../../../engine/kicad/cli/errors.js";
import { probe } from "../../../../engine/kicad/cli/probe.js";
import { withKicadCli } from "../../../../engine/kicad/cli/run-kicad-cli.js";
import { pathExists } from "../../../../engine/repo/path-exists.js";
import { LED_EXAMPLE, LED_VARIANTS } from "../../../helpers/fixture-project.js";
import { makeTempDir, type TempDir } from "../../../helpers/temp-dir.js";

const ledSch = join(LED_EXAMPLE, "led.kicad_sch");
let scratch: TempDir;

/** A stand-in kicad-cli: answers `version` with `version`, runs `body` for anything else. */
async function fakeKicadCli(name: string, version: string, body: string): Promise<string> {
  const path = scratch.path(name, "kicad-cli");
  const { mkdir } = await import("node:fs/promises");
  await mkdir(scratch.path(name));
  await writeFile(
    path,
    `#!/bin/sh\nif [ "$1" = version ]; then echo ${version}; exit 0; fi\n${body}\n`,
  );
  await chmod(path, 0o755);
  return path;
}

beforeAll(async () => {
  scratch = await makeTempDir();
});
afterAll(() => scratch.remove());

describe("locating kicad-cli", () => {
  it("fails with a typed error when COPPERHEAD_KICAD_CLI points nowhere, without falling back to PATH", async () => {
    const env = { ...process.env, COPPERHEAD_KICAD_CLI: scratch.path("no/such/kicad-cli") };
    const failure = await erc(ledSch, { env }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(KicadCliMissingError);
    expect((failure as KicadCliMissingError).message).toContain("COPPERHEAD_KICAD_CLI");
  });

  it("names the install script when kicad-cli is not on PATH", async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, PATH: scratch.dir };
    delete env.COPPERHEAD_KICAD_CLI;
    await expect(probe(ledSch, { env })).rejects.toThrow(
      expect.objectContaining({ fix: expect.stringMatching(/scripts\/install-kicad\.sh/) }),
    );
  });

  it("uses COPPERHEAD_KICAD_CLI and refuses a kicad-cli older than 9", async () => {
    const old = await fakeKicadCli("old", "8.0.4", "exit 0");
    const failure = await probe(ledSch, {
      env: { ...process.env, COPPERHEAD_KICAD_CLI: old },
    }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(KicadVersionError);
    expect((failure as KicadVersionError).found).toBe("8.0.4");
  });

  it("finds kicad-cli on PATH", async () => {
    const fake = await fakeKicadCli("onpath", "9.9.9", 'echo "ran $1 $2" >&2; exit 3');
    const env: NodeJS.ProcessEnv = { ...process.env, PATH: join(fake, "..") };
    delete env.COPPERHEAD_KICAD_CLI;
    expect(await probe(ledSch, { env })).toEqual({ loads: false, stderr: "ran sch erc" });
  });
});

describe("failures that are not results", () => {
  it("reports a crash as KicadCliError, not as violations", async () => {
    const crasher = await fakeKicadCli("crash", "9.0.8", "kill -SEGV $$");
    const failure = await erc(ledSch, {
      env: { ...process.env, COPPERHEAD_KICAD_CLI: crasher },
    }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(KicadCliError);
    expect((failure as KicadCliError).message).toMatch(/crashed \(SIGSEGV\)/);
    expect((failure as KicadCliError).command).toContain("sch erc --format json");
  });

  it("stops a call that runs past its timeout", async () => {
    const sleeper = await fakeKicadCli("sleep", "9.0.8", "exec sleep 30");
    const env = { ...process.env, COPPERHEAD_KICAD_CLI: sleeper };
    await expect(drc(join(LED_EXAMPLE, "led.kicad_pcb"), { env, timeoutMs: 300 })).rejects.toThrow(
      /did not finish/,
    );
  });

  it("treats an unexpected exit code as KicadCliError carrying rc and stderr", async () => {
    const odd = await fakeKicadCli("odd", "9.0.8", 'echo "something broke" >&2; exit 7');
    const failure = await erc(ledSch, { env: { ...process.env, COPPERHEAD_KICAD_CLI: odd } }).catch(
      (e: unknown) => e,
    );
    expect(failure).toMatchObject({ rc: 7, stderr: "something broke\n" });
    expect((failure as Error).message).toContain("unexpected code 7");
  });

  it("treats rc 0 without a report as KicadCliError", async () => {
    const silent = await fakeKicadCli("silent", "9.0.8", "exit 0");
    const env = { ...process.env, COPPERHEAD_KICAD_CLI: silent };
    await expect(erc(ledSch, { env })).rejects.toThrow(/wrote no report/);
  });
});

describe("hermetic runs", () => {
  it("leaves nothing behind in TMPDIR, whether the call succeeds or fails", async () => {
    const tmp = scratch.path("private-tmp");
    const { mkdir } = await import("node:fs/promises");
    await mkdir(tmp);
    const env = { ...process.env, TMPDIR: tmp };
    const before = await readdir(tmp);
    const outcomes = await Promise.allSettled([
      erc(join(LED_VARIANTS, "led_open.kicad_sch"), { env }),
      drc(join(LED_EXAMPLE, "led.kicad_pcb"), { env, schematicParity: true }),
      probe(join(LED_VARIANTS, "broken.kicad_pcb"), { env }),
      erc(join(LED_VARIANTS, "bom.kicad_sch"), { env }),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual([
      "fulfilled",
      "fulfilled",
      "fulfilled",
      "rejected",
    ]);
    expect(before).toEqual([]);
    expect(await readdir(tmp)).toEqual([]);
  });

  it("gives identical results for many parallel calls", async () => {
    const runs = await Promise.all(
      Array.from({ length: 5 }, () => erc(join(LED_VARIANTS, "led_open.kicad_sch"))),
    );
    const first = runs[0];
    expect(first?.violations).toHaveLength(2);
    for (const run of runs) expect(run).toEqual(first);
  });
});

describe("the pre-flight's proof", () => {
  it("must cover every design file kicad-cli is to open: NO_DESIGN or another design's proof is refused before kicad-cli runs", async () => {
    // A stand-in that would leave a mark if it ran for anything but `version`.
    const marker = scratch.path("proof", "ran");
    const binary = await fakeKicadCli("proof", "9.0.8", `touch ${marker}`);
    const env = { ...process.env, COPPERHEAD_KICAD_CLI: binary };
    const other = (await clearDesign({ schematic: join(LED_EXAMPLE, "led.kicad_sch") })).cleared;
    const board = join(LED_EXAMPLE, "led.kicad_pcb");
    for (const proof of [NO_DESIGN, other]) {
      const refused = withKicadCli(
        proof,
        () => ["pcb", "drc", board],
        async () => "ran",
        { env },
      );
      await expect(refused).rejects.toThrow(`kicad-cli was to open ${board}, which the pre-flight`);
    }
    // Relative spellings are judged where kicad-cli would open them (its scratch folder).
    const relative = withKicadCli(
      other,
      () => ["sch", "erc", "../../x.kicad_sch"],
      async () => "",
      {
        env,
      },
    );
    await expect(relative).rejects.toThrow("which the pre-flight did not clear");
    expect(await pathExists(marker)).toBe(false);

    // The proof's own file and outputs in the scratch folder go through.
    const ok = await withKicadCli(
      other,
      (work) => ["sch", "erc", join(LED_EXAMPLE, "led.kicad_sch"), "-o", work.out("x.kicad_sch")],
      async (run) => run.rc,
      { env },
    );
    expect(ok).toBe(0);
    expect(await pathExists(marker)).toBe(true);
  });
});
