import { z } from "zod";
import { UsageError } from "../errors.js";
import { stageNameSchema, stageNames } from "../flow/stage-names.js";

/** Where the settings live in a hardware repo (read from its default branch). */
export const SETTINGS_PATH = ".github/copperhead.yml";

/**
 * Repository roles in rank order, as the collaborator-permission API's `role_name` spells
 * them. Custom roles rank by the base role they extend, which that API does not report, so
 * they count as `read` (docs/app.md).
 */
export const roleNames = ["none", "read", "triage", "write", "maintain", "admin"] as const;
export type RoleName = (typeof roleNames)[number];

/** True when `role` is at least `needed`; an unknown role name ranks as `read`. */
export function roleAtLeast(role: string, needed: RoleName): boolean {
  const rank = (r: string) => {
    const i = roleNames.indexOf(r as RoleName);
    return i === -1 ? roleNames.indexOf("read") : i;
  };
  return rank(role) >= rank(needed);
}

const repoPath = z
  .string()
  .min(1)
  .refine((p) => !p.startsWith("/") && !p.split(/[\\/]/).includes(".."), {
    message: "must be a path inside the repository (relative, no '..')",
  })
  .refine((p) => !/^\.git(\/|$)/.test(p) && !p.startsWith(".github/workflows/"), {
    message: "must not be inside .git/ or .github/workflows/",
  });

const checkRunsSchema = z.strictObject({
  erc: z.boolean().default(true),
  legibility: z.boolean().default(true),
  drc: z.boolean().default(true),
});

/**
 * `.github/copperhead.yml`: the one settings file for both faces, the GitHub App and the
 * design workflow. Unknown keys are refused, so a typo (`comanders: admin`) is an error the
 * tracker shows, never a silently wider permission.
 */
export const settingsSchema = z.strictObject({
  /** The issue label that starts a design. */
  label: z.string().trim().min(1).max(50).default("hardware-brief"),
  /** Where the brief lives; a push that changes it on the default branch starts a design. */
  briefPath: repoPath.default("brief.md"),
  /** Which stages the workflow runs; the others are reported as skipped. */
  stages: z
    .array(stageNameSchema)
    .min(1)
    .refine((list) => new Set(list).size === list.length, { message: "lists a stage twice" })
    .default([...stageNames]),
  /** The model the stages use; absent means the engine's default model. */
  model: z.string().trim().min(1).optional(),
  /** Agent turns per stage; absent stages keep their declared budget. */
  turnBudgets: z.partialRecord(stageNameSchema, z.int().min(1).max(500)).default({}),
  /** Who may use `/copperhead retry|status|stop`. */
  commanders: z.enum(["write", "maintain", "admin"]).default("write"),
  /** Who may start a design by labelling an issue (or opening one with the label). */
  starters: z.enum(["triage", "write", "maintain", "admin"]).default("triage"),
  /** Which whole-design check runs the App posts. */
  checkRuns: checkRunsSchema.default({ erc: true, legibility: true, drc: true }),
  /**
   * How many times in a row the App dispatches the design again on its own when a run ends
   * with work left (a stage stopped at its turn or time budget); 0 turns that off.
   */
  continuations: z.int().min(0).max(10).default(3),
});

export type Settings = z.infer<typeof settingsSchema>;

/** The settings of a repo with no `.github/copperhead.yml`. */
export const defaultSettings: Settings = settingsSchema.parse({});

/** `.github/copperhead.yml` exists but does not match the schema. */
export class SettingsError extends UsageError {}

/**
 * Validates already-parsed YAML (null for an empty or missing file). Errors name every
 * offending key and point at the documentation.
 */
export function parseSettings(raw: unknown, where = SETTINGS_PATH): Settings {
  const parsed = settingsSchema.safeParse(raw ?? {});
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues
    .slice(0, 8)
    .map((issue) => {
      const key = issue.path.join(".") || "(top level)";
      if (issue.code === "unrecognized_keys") return `unknown key(s) ${issue.keys.join(", ")}`;
      return `${key}: ${issue.message}`;
    })
    .join("; ");
  throw new SettingsError(
    `${where} is not valid (${issues})`,
    `fix ${where}; every key and its default are listed in docs/app.md`,
  );
}
