#!/usr/bin/env node
// `npm run example [-- <folder>]`: the offline demo. `copperhead create` designs the USB-C
// breakout of examples/usb-c-breakout/brief.md with one scripted session per stage (no model,
// no network) into <folder> — a fresh temporary folder when none is given — and says where it
// is. The exit code is create's (docs/create.md, "Exit codes").
import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";

const root = resolve(dirname(new URL(import.meta.url).pathname), "..");
const example = join(root, "examples", "usb-c-breakout");
const repo = process.argv[2]
  ? resolve(process.argv[2])
  : join(mkdtempSync(join(tmpdir(), "copperhead-demo-")), "usb-c-breakout");
const run = spawnSync(
  process.execPath,
  [
    join(root, "dist", "engine", "cli", "main.js"),
    "create",
    "--repo",
    repo,
    "--brief",
    join(example, "brief.md"),
    "--scripted",
    join(example, "sessions"),
  ],
  { stdio: "inherit" },
);
if (run.error) throw run.error;
const code = run.status ?? 1;
if (code === 0) {
  process.stderr.write(
    `\nthe design is in ${repo}: git -C ${repo} log --oneline; its fab outputs are in outputs/, the run's report in .copperhead/runs/REPORT.md\n`,
  );
}
process.exit(code);
