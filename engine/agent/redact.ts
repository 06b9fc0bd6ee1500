/**
 * The one redactor: everything copperhead writes where other people read it goes through it —
 * transcripts, the response cache, progress, every line the CLI prints (always, not only in
 * CI), job summaries and outcome.json (redactText / redactJson). Two sources: the values of
 * environment variables whose names look secret, and token shapes that are secret wherever
 * they appear (docs/security.md lists both).
 */

/** Names whose values are secrets wherever they turn up. */
const SECRET_NAME = /KEY|TOKEN|SECRET|PASSWORD|PASSWD|PASSPHRASE|PRIVATE|CREDENTIAL/i;

/**
 * Secrets copperhead's own setups carry, by name (the pattern above covers them too; listed so
 * a rename of the pattern cannot drop them).
 */
export const KNOWN_SECRET_VARIABLES = [
  "ANTHROPIC_API_KEY",
  "ANTHROPIC_AUTH_TOKEN",
  "GITHUB_TOKEN",
  "GH_TOKEN",
  "COPPERHEAD_APP_PRIVATE_KEY",
  "COPPERHEAD_WEBHOOK_SECRET",
  "ACTIONS_RUNTIME_TOKEN",
  "ACTIONS_ID_TOKEN_REQUEST_TOKEN",
  "NPM_TOKEN",
  "NODE_AUTH_TOKEN",
] as const;

// Short values ("1", "true") would redact half the transcript; real secrets are longer.
const MIN_SECRET_LENGTH = 8;

const PEM_LABEL = "-----(?:BEGIN|END) [A-Z0-9 ]*PRIVATE KEY[A-Z0-9 ]*-----";

/** Token shapes: secret wherever they appear, whoever's they are. */
const PATTERNS: readonly RegExp[] = [
  /sk-ant-[A-Za-z0-9_-]{8,}/g,
  /\bgh[pousr]_[A-Za-z0-9]{20,}/g,
  /\bgithub_pat_[A-Za-z0-9_]{20,}/g,
  /\bnpm_[A-Za-z0-9]{36}\b/g,
  /\bAKIA[0-9A-Z]{16}\b/g,
  // A PEM private key, whole; and one cut short (a truncated message keeps its tail secret).
  new RegExp(
    `${PEM_LABEL.replace("BEGIN|END", "BEGIN")}[\\s\\S]*?${PEM_LABEL.replace("BEGIN|END", "END")}`,
    "g",
  ),
  new RegExp(`${PEM_LABEL.replace("BEGIN|END", "BEGIN")}[\\s\\S]*$`, "g"),
];

/** Shapes where only part of the match is the secret: the prefix stays, for the reader. */
const PREFIXED: ReadonlyArray<readonly [RegExp, number]> = [
  // `Authorization: basic …` (actions/checkout's extraheader), `Bearer …`, `token …`.
  [/(authorization:\s*(?:basic|bearer|token)\s+)[A-Za-z0-9+/=._~-]{8,}/gi, 1],
  // Credentials in a URL: https://user:password@host.
  [/(\/\/[^/\s:@]+:)[^@\s/]{4,}(?=@)/g, 1],
];

export const REDACTED = "[REDACTED]";

export interface Redactor {
  redact(text: string): string;
  containsSecret(text: string): boolean;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * The secret values of an environment, each also in its JSON-escaped form (transcript lines
 * are redacted after serialization) and, for a multi-line value (a PEM key in a variable),
 * line by line, so a message that prints one line of it is still caught.
 */
function secretValues(env: NodeJS.ProcessEnv): string[] {
  const values = new Set<string>();
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined || !SECRET_NAME.test(name)) continue;
    const pieces = [value, ...value.split(/\r?\n/).map((line) => line.trim())];
    for (const piece of pieces) {
      if (piece.length < MIN_SECRET_LENGTH) continue;
      values.add(piece);
      values.add(JSON.stringify(piece).slice(1, -1));
    }
  }
  // Longest first so a secret containing another is replaced whole.
  return [...values].sort((a, b) => b.length - a.length);
}

/** A redactor for this environment's secrets. */
export function createRedactor(env: NodeJS.ProcessEnv): Redactor {
  const values = secretValues(env);
  const envPattern =
    values.length > 0 ? new RegExp(values.map(escapeRegExp).join("|"), "g") : undefined;
  const all = envPattern ? [envPattern, ...PATTERNS] : PATTERNS;
  return {
    redact(text) {
      let out = text;
      for (const pattern of all) out = out.replace(pattern, REDACTED);
      for (const [pattern] of PREFIXED) out = out.replace(pattern, `$1${REDACTED}`);
      return out;
    },
    containsSecret(text) {
      const hit = (pattern: RegExp) => {
        pattern.lastIndex = 0;
        return pattern.test(text);
      };
      return all.some(hit) || PREFIXED.some(([pattern]) => hit(pattern));
    },
  };
}

// One redactor per environment state: building it is a regex over every secret, and faces
// call redactText line by line.
let cached: { env: NodeJS.ProcessEnv; key: string; redactor: Redactor } | undefined;

function redactorFor(env: NodeJS.ProcessEnv): Redactor {
  const key = secretValues(env).join("\u0000");
  if (cached?.env !== env || cached.key !== key) {
    cached = { env, key, redactor: createRedactor(env) };
  }
  return cached.redactor;
}

/** `text` with every secret of `env` and every token shape replaced by [REDACTED]. */
export function redactText(text: string, env: NodeJS.ProcessEnv = process.env): string {
  return redactorFor(env).redact(text);
}

/**
 * A JSON value (an outcome, a job summary's data, an event) with every string in it — keys
 * too — redacted; numbers, booleans and null pass through. Returns a copy of the same shape.
 */
export function redactJson<T>(value: T, env: NodeJS.ProcessEnv = process.env): T {
  const redactor = redactorFor(env);
  const walk = (item: unknown): unknown => {
    if (typeof item === "string") return redactor.redact(item);
    if (Array.isArray(item)) return item.map(walk);
    if (item !== null && typeof item === "object") {
      const out: Record<string, unknown> = {};
      for (const [key, inner] of Object.entries(item)) out[redactor.redact(key)] = walk(inner);
      return out;
    }
    return item;
  };
  return walk(value) as T;
}
