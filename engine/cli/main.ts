#!/usr/bin/env node
import { installInterrupt } from "./interrupt.js";
import { runCli } from "./run-cli.js";

const code = await runCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  cwd: process.cwd(),
  env: process.env,
  signal: installInterrupt(),
});
process.exitCode = code;
