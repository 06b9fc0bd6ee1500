import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execa } from "execa";
import { z } from "zod";
import { CopperheadError, type ErrorCategory } from "../../errors.js";
import { dependencyBin } from "../../package/dependency-bin.js";

const issueSchema = z.looseObject({
  level: z.string(),
  path: z.string().optional(),
  message: z.string(),
});

const itemsOutputSchema = z.looseObject({
  items: z.array(
    z.looseObject({ id: z.string(), valid: z.boolean(), issues: z.array(issueSchema).default([]) }),
  ),
});

// What OpenSpec prints when it cannot even find the item ("Unknown item 'x'").
const statusOutputSchema = z.looseObject({
  status: z.array(z.looseObject({ severity: z.string(), message: z.string() })),
});

export type OpenSpecIssue = z.infer<typeof issueSchema>;

export interface OpenSpecValidation {
  valid: boolean;
  issues: OpenSpecIssue[];
}

/** OpenSpec could not be run or answered something that is not its JSON. */
export class OpenSpecError extends CopperheadError {
  static override readonly category: ErrorCategory = "environment";
}

/**
 * `openspec validate <change> --strict --json` in `repo`. Offline and hermetic: a private HOME
 * (OpenSpec keeps global config there) and telemetry off. A change OpenSpec does not know
 * comes back as invalid with its "unknown item" message as the issue.
 */
export async function validateChange(repo: string, change: string): Promise<OpenSpecValidation> {
  // The OpenSpec installed with copperhead (never one from PATH: its rules change by version).
  const bin = dependencyBin("@fission-ai/openspec", "openspec");
  const home = await mkdtemp(join(tmpdir(), "copperhead-openspec-"));
  try {
    const run = await execa(
      process.execPath,
      [
        bin,
        "validate",
        change,
        "--type",
        "change",
        "--strict",
        "--json",
        "--no-interactive",
        "--no-color",
      ],
      {
        cwd: repo,
        reject: false,
        timeout: 120_000,
        env: {
          HOME: home,
          XDG_CONFIG_HOME: join(home, ".config"),
          DO_NOT_TRACK: "1",
          OPENSPEC_TELEMETRY: "0",
          CI: "1",
        },
        extendEnv: true,
      },
    );
    if (run.exitCode === undefined) {
      throw new OpenSpecError(
        `openspec (${bin}) could not be run: ${run.shortMessage}`,
        "reinstall copperhead with its dependencies (npm install, or npm ci in a checkout)",
        { cause: run.cause },
      );
    }
    let json: unknown;
    try {
      json = JSON.parse(run.stdout);
    } catch {
      throw new OpenSpecError(
        `openspec validate ${change} did not answer JSON (exit ${run.exitCode}): ${(run.stderr || run.stdout).trim().slice(0, 500)}`,
        `check that ${bin} runs (node ${bin} --version); reinstall copperhead if it does not`,
      );
    }
    const items = itemsOutputSchema.safeParse(json);
    if (items.success) {
      const item = items.data.items.find((i) => i.id === change) ?? items.data.items[0];
      return { valid: item?.valid === true && run.exitCode === 0, issues: item?.issues ?? [] };
    }
    const status = statusOutputSchema.parse(json);
    return {
      valid: false,
      issues: status.status.map((s) => ({ level: s.severity.toUpperCase(), message: s.message })),
    };
  } finally {
    await rm(home, { recursive: true, force: true });
  }
}
