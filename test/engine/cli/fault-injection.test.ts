import { chmod, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execa } from "execa";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIMITS } from "../../../engine/limits.js";
import { fileHashes } from "../../helpers/file-hashes.js";
import { LED_EXAMPLE } from "../../helpers/fixture-project.js";
import { builtCli } from "../../helpers/packed-cli.js";
import type { TempDir } from "../../helpers/temp-dir.js";
import { smallCatalog } from "../kicad/draft/library-fixture.js";
import { configCases } from "./faults/config-cases.js";
import { contentCases, shared } from "./faults/content-cases.js";
import { doCases } from "./faults/do-cases.js";
import { draftCases } from "./faults/draft-cases.js";
import { caseDir, type FaultCase } from "./faults/fault-case.js";
import { flowCases } from "./faults/flow-cases.js";
import { kicadCases } from "./faults/kicad-cases.js";
import { pathCases } from "./faults/path-cases.js";
import { usageCases } from "./faults/usage-cases.js";

// The built CLI against a table of bad inputs and faults (docs/errors.md documents each exit
// code). Cases run in parallel, each in its own folder with its own TMPDIR.
const cases: FaultCase[] = [
  ...usageCases,
  ...pathCases,
  ...contentCases,
  ...configCases,
  ...draftCases,
  ...flowCases,
  ...doCases,
  ...kicadCases,
];

interface Verdict {
  name: string;
  crashed: boolean;
  violations: string[];
  fix: boolean;
}
const verdicts: Verdict[] = [];

let bin: string;
let suite: string;
// A few real KiCad libraries instead of all of them: drafts start in a fraction of the time.
let symbols: TempDir;
const root = process.getuid?.() === 0;

beforeAll(async () => {
  bin = (await builtCli()).bin;
  ({ dir: symbols } = await smallCatalog());
  await chmod(symbols.dir, 0o755);
  suite = await mkdtemp(join(tmpdir(), "copperhead-faults-"));
  await chmod(suite, 0o755);
  // One real sheet just over the limit, generated once: the LED sheet padded with wires.
  const led = await readFile(join(LED_EXAMPLE, "led.kicad_sch"), "utf8");
  const close = led.lastIndexOf(")");
  const wire = (i: number) =>
    `\t(wire\n\t\t(pts\n\t\t\t(xy ${(i % 400) * 2.54} ${Math.floor(i / 400) * 2.54}) (xy ${(i % 400) * 2.54 + 1.27} ${Math.floor(i / 400) * 2.54})\n\t\t)\n\t\t(stroke\n\t\t\t(width 0)\n\t\t\t(type default)\n\t\t)\n\t\t(uuid "${i.toString(16).padStart(8, "0")}-0000-4000-8000-000000000000")\n\t)\n`;
  const chunks = [led.slice(0, close)];
  let size = close;
  for (let i = 0; size <= LIMITS.schematicBytes + 1024 * 1024; i++) {
    const text = wire(i);
    chunks.push(text);
    size += text.length;
  }
  chunks.push(led.slice(close));
  shared.hugeSheet = join(suite, "huge.kicad_sch");
  await writeFile(shared.hugeSheet, chunks.join(""));
}, 300_000);

afterAll(async () => {
  const crashes = verdicts.filter((v) => v.crashed).length;
  const violations = verdicts.filter((v) => v.violations.length > 0).length;
  const fixes = verdicts.filter((v) => v.fix).length;
  console.log(
    `fault-injection: ${verdicts.length} cases, ${crashes} crashes, ${violations} unchanged-file violations, ${fixes}/${verdicts.length} messages with a fix`,
  );
  await rm(suite, { recursive: true, force: true });
  await symbols.remove();
});

// A stack frame, or the CLI's last-resort answer: neither may reach a person.
const CRASH =
  /internal error \(please report it\)|\n\s+at .+[:(]\d+:\d+\)?|Maximum call stack|heap out of memory|Unhandled|ERR_[A-Z_]+/;

async function runCase(
  c: FaultCase,
): Promise<Verdict & { exit: number | undefined; output: string }> {
  const folder = await mkdtemp(join(suite, "case-"));
  const dir = caseDir(join(folder, "work"));
  const tmp = join(folder, "tmp");
  await mkdir(dir.root);
  await mkdir(tmp);
  await c.setup?.(dir);
  const unprivileged = c.unprivileged === true && root;
  if (unprivileged) {
    await chmod(folder, 0o755);
    await chmod(tmp, 0o777);
  }
  const before = await fileHashes(dir.root);
  const args = typeof c.args === "function" ? c.args(dir) : c.args;
  const env = typeof c.env === "function" ? c.env(dir) : (c.env ?? {});
  let command = [process.execPath, bin, ...args];
  if (unprivileged)
    command = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", ...command];
  if (c.limits)
    command = ["bash", "-c", `trap '' XFSZ; ${c.limits}; exec "$@"`, "bash", ...command];
  const run = await execa(command[0]!, command.slice(1), {
    cwd: join(dir.root, c.cwd ?? "."),
    env: {
      COPPERHEAD_PROVIDER: undefined,
      ANTHROPIC_API_KEY: undefined,
      COPPERHEAD_SYMBOL_DIR: symbols.dir,
      ...env,
      TMPDIR: tmp,
    },
    extendEnv: true,
    reject: false,
    stdin: "ignore",
    timeout: 180_000,
  });
  const output = `${run.stderr}\n${run.stdout}`;
  const after = await fileHashes(dir.root);
  // copperhead's fingerprint cache inside .git is its own, and never part of the work tree.
  const allowed = (path: string) =>
    path === ".git/copperhead" ||
    path.startsWith(".git/copperhead/") ||
    (c.changes ?? []).some((p) => (typeof p === "string" ? p === path : p.test(path)));
  const violations = [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .filter((path) => before[path] !== after[path] && !allowed(path))
    .map((path) => `${path}: ${before[path] ?? "absent"} → ${after[path] ?? "absent"}`);
  const leftInTmp = await readdir(tmp);
  if (leftInTmp.length > 0) violations.push(`TMPDIR kept ${leftInTmp.join(", ")}`);
  const fix =
    c.says.test(output) &&
    (c.exit !== 2 ||
      / — \S|usage: copperhead/.test(run.stderr) ||
      /usage: copperhead/.test(run.stdout));
  await rm(folder, { recursive: true, force: true });
  return {
    name: c.name,
    crashed: run.exitCode === undefined || CRASH.test(output),
    violations,
    fix,
    exit: run.exitCode,
    output,
  };
}

describe.concurrent("fault injection: the built CLI against bad inputs and faults", () => {
  it("has at least 60 cases, each named once", () => {
    expect(cases.length).toBeGreaterThanOrEqual(60);
    expect(new Set(cases.map((c) => c.name)).size).toBe(cases.length);
  });

  it.each(cases.map((c) => [c.name, c] as const))("%s", async (_name, c) => {
    const result = await runCase(c);
    verdicts.push(result);
    expect(result.crashed, result.output).toBe(false);
    expect(result.exit, result.output).toBe(c.exit);
    expect(result.output).toMatch(c.says);
    expect(result.fix, result.output).toBe(true);
    expect(result.violations).toEqual([]);
  });
});
