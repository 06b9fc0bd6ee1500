import { mkdir, readdir } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { reportError, runCli } from "../../../engine/cli/run-cli.js";
import { InterruptedError, UsageError } from "../../../engine/errors.js";
import { captureIo } from "../../helpers/capture-io.js";
import { copyFixtureProject } from "../../helpers/fixture-project.js";
import { makeTempDir } from "../../helpers/temp-dir.js";

describe("runCli's error faces", () => {
  it("maps a file system error to the path and the fix, exit 2 (a config.json that is a folder)", async () => {
    const project = await copyFixtureProject();
    try {
      await mkdir(project.path(".copperhead/config.json"), { recursive: true });
      const io = captureIo(project.dir);
      expect(await runCli(["check"], io)).toBe(2);
      expect(io.err()).toBe(
        "copperhead check: .copperhead/config.json is a folder where a file is expected — name a file, or move the folder out of the way\n",
      );
    } finally {
      await project.remove();
    }
  });

  it("prints copperhead's own errors with their fix, and anything else as a bug (exit 3)", () => {
    const io = captureIo("/");
    expect(reportError("x", new UsageError("bad flag", "drop it"), io)).toBe(2);
    expect(reportError("x", new TypeError("undefined is not a function"), io)).toBe(3);
    expect(io.err()).toContain("copperhead x: bad flag — drop it\n");
    expect(io.err()).toContain(
      "copperhead x: internal error (please report it):\nTypeError: undefined is not a function\n    at ",
    );
  });

  it("answers an interrupted run with 128 + the signal, after its cleanup", async () => {
    const tmp = await makeTempDir("copperhead-interrupted-");
    try {
      for (const [name, code] of [
        ["SIGINT", 130],
        ["SIGTERM", 143],
      ] as const) {
        const io = captureIo(process.cwd(), { ...process.env, TMPDIR: tmp.dir });
        io.signal = AbortSignal.abort(new InterruptedError(name));
        expect(await runCli(["check", "examples/led"], io)).toBe(code);
        expect(io.err()).toBe(
          `copperhead check: interrupted by ${name} — run the same command again; work in progress was cleaned up or kept as the command describes\n`,
        );
        expect(io.out()).toBe("");
      }
      expect(await readdir(tmp.dir)).toEqual([]);
    } finally {
      await tmp.remove();
    }
  });
});
