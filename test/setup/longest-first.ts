import { relative } from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { type FileDurations, readFileDurations } from "./file-durations.js";

/**
 * The order in which two workers finish soonest, to a good approximation: files not in the
 * list first (new files: nothing is known, and a light one costs nothing up front), then the
 * known ones longest first, so the run ends on short files in both workers instead of one
 * long file keeping a core busy while the other sits idle. Ties go by path, so the order is
 * the same on every machine.
 */
export function longestFirst(durations: FileDurations): (a: string, b: string) => number {
  const seconds = (path: string) => durations[path] ?? Number.POSITIVE_INFINITY;
  return (a, b) => {
    const sa = seconds(a);
    const sb = seconds(b);
    if (sa !== sb) return sa > sb ? -1 : 1;
    return a < b ? -1 : a > b ? 1 : 0;
  };
}

/**
 * vitest sequencer: longestFirst over the checked-in durations. vitest's own sequencer orders
 * by duration only from its cache, which a clean clone (CI) does not have, and falls back to
 * file size, which says little about kicad-cli time.
 */
export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const compare = longestFirst(readFileDurations(root));
    const path = (spec: TestSpecification) => relative(root, spec.moduleId);
    return [...files].sort((a, b) => compare(path(a), path(b)));
  }
}
