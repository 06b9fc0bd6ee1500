/** Where a stage attempt keeps its files, relative to the repo root. */
export function runDir(stage: string, attempt: number): string {
  return `.copperhead/runs/${stage}/${attempt}`;
}

export function outcomePath(stage: string, attempt: number): string {
  return `${runDir(stage, attempt)}/outcome.json`;
}

export function dispatchPath(stage: string, attempt: number): string {
  return `${runDir(stage, attempt)}/dispatch.json`;
}

export const EVENTS_PATH = ".copperhead/events.jsonl";
