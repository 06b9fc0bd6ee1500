import { join } from "node:path";
import { parse } from "yaml";
import { readOptional } from "../repo/read-optional.js";
import { parseSettings, SETTINGS_PATH, type Settings, SettingsError } from "./settings.js";

/**
 * `.github/copperhead.yml` of a checkout, validated; the defaults when there is none. YAML
 * that does not parse is a SettingsError naming the line, like a key that does not validate.
 */
export async function readRepoSettings(repo: string): Promise<Settings> {
  const text = await readOptional(join(repo, SETTINGS_PATH));
  if (text === undefined) return parseSettings(null);
  let raw: unknown;
  try {
    raw = parse(text);
  } catch (error) {
    throw new SettingsError(
      `${SETTINGS_PATH} is not valid YAML (${(error as Error).message.split("\n")[0]})`,
      `fix ${SETTINGS_PATH}; every key and its default are listed in docs/app.md`,
    );
  }
  return parseSettings(raw);
}
