import type { Command } from "./command.js";

/**
 * One row of `copperhead help`: the name and summary are here so `help` prints the list without
 * importing any command; `load` imports the command's module only when that command runs (or
 * prints its --help). Importing every command eagerly cost ~0.6 s of CPU on every spawn (the
 * stages, their gates, the Markdown reader, the agent and the Anthropic SDK).
 */
export interface CommandEntry {
  name: string;
  summary: string;
  load(): Promise<Command>;
}

/**
 * Every command, registered explicitly so `copperhead help` and the tests see the same list.
 * Shape of a row (the test in test/engine/cli/registry.test.ts checks that the name and summary
 * match the loaded Command's, so the two cannot drift):
 *
 *   { name: "x", summary: "…", load: async () => (await import("./commands/x.js")).xCommand },
 */
export const commands: readonly CommandEntry[] = [
  {
    name: "check",
    summary: "ERC, DRC, legibility and drift — no model, no network; exit 1 when something fails",
    load: async () => (await import("./commands/check.js")).checkCommand,
  },
  {
    name: "create",
    summary:
      "design a board from a brief: every stage in order, one commit each, retried with a diagnosis when one fails",
    load: async () => (await import("./commands/create.js")).createCommand,
  },
  {
    name: "init",
    summary: "scaffold the docs of an existing KiCad design and adopt the stages already done",
    load: async () => (await import("./commands/init.js")).initCommand,
  },
  {
    name: "status",
    summary: "show every stage's state (missing, in-flight, blocked, failed, valid, stale) and why",
    load: async () => (await import("./commands/status.js")).statusCommand,
  },
  {
    name: "graph",
    summary: "print the stage dependency graph derived from what each stage reads and owns",
    load: async () => (await import("./commands/graph.js")).graphCommand,
  },
  {
    name: "next",
    summary: "print the scheduler's next action (DISPATCH, REAP, YIELD, ESCALATE or DONE)",
    load: async () => (await import("./commands/next.js")).nextCommand,
  },
  {
    name: "signoff",
    summary: "record a person's acceptance of a stage's current valid pass, with a reason",
    load: async () => (await import("./commands/signoff.js")).signoffCommand,
  },
  {
    name: "stage",
    summary:
      "run one stage attempt: skip it when valid, refuse it when upstream is not, else run, gate and commit",
    load: async () => (await import("./commands/stage.js")).stageCommand,
  },
  {
    name: "erc",
    summary: "run KiCad's electrical rules check on a schematic (its whole hierarchy)",
    load: async () => (await import("./commands/erc.js")).ercCommand,
  },
  {
    name: "drc",
    summary: "run KiCad's design rules check on a board (optionally against its schematic)",
    load: async () => (await import("./commands/drc.js")).drcCommand,
  },
  {
    name: "score",
    summary: "score a schematic's drawing quality 0–100 (its whole hierarchy; advisory)",
    load: async () => (await import("./commands/score.js")).scoreCommand,
  },
  {
    name: "draft",
    summary:
      "draft a KiCad schematic from a netlist-intent IR (validate, place, wire, check, score)",
    load: async () => (await import("./commands/draft.js")).draftCommand,
  },
  {
    name: "diff",
    summary:
      "what changed electrically between two revisions, and what it did to ERC/DRC and legibility",
    load: async () => (await import("./commands/diff.js")).diffCommand,
  },
  {
    name: "layout",
    summary:
      "place and route the schematic's parts on a two-layer board (outline, holes, connectors, silkscreen, tracks, vias, ground pour); --place-only skips routing",
    load: async () => (await import("./commands/layout.js")).layoutCommand,
  },
  {
    name: "do",
    summary: "carry out one request on the design with the agent; commits only verified work",
    load: async () => (await import("./commands/do.js")).doCommand,
  },
  {
    name: "workflow",
    summary:
      "print the generated GitHub Actions workflow (design, check or pr) for a hardware repo",
    load: async () => (await import("./commands/workflow.js")).workflowCommand,
  },
  {
    name: "install-workflow",
    summary:
      "write the design, check and fork-PR workflows and .github/copperhead.yml into a hardware repo",
    load: async () => (await import("./commands/install-workflow.js")).installWorkflowCommand,
  },
  {
    name: "action",
    summary:
      "the copperhead Action's entry: one stage from INPUT_* variables, with outputs and a job summary",
    load: async () => (await import("./commands/action.js")).actionCommand,
  },
  {
    name: "job",
    summary:
      "the steps of the generated workflows: fetch kept work, push a stage's commit, write a check result or a design diff",
    load: async () => (await import("./commands/job.js")).jobCommand,
  },
];

export function findCommand(name: string): CommandEntry | undefined {
  return commands.find((c) => c.name === name);
}
