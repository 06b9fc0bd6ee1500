import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { z } from "zod";
import { CopperheadError, type ErrorCategory } from "../errors.js";

const require = createRequire(import.meta.url);

/** A dependency copperhead runs as a program could not be found where Node resolves it. */
export class DependencyMissingError extends CopperheadError {
  static override readonly category: ErrorCategory = "environment";
}

const manifestSchema = z.looseObject({
  name: z.string(),
  bin: z.union([z.string(), z.record(z.string(), z.string())]).optional(),
});

/**
 * The script behind a dependency's command (`openspec` of `@fission-ai/openspec`), resolved the
 * way Node resolves an import from copperhead — so it is the version copperhead was installed
 * with wherever npm put it, never a same-named program on PATH. Run it with `process.execPath`.
 */
export function dependencyBin(pkg: string, command: string): string {
  let entry: string;
  try {
    entry = require.resolve(pkg);
  } catch (error) {
    throw new DependencyMissingError(
      `${pkg} (which provides \`${command}\`) is not installed where copperhead can load it`,
      "reinstall copperhead with its dependencies (npm install, or npm ci in a checkout)",
      { cause: error },
    );
  }
  // Packages with an `exports` map hide their package.json from require.resolve: walk up from
  // the entry point to the folder whose manifest names the package.
  for (let dir = dirname(entry); dir !== dirname(dir); dir = dirname(dir)) {
    let json: unknown;
    try {
      json = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
    } catch {
      continue;
    }
    const manifest = manifestSchema.safeParse(json);
    if (!manifest.success || manifest.data.name !== pkg) continue;
    const bin = manifest.data.bin;
    const script = typeof bin === "string" ? bin : bin?.[command];
    if (script === undefined) break;
    return join(dir, script);
  }
  throw new DependencyMissingError(
    `${pkg} is installed but declares no \`${command}\` command`,
    `reinstall copperhead so it gets the ${pkg} version it was built for (npm install)`,
  );
}
