import { diffReportSchema } from "../../diff/diff-report.js";
import { renderDiffText } from "../../diff/render-diff-text.js";
import { runDiff } from "../../diff/run-diff.js";
import { findRepoRoot } from "../../repo/repo-root.js";
import type { Command } from "../command.js";
import { parseFlags } from "../parse-flags.js";

const usage =
  "copperhead diff [<rev-a>] [<rev-b>] [--json] [--no-checks] [--images <dir>] [--project <path>] [--exit-code]\n" +
  "  no revision: the merge base with the default branch vs the working tree; one: <rev-a> vs the working tree\n" +
  "  (or A..B, A...B); two: those commits. --images writes red/green overlay PNGs of the changed pages there.";

export const diffCommand: Command = {
  name: "diff",
  summary:
    "what changed electrically between two revisions, and what it did to ERC/DRC and legibility",
  usage,
  async run(args, io) {
    const { values, positionals } = parseFlags(
      args,
      {
        json: { type: "boolean" },
        "no-checks": { type: "boolean" },
        images: { type: "string" },
        project: { type: "string" },
        "exit-code": { type: "boolean" },
      },
      usage,
    );
    const report = diffReportSchema.parse(
      await runDiff({
        repo: findRepoRoot(io.cwd),
        cwd: io.cwd,
        revisions: positionals,
        project: values.project,
        checks: values["no-checks"] !== true,
        images: values.images,
        env: io.env,
      }),
    );
    io.stdout.write(values.json ? `${JSON.stringify(report, null, 2)}\n` : renderDiffText(report));
    return values["exit-code"] === true && !report.identical ? 1 : 0;
  },
};
