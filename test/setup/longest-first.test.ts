import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import type { TestSpecification, Vitest } from "vitest/node";
import config from "../../vitest.config.js";
import { REPO_ROOT } from "../helpers/fixture-project.js";
import { makeTempDir } from "../helpers/temp-dir.js";
import { FILE_DURATIONS, readFileDurations } from "./file-durations.js";
import LongestFirst, { longestFirst } from "./longest-first.js";

// A small deterministic generator: many orders and duration lists without a dependency.
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describe("longestFirst", () => {
  it("puts unlisted files first, then listed ones by falling duration, ties by path", () => {
    for (let seed = 1; seed <= 200; seed++) {
      const next = random(seed);
      const paths = Array.from({ length: 1 + Math.floor(next() * 30) }, (_, i) => `t/${i}.test.ts`);
      const durations: Record<string, number> = {};
      for (const path of paths) {
        // Some unlisted, some tied, some distinct.
        const roll = next();
        if (roll < 0.2) continue;
        durations[path] = roll < 0.4 ? 5 : Math.round(next() * 1000) / 10;
      }
      const shuffled = [...paths].sort(() => next() - 0.5);
      const sorted = [...shuffled].sort(longestFirst(durations));

      expect([...sorted].sort()).toEqual([...paths].sort());
      const unlisted = sorted.filter((path) => durations[path] === undefined);
      expect(sorted.slice(0, unlisted.length)).toEqual(unlisted);
      for (let i = 1; i < sorted.length; i++) {
        const a = durations[sorted[i - 1]!] ?? Number.POSITIVE_INFINITY;
        const b = durations[sorted[i]!] ?? Number.POSITIVE_INFINITY;
        expect(a).toBeGreaterThanOrEqual(b);
        if (a === b) expect(sorted[i - 1]! < sorted[i]!).toBe(true);
      }
      // The same list in any input order gives the same run order.
      expect([...paths].reverse().sort(longestFirst(durations))).toEqual(sorted);
    }
  });
});

describe("the checked-in durations", () => {
  it("order the suite: the config's sequencer sorts real test files by them", async () => {
    const durations = readFileDurations(REPO_ROOT);
    const listed = Object.keys(durations).filter((path) => existsSync(join(REPO_ROOT, path)));
    expect(listed.length).toBeGreaterThan(10);
    expect(config.test?.sequence?.sequencer).toBe(LongestFirst);

    const specs = listed.map((path) => ({ moduleId: join(REPO_ROOT, path) }));
    const ctx = { config: { root: REPO_ROOT } };
    const sequencer = new LongestFirst(ctx as unknown as Vitest);
    const sorted = await sequencer.sort(specs.reverse() as unknown as TestSpecification[]);
    const seconds = sorted.map((spec) => durations[relative(REPO_ROOT, spec.moduleId)]!);
    expect(seconds).toEqual([...seconds].sort((a, b) => b - a));
  });

  it("a broken list fails the run with where it is and how to mend it", async () => {
    const scratch = await makeTempDir();
    try {
      await mkdir(scratch.path("test/setup"), { recursive: true });
      await writeFile(scratch.path(FILE_DURATIONS), '{ "test/a.test.ts": "slow" }\n');
      expect(() => readFileDurations(scratch.path("."))).toThrow(
        /test\/setup\/file-durations\.json is not a map of test file to seconds.*rerun the recorder/,
      );
    } finally {
      await scratch.remove();
    }
  });
});
