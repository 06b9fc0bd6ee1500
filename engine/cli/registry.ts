import type { Command } from "./command.js";
import { actionCommand } from "./commands/action.js";
import { checkCommand } from "./commands/check.js";
import { diffCommand } from "./commands/diff.js";
import { doCommand } from "./commands/do.js";
import { draftCommand } from "./commands/draft.js";
import { drcCommand } from "./commands/drc.js";
import { ercCommand } from "./commands/erc.js";
import { graphCommand } from "./commands/graph.js";
import { initCommand } from "./commands/init.js";
import { installWorkflowCommand } from "./commands/install-workflow.js";
import { jobCommand } from "./commands/job.js";
import { layoutCommand } from "./commands/layout.js";
import { nextCommand } from "./commands/next.js";
import { scoreCommand } from "./commands/score.js";
import { signoffCommand } from "./commands/signoff.js";
import { stageCommand } from "./commands/stage.js";
import { statusCommand } from "./commands/status.js";
import { workflowCommand } from "./commands/workflow.js";

/** Every command, registered explicitly so `copperhead help` and the tests see the same list. */
export const commands: readonly Command[] = [
  checkCommand,
  initCommand,
  statusCommand,
  graphCommand,
  nextCommand,
  signoffCommand,
  stageCommand,
  ercCommand,
  drcCommand,
  scoreCommand,
  draftCommand,
  diffCommand,
  layoutCommand,
  doCommand,
  workflowCommand,
  installWorkflowCommand,
  actionCommand,
  jobCommand,
];

export function findCommand(name: string): Command | undefined {
  return commands.find((c) => c.name === name);
}
