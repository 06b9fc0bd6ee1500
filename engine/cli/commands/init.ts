import { resolve } from "node:path";
import { stageGraph } from "../../../stages/registry.js";
import { adoptPassingStages } from "../../flow/adopt.js";
import { describeAdoption } from "../../flow/describe.js";
import { findRepoRoot } from "../../repo/repo-root.js";
import { initRepo } from "../../repo/scaffold/init-repo.js";
import type { Command } from "../command.js";
import { parseFlags } from "../parse-flags.js";

const usage = "copperhead init [--force] [--json] [--repo DIR]";

/**
 * `copperhead init`: scaffold the docs of a repo that already has a KiCad design, then record
 * as adopted every stage whose gate passes on what the person wrote. Exit 1 when a hand-edited
 * doc was left alone (rerun with --force to replace it).
 */
export const initCommand: Command = {
  name: "init",
  summary: "scaffold the docs of an existing KiCad design and adopt the stages already done",
  usage: `${usage}\n  --force  replace docs a person edited (append-only logs are never replaced)`,
  async run(args, io) {
    const { values } = parseFlags(
      args,
      { force: { type: "boolean" }, json: { type: "boolean" }, repo: { type: "string" } },
      usage,
    );
    const repo = findRepoRoot(resolve(io.cwd, values.repo ?? "."));
    const result = await initRepo(repo, { force: values.force ?? false });
    const adoptions = await adoptPassingStages(repo, stageGraph());
    const refused = result.docs.filter((d) => d.action === "refused");
    if (values.json) {
      io.stdout.write(`${JSON.stringify({ schema: 1, ...result, adoptions }, null, 2)}\n`);
      return refused.length > 0 ? 1 : 0;
    }
    io.stdout.write(
      `design: ${result.schematic}${result.board ? ` and ${result.board}` : " (no board)"}\n`,
    );
    for (const doc of result.docs) io.stdout.write(`${doc.action.padEnd(11)} ${doc.path}\n`);
    io.stdout.write(
      result.origin.set
        ? 'origin: "init" recorded in .copperhead/config.json\n'
        : `origin: "${result.origin.value}" (kept)\n`,
    );
    for (const a of adoptions) io.stdout.write(`${describeAdoption(a)}\n`);
    if (refused.length > 0) {
      io.stderr.write(
        `left alone (edited by a person): ${refused.map((d) => d.path).join(", ")} — review them, or rerun with --force to replace them with the scaffold\n`,
      );
      return 1;
    }
    return 0;
  },
};
