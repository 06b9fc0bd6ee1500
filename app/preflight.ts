import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseEnv } from "node:util";
import { describeError } from "../engine/errors.js";
import { AppEnvError, readAppEnv } from "./env.js";

/**
 * `npm start` runs this before `probot run`: without APP_ID or a key Probot would quietly
 * start its setup page instead of the App, and without WEBHOOK_SECRET it would accept
 * deliveries signed with its public development secret. Reads `.env` the way Probot does.
 */
function loadDotEnv(): NodeJS.ProcessEnv {
  try {
    // Probot assigns .env over the process environment; so does this.
    return { ...process.env, ...parseEnv(readFileSync(join(process.cwd(), ".env"), "utf8")) };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return process.env;
    throw error;
  }
}

try {
  const env = readAppEnv(loadDotEnv());
  process.stdout.write(
    `copperhead App ${env.appId}: environment ok (key from ${env.keyFrom}), port ${env.port}\n`,
  );
} catch (error) {
  if (!(error instanceof AppEnvError)) throw error;
  process.stderr.write(`${describeError(error)}\n`);
  process.exitCode = 2;
}
