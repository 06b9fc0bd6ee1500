#!/usr/bin/env node
import { installInterrupt } from "./interrupt.js";
import { redactProcessOutput } from "./redacting-io.js";
import { runCli } from "./run-cli.js";

redactProcessOutput(process.env);
const interrupt = installInterrupt();
const code = await runCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  cwd: process.cwd(),
  env: process.env,
  signal: interrupt.signal,
});
// An interrupted run has cleaned up; do not wait for anything still winding down.
if (interrupt.signal.aborted) process.exit(code);
process.exitCode = code;
