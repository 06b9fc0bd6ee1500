import { mkdir } from "node:fs/promises";
import { dirname, join } from "node:path";
import { writeAtomic } from "../kicad/draft/write-atomic.js";
import { CONFIG_PATH, type CopperheadConfig, parseConfig } from "./config.js";
import { readOptional } from "./read-optional.js";

/** The config file's own keys, as written (defaults are not written out). */
export type ConfigPatch = Record<string, unknown>;

/**
 * Changes `.copperhead/config.json` through `change`, which gets the file's JSON object as
 * written (an empty object when there is none) and returns the new one. The result is
 * validated before it is written, atomically, so a bad change never reaches the file; keys a
 * person wrote are kept as they are. Returns the validated config.
 */
export async function updateConfig(
  repo: string,
  change: (current: ConfigPatch) => ConfigPatch,
): Promise<CopperheadConfig> {
  const file = join(repo, CONFIG_PATH);
  const text = await readOptional(file);
  // Validates the current file first: a broken config is reported, never overwritten.
  if (text !== undefined) parseConfig(text, CONFIG_PATH);
  const current = text === undefined ? {} : (JSON.parse(text) as ConfigPatch);
  const next = change(structuredClone(current));
  const written = `${JSON.stringify(next, null, 2)}\n`;
  const config = parseConfig(written, CONFIG_PATH);
  if (written !== text) {
    await mkdir(dirname(file), { recursive: true });
    await writeAtomic(file, written);
  }
  return config;
}

/** Sets `paths.<kind>` unless the config already names one; returns the path in force. */
export async function wireDesignPath(
  repo: string,
  kind: "schematic" | "board",
  path: string,
): Promise<string> {
  let inForce = path;
  await updateConfig(repo, (json) => {
    const paths = (json.paths ?? {}) as Record<string, unknown>;
    if (typeof paths[kind] === "string" && paths[kind] !== "") {
      inForce = paths[kind] as string;
      return json;
    }
    return { ...json, paths: { ...paths, [kind]: path } };
  });
  return inForce;
}
