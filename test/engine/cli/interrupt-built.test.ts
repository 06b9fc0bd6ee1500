import { readdir } from "node:fs/promises";
import { setTimeout as sleep } from "node:timers/promises";
import { execa } from "execa";
import { beforeAll, describe, expect, it } from "vitest";
import { LED_EXAMPLE } from "../../helpers/fixture-project.js";
import { builtCli } from "../../helpers/packed-cli.js";
import { makeTempDir } from "../../helpers/temp-dir.js";

// The built CLI, real kicad-cli, real signals: the signal is sent the moment the first
// kicad-cli scratch folder appears, so kicad-cli is starting or running when it lands.
const VIDEO = "/usr/share/kicad/demos/video";
let bin: string;
beforeAll(async () => {
  bin = (await builtCli()).bin;
});

async function interrupt(
  args: string[],
  signal: "SIGINT" | "SIGTERM",
  options: { cwd: string; twice?: boolean },
) {
  const tmp = await makeTempDir("copperhead-signal-");
  try {
    const child = execa(process.execPath, [bin, ...args], {
      cwd: options.cwd,
      env: { TMPDIR: tmp.dir },
      reject: false,
      stdin: "ignore",
    });
    const deadline = Date.now() + 60_000;
    while (!(await readdir(tmp.dir)).some((n) => n.startsWith("copperhead-kicad-"))) {
      if (Date.now() > deadline) throw new Error("kicad-cli never started");
      await sleep(5);
    }
    child.kill(signal);
    if (options.twice) {
      await sleep(20);
      child.kill(signal);
    }
    const result = await child;
    // kicad-cli's own output paths live in the scratch folder: a survivor would still name it.
    const ps = await execa("ps", ["-eo", "args"]);
    const orphans = ps.stdout.split("\n").filter((l) => l.includes(tmp.dir));
    return { result, left: await readdir(tmp.dir), orphans };
  } finally {
    await tmp.remove();
  }
}

describe("SIGINT/SIGTERM during the built CLI's kicad-cli runs", () => {
  it.each([
    { args: ["check", "."], cwd: LED_EXAMPLE, signal: "SIGINT", code: 130 },
    { args: ["check", "."], cwd: LED_EXAMPLE, signal: "SIGTERM", code: 143 },
    { args: ["erc", "video.kicad_sch"], cwd: VIDEO, signal: "SIGINT", code: 130 },
    { args: ["drc", "video.kicad_pcb"], cwd: VIDEO, signal: "SIGTERM", code: 143 },
  ] as const)(
    "$args.0 on $signal: kills kicad-cli, removes its scratch folders, exits $code",
    async ({ args, cwd, signal, code }) => {
      const { result, left, orphans } = await interrupt([...args], signal, { cwd });
      expect(result.stderr).toContain(`interrupted by ${signal}`);
      expect(result.stderr).not.toMatch(/internal error|\n\s+at /);
      expect(result.exitCode).toBe(code);
      expect(left).toEqual([]);
      expect(orphans).toEqual([]);
    },
  );

  it("a second SIGINT stops at once, and still leaves no scratch folder behind", async () => {
    const { result, left, orphans } = await interrupt(["drc", "video.kicad_pcb"], "SIGINT", {
      cwd: VIDEO,
      twice: true,
    });
    expect(result.exitCode).toBe(130);
    expect(left).toEqual([]);
    expect(orphans).toEqual([]);
  });
});
