import { spawn } from "node:child_process";
import { readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { builtCli } from "../../helpers/packed-cli.js";
import { makeTempDir, type TempDir } from "../../helpers/temp-dir.js";

const INTENT = resolve(import.meta.dirname, "../../../examples/intents/usb-c-breakout.intent.json");

let bin: string;
let work: TempDir;
beforeAll(async () => {
  bin = (await builtCli()).bin;
  work = await makeTempDir("copperhead-closed-stdout-");
});
afterAll(() => work.remove());

/** The built CLI, its stdout read, or its reader gone before it prints (`copperhead … | head -0`). */
function run(args: string[], readerGone: boolean) {
  const child = spawn(process.execPath, [bin, ...args], {
    cwd: work.dir,
    stdio: ["ignore", "pipe", "pipe"],
  });
  if (readerGone) child.stdout.destroy();
  else child.stdout.resume();
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise<{ code: number | null; stderr: string }>((done) =>
    child.on("close", (code) => done({ code, stderr })),
  );
}

it("a reader that went away is no crash: the draft is written whole and the exit code is the draft's", async () => {
  const draft = (out: string, readerGone: boolean) =>
    run(["draft", "--intent", INTENT, "--out", `${out}/usb-c.kicad_sch`], readerGone);
  const [gone, read] = await Promise.all([draft("gone", true), draft("read", false)]);
  expect(gone.stderr).not.toContain("internal error");
  expect(gone.stderr).not.toContain("EPIPE");
  expect(read.code).toBe(0);
  expect(gone.code).toBe(read.code);
  const sheet = (out: string) => readFile(join(work.dir, out, "usb-c.kicad_sch"), "utf8");
  expect(await sheet("gone")).toBe(await sheet("read"));
  expect(await sheet("gone")).toMatch(/^\(kicad_sch[\s\S]*\)\n$/);
});
