import { parse } from "yaml";

/** A generated workflow read back as data (what GitHub parses). */
export interface ParsedWorkflow {
  name: string;
  "run-name"?: string;
  on: Record<string, { inputs?: Record<string, unknown> } | null>;
  permissions: Record<string, string>;
  concurrency?: { group: string; "cancel-in-progress": boolean };
  jobs: Record<
    string,
    {
      name: string;
      if?: string;
      needs?: string[];
      "timeout-minutes": number;
      container?: { image: string };
      env?: Record<string, string>;
      steps: Array<{
        name: string;
        id?: string;
        if?: string;
        uses?: string;
        run?: string;
        with?: Record<string, unknown>;
        env?: Record<string, string>;
        "timeout-minutes"?: number;
      }>;
    }
  >;
}

export function parseWorkflow(text: string): ParsedWorkflow {
  return parse(text) as ParsedWorkflow;
}

/** Every `run:` script of a workflow, with where it is. */
export function runLines(workflow: ParsedWorkflow): Array<{ where: string; run: string }> {
  return Object.entries(workflow.jobs).flatMap(([id, job]) =>
    job.steps.flatMap((s) =>
      s.run === undefined ? [] : [{ where: `${id}: ${s.name}`, run: s.run }],
    ),
  );
}
