import { lstat } from "node:fs/promises";
import { join } from "node:path";
import { z } from "zod";
import { CopperheadError, type ErrorCategory } from "../errors.js";
import { printableExcerpt, quoteExcerpt } from "../excerpt.js";
import { stageNames } from "../flow/stage-names.js";
import { parseJson } from "../json-text.js";
import { layoutConfigSchema } from "../kicad/layout/inputs/layout-config.js";
import { legibilityConfigSchema } from "../kicad/legibility/config.js";
import { describePathFinding } from "../kicad/paths/path-finding.js";
import { readConfinedText } from "../kicad/paths/read-confined.js";
import { trustScopeFor } from "../kicad/paths/trust-scope.js";
import { scoreConfigSchema } from "../kicad/score/config.js";
import { describeIssues } from "../zod-issues.js";
import { readText } from "./read-text.js";

export const CONFIG_PATH = ".copperhead/config.json";

const repoPath = z
  .string()
  .min(1)
  .refine(
    (p) =>
      !p.startsWith("/") &&
      !p.includes("\0") &&
      !p.split(/[\\/]/).some((part) => part === ".." || part.toLowerCase() === ".git"),
    {
      // The value as written, bounded and printable: config.json is the repository's text.
      error: (issue) =>
        `${quoteExcerpt(String(issue.input), 160)} must be a path inside the repository (relative, no '..', not into .git/)`,
    },
  );

/**
 * `.copperhead/config.json`. Unknown keys are rejected so a typo ("modle") is reported rather
 * than silently ignored. `thresholds` stays an open record until the checks that read it exist.
 */
export const configSchema = z.strictObject({
  /** Who made the repo: `copperhead create` or `copperhead init` over an existing design. */
  origin: z.enum(["create", "init"]).optional(),
  paths: z
    .strictObject({
      schematic: repoPath.nullable().default(null),
      board: repoPath.nullable().default(null),
      docs: repoPath.default("docs"),
    })
    .default({ schematic: null, board: null, docs: "docs" }),
  thresholds: z.record(z.string(), z.unknown()).default({}),
  /** Legibility thresholds and per-family severity (docs/findings.md). */
  legibility: legibilityConfigSchema,
  /** Score weight overrides and the cap floor (docs/score.md). */
  score: scoreConfigSchema,
  /** The board when the spec recorded none, and the placer's settings (docs/layout.md). */
  layout: layoutConfigSchema,
  provider: z.string().min(1).optional(),
  model: z.string().min(1).nullable().optional(),
  /** A model per stage (or `do`), beating `model` for that stage's runs. */
  models: z.partialRecord(z.enum([...stageNames, "do"]), z.string().min(1)).optional(),
  /** Attempts a stage gets before the scheduler escalates to a person. */
  maxAttempts: z.int().min(1).default(3),
});

export type CopperheadConfig = z.infer<typeof configSchema>;

/** config.json exists but is not valid JSON or does not match the schema. */
export class ConfigError extends CopperheadError {
  static override readonly category: ErrorCategory = "usage";
}

/**
 * Reads and validates the repo's config; a repo without one gets the defaults. A config file
 * that is a symlink out of the repository, a FIFO or a device is refused before it is opened.
 */
export async function readConfig(repo: string): Promise<CopperheadConfig> {
  const file = join(repo, CONFIG_PATH);
  const read = await readConfinedText(trustScopeFor(repo), file, "the config file");
  if (read.status === "refused") {
    // A folder under the config's name blocks nothing and leaks nothing: the file system error
    // (with its own fix) says it best.
    if (
      read.finding.kind === "path-not-a-file" &&
      (await lstat(file).catch(() => undefined))?.isDirectory()
    )
      await readText(file);
    throw new ConfigError(
      describePathFinding(read.finding),
      `make ${CONFIG_PATH} a regular file in the repository`,
    );
  }
  if (read.status === "missing") return configSchema.parse({});
  return parseConfig(read.text, CONFIG_PATH);
}

/** Validates config text; `where` names the file in the error. */
export function parseConfig(text: string, where: string): CopperheadConfig {
  let json: unknown;
  try {
    json = parseJson(text);
  } catch (error) {
    // V8's message quotes the text around the error: keep it bounded and printable.
    throw new ConfigError(
      `${where} is not valid JSON (${printableExcerpt((error as Error).message, 120)})`,
      `fix the JSON syntax in ${where}`,
    );
  }
  const parsed = configSchema.safeParse(json);
  if (!parsed.success) {
    const issues = describeIssues(parsed.error);
    throw new ConfigError(
      `${where} is invalid: ${issues}`,
      `correct those keys in ${where} (see docs/flow.md for the settings)`,
    );
  }
  return parsed.data;
}
