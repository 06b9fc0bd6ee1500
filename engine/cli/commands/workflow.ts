import { UsageError } from "../../errors.js";
import { REFS_FLAGS, REFS_USAGE, refsFromFlags } from "../../workflow/refs-flags.js";
import { workflowFileOf, workflowKinds, workflowText } from "../../workflow/workflow-files.js";
import type { Command } from "../command.js";
import { parseFlags } from "../parse-flags.js";

const usage = `copperhead workflow [design|check|pr] ${REFS_USAGE}`;

/** `copperhead workflow`: prints one of the generated workflows (the design workflow by default). */
export const workflowCommand: Command = {
  name: "workflow",
  summary: "print the generated GitHub Actions workflow (design, check or pr) for a hardware repo",
  usage: `${usage}
  design  .github/workflows/copperhead.yml: one job per stage (the default)
  check   .github/workflows/copperhead-check.yml: copperhead check on one commit
  pr      .github/workflows/copperhead-pr.yml: the same for pull requests from forks
  --image   the container image the jobs run in (default: this release's)
  --action  the copperhead Action the stage jobs use (default: this release's)`,
  async run(args, io) {
    const { values, positionals } = parseFlags(args, REFS_FLAGS, usage);
    const [kind = "design", ...extra] = positionals;
    if (extra.length > 0) {
      throw new UsageError(`unexpected arguments: ${extra.join(" ")}`, `usage: ${usage}`);
    }
    const known = workflowKinds.find((k) => k === kind);
    if (!known) {
      throw new UsageError(
        `unknown workflow '${kind}'`,
        `use one of: ${workflowKinds.map((k) => `${k} (${workflowFileOf[k]})`).join(", ")}`,
      );
    }
    io.stdout.write(workflowText(known, refsFromFlags(values)));
    return 0;
  },
};
