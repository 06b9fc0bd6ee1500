import { mkdir } from "node:fs/promises";
import { dirname, join } from "node:path";
import { atomicWrite } from "../agent/tools/atomic-write.js";
import { BRIEF_PATH } from "../flow/graph.js";
import { CONFIG_PATH, parseConfig } from "../repo/config.js";
import { readOptional } from "../repo/read-optional.js";

/** `# USB-C 5V power breakout` → `usb-c-5v-power-breakout`; no usable title → `board`. */
export function designSlug(brief: string | undefined): string {
  const title = /^#\s+(.+?)\s*#*\s*$/m.exec(brief ?? "")?.[1] ?? "";
  const slug = title
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 48)
    .replace(/-+$/, "");
  return slug === "" ? "board" : slug;
}

/**
 * Before the schematic stage's agent can draft, the config must say where the design lives:
 * `paths.schematic` under `hardware/`, named after the brief's title.
 * Paths a person (or an earlier attempt) set are kept; the rest of the config is kept as it is.
 * The sheet's folder is made. Returns the schematic path in force. Idempotent, so it runs
 * before every attempt.
 */
export async function wireDesignPaths(repo: string): Promise<string> {
  const text = await readOptional(join(repo, CONFIG_PATH));
  // Validated first: a broken config is refused with its own message, never overwritten.
  const config = parseConfig(text ?? "{}", CONFIG_PATH);
  if (config.paths.schematic) {
    await mkdir(dirname(join(repo, config.paths.schematic)), { recursive: true });
    return config.paths.schematic;
  }
  const slug = designSlug(await readOptional(join(repo, BRIEF_PATH)));
  const raw = JSON.parse(text ?? "{}") as { paths?: Record<string, unknown> };
  const schematic = `hardware/${slug}.kicad_sch`;
  // The board is the layout stage's to wire: a configured board that does not exist yet fails
  // every check of the project.
  raw.paths = { ...raw.paths, schematic };
  await atomicWrite(join(repo, CONFIG_PATH), `${JSON.stringify(raw, null, 2)}\n`);
  // The drafter writes the sheet and its project files into the folder; it must exist.
  await mkdir(join(repo, "hardware"), { recursive: true });
  return schematic;
}
