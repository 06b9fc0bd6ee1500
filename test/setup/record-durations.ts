import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Reporter, TestModule, Vitest } from "vitest/node";
import { readFileDurations, writeFileDurations } from "./file-durations.js";

/**
 * A vitest reporter that refreshes test/setup/file-durations.json from the run it watches:
 *
 *   npx vitest run --reporter=default --reporter=./test/setup/record-durations.ts
 *
 * A file that passed gets its new time (tests, hooks and collection); a file that failed or
 * did not run keeps its old one (a failure cut short says nothing about its length); entries
 * of files that no longer exist are dropped. Only a full run on an otherwise idle machine gives
 * times that compare well; a targeted run still updates the files it ran.
 */
export default class RecordDurations implements Reporter {
  private root = process.cwd();

  onInit(vitest: Vitest): void {
    this.root = vitest.config.root;
  }

  async onTestRunEnd(modules: ReadonlyArray<TestModule>): Promise<void> {
    const durations = Object.fromEntries(
      Object.entries(readFileDurations(this.root)).filter(([path]) =>
        existsSync(join(this.root, path)),
      ),
    );
    for (const module of modules) {
      if (module.state() !== "passed") continue;
      const { duration, collectDuration } = module.diagnostic();
      durations[module.relativeModuleId] = Math.round((duration + collectDuration) / 100) / 10;
    }
    await writeFileDurations(this.root, durations);
  }
}
