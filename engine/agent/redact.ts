/**
 * Secret redaction for everything the agent writes (transcript, cache, progress). Two sources:
 * the values of environment variables whose names look secret, and token shapes that are secret
 * wherever they appear.
 */
const SECRET_NAME = /KEY|TOKEN|SECRET|PASSWORD/i;
// Short values ("1", "true") would redact half the transcript; real secrets are longer.
const MIN_SECRET_LENGTH = 8;

const PATTERNS: RegExp[] = [
  /sk-ant-[A-Za-z0-9_-]{8,}/g,
  /ghp_[A-Za-z0-9]{20,}/g,
  /ghs_[A-Za-z0-9]{20,}/g,
  /github_pat_[A-Za-z0-9_]{20,}/g,
  /-----BEGIN (?:[A-Z]+ )*PRIVATE KEY-----[\s\S]*?-----END (?:[A-Z]+ )*PRIVATE KEY-----/g,
];

export const REDACTED = "[REDACTED]";

export interface Redactor {
  redact(text: string): string;
  containsSecret(text: string): boolean;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** A redactor for this environment's secrets. */
export function createRedactor(env: NodeJS.ProcessEnv): Redactor {
  const values = Object.entries(env)
    .filter(
      ([name, value]) =>
        SECRET_NAME.test(name) && value !== undefined && value.length >= MIN_SECRET_LENGTH,
    )
    // The JSON-escaped form too: transcript lines are redacted after serialization.
    .flatMap(([, value]) => [value as string, JSON.stringify(value).slice(1, -1)])
    // Longest first so a secret containing another is replaced whole.
    .sort((a, b) => b.length - a.length);
  const envPattern =
    values.length > 0 ? new RegExp(values.map(escapeRegExp).join("|"), "g") : undefined;
  const all = envPattern ? [envPattern, ...PATTERNS] : PATTERNS;
  return {
    redact(text) {
      let out = text;
      for (const pattern of all) out = out.replace(pattern, REDACTED);
      return out;
    },
    containsSecret(text) {
      return all.some((pattern) => {
        pattern.lastIndex = 0;
        return pattern.test(text);
      });
    },
  };
}
