import { checkReportSchema } from "../../check/check-report.js";
import { resolveCheckTarget } from "../../check/check-target.js";
import { renderCheck } from "../../check/render-check.js";
import { runCheck } from "../../check/run-check.js";
import { UsageError } from "../../errors.js";
import type { Command } from "../command.js";
import { parseFlags } from "../parse-flags.js";

const usage =
  "copperhead check [--json] [path]   (path: a repository or KiCad project folder, or a .kicad_sch)";

export const checkCommand: Command = {
  name: "check",
  summary: "ERC, DRC, legibility and drift — no model, no network; exit 1 when something fails",
  usage,
  async run(args, io) {
    const { values, positionals } = parseFlags(args, { json: { type: "boolean" } }, usage);
    if (positionals.length > 1) {
      throw new UsageError(
        `unexpected arguments: ${positionals.slice(1).join(" ")}`,
        `usage: ${usage}`,
      );
    }
    const target = await resolveCheckTarget(io.cwd, positionals[0]);
    const report = checkReportSchema.parse(
      await runCheck(target, io.env, io.signal ? { signal: io.signal } : {}),
    );
    io.stdout.write(values.json ? `${JSON.stringify(report, null, 2)}\n` : renderCheck(report));
    return report.ok ? 0 : 1;
  },
};
