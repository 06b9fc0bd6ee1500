import { createRedactor } from "../redact.js";
import { rejectReplacementCharacter } from "./confine.js";
import { ToolError } from "./tool-error.js";

/**
 * The checks every text a tool writes into the repo passes: no U+FFFD (a lost character), and
 * no secret — an environment secret's value or a token shape (what the transcript redacts), so
 * a key can never be committed to a hardware repo through a tool.
 */
export function checkContent(text: string, field: string, env: NodeJS.ProcessEnv): void {
  rejectReplacementCharacter(text, field);
  if (createRedactor(env).containsSecret(text)) {
    throw new ToolError(
      "refused",
      `${field} contains a secret (an API key, token or private key); it was not written`,
      "remove the secret; reference it by its environment variable name instead",
    );
  }
}
