import { createPrivateKey } from "node:crypto";
import { readFileSync } from "node:fs";
import { z } from "zod";
import { CopperheadError } from "../engine/errors.js";

/** The App's environment is incomplete or wrong; the message lists every problem. */
export class AppEnvError extends CopperheadError {}

const PEM = /-----BEGIN [A-Z ]*PRIVATE KEY-----/;

/** The key text as Probot reads it: a PEM, a PEM with literal `\n`, or a base64 PEM. */
function normaliseKey(text: string): string {
  const trimmed = text.trim();
  if (PEM.test(trimmed)) return trimmed.replace(/\\n/g, "\n");
  const decoded = Buffer.from(trimmed, "base64").toString("utf8");
  return PEM.test(decoded) ? decoded : trimmed;
}

function keyProblem(pem: string): string | undefined {
  if (!PEM.test(pem)) return "is not a PEM private key (no -----BEGIN … PRIVATE KEY----- line)";
  try {
    createPrivateKey(pem);
    return undefined;
  } catch {
    return "looks like a PEM but does not parse as a private key (truncated or mangled?)";
  }
}

const envSchema = z.object({
  APP_ID: z
    .string({ error: "is missing" })
    .trim()
    .regex(/^[1-9][0-9]*$/, "must be the App's numeric id (App settings → About → App ID)"),
  PRIVATE_KEY: z.string().trim().min(1).optional(),
  PRIVATE_KEY_PATH: z.string().trim().min(1).optional(),
  WEBHOOK_SECRET: z
    .string({ error: "is missing" })
    .min(1, "is empty")
    .refine((s) => s !== "development", "is Probot's built-in development secret; set your own"),
  PORT: z
    .string()
    .regex(/^[0-9]+$/, "must be a port number")
    .refine((p) => Number(p) >= 1 && Number(p) <= 65535, "must be 1–65535")
    .optional(),
  WEBHOOK_PROXY_URL: z.url("must be a URL (e.g. your smee.io channel)").optional(),
  LOG_LEVEL: z.enum(["trace", "debug", "info", "warn", "error", "fatal"]).optional(),
});

export interface AppEnv {
  appId: number;
  /** Which variable held the key; the key itself never leaves this module's caller. */
  keyFrom: "PRIVATE_KEY" | "PRIVATE_KEY_PATH";
  privateKey: string;
  webhookSecret: string;
  port: number;
}

/**
 * Validates the App's environment (after Probot's `.env` loading). Messages name the variable
 * and what to do; they never echo a secret's value.
 */
export function readAppEnv(env: NodeJS.ProcessEnv = process.env): AppEnv {
  // Empty strings are "unset" (a blank line in .env), as Probot treats them.
  const present = Object.fromEntries(
    Object.entries(env).filter(([, v]) => typeof v === "string" && v !== ""),
  );
  const parsed = envSchema.safeParse(present);
  const problems: string[] = parsed.success
    ? []
    : parsed.error.issues.map((i) => `${i.path.join(".")} ${i.message}`);

  let privateKey = "";
  let keyFrom: AppEnv["keyFrom"] = "PRIVATE_KEY";
  if (present.PRIVATE_KEY) {
    privateKey = normaliseKey(present.PRIVATE_KEY);
    const problem = keyProblem(privateKey);
    if (problem) problems.push(`PRIVATE_KEY ${problem}`);
  } else if (present.PRIVATE_KEY_PATH) {
    keyFrom = "PRIVATE_KEY_PATH";
    try {
      privateKey = normaliseKey(readFileSync(present.PRIVATE_KEY_PATH, "utf8"));
      const problem = keyProblem(privateKey);
      if (problem) problems.push(`PRIVATE_KEY_PATH (${present.PRIVATE_KEY_PATH}) ${problem}`);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? "unreadable";
      problems.push(`PRIVATE_KEY_PATH (${present.PRIVATE_KEY_PATH}) cannot be read (${code})`);
    }
  } else {
    problems.push(
      "PRIVATE_KEY or PRIVATE_KEY_PATH is missing: one of them must hold the App's key",
    );
  }

  if (problems.length > 0 || !parsed.success) {
    throw new AppEnvError(
      `the copperhead App cannot start:\n${problems.map((p) => `  - ${p}`).join("\n")}`,
      "set these in the environment or in .env beside package.json (docs/app.md, 'Running the App'); `npm run setup` creates the App from app.yml and writes them for you",
    );
  }
  return {
    appId: Number(parsed.data.APP_ID),
    keyFrom,
    privateKey,
    webhookSecret: parsed.data.WEBHOOK_SECRET,
    port: Number(parsed.data.PORT ?? 3000),
  };
}
