import { resolve } from "node:path";
import { UsageError } from "../../errors.js";
import { findRepoRoot } from "../../repo/repo-root.js";
import { installWorkflow, SECRET_LINES } from "../../workflow/install-workflow.js";
import { REFS_FLAGS, REFS_USAGE, refsFromFlags } from "../../workflow/refs-flags.js";
import type { Command } from "../command.js";
import { parseFlags } from "../parse-flags.js";

const usage = `copperhead install-workflow [--repo <dir>] [--force] ${REFS_USAGE}`;

/** `copperhead install-workflow`: writes the workflows and settings, prints the secrets to set. */
export const installWorkflowCommand: Command = {
  name: "install-workflow",
  summary:
    "write the design, check and fork-PR workflows and .github/copperhead.yml into a hardware repo",
  usage: `${usage}
  --repo   the repository (default: the one holding the current folder)
  --force  replace workflows that differ from this version's (their committed content is kept in git)
  --image / --action  as for copperhead workflow`,
  async run(args, io) {
    const { values, positionals } = parseFlags(
      args,
      { ...REFS_FLAGS, repo: { type: "string" }, force: { type: "boolean" } },
      usage,
    );
    if (positionals.length > 0) {
      throw new UsageError(`unexpected arguments: ${positionals.join(" ")}`, `usage: ${usage}`);
    }
    const repo = findRepoRoot(resolve(io.cwd, values.repo ?? "."));
    const result = await installWorkflow(repo, {
      refs: refsFromFlags(values),
      ...(values.force ? { force: true } : {}),
    });
    for (const f of result.files) io.stdout.write(`${f.action.padEnd(9)} ${f.path}\n`);
    if (result.unionAdded.length > 0) {
      io.stdout.write(
        `updated   .gitattributes (merge=union for ${result.unionAdded.join(", ")})\n`,
      );
    }
    io.stdout.write(
      `\n${SECRET_LINES.join("\n")}\n\nThen commit these files to the default branch and push. docs/actions.md explains the workflows.\n`,
    );
    return 0;
  },
};
