import { readFile } from "node:fs/promises";
import { KicadCliError } from "./errors.js";
import type { KicadRun } from "./run-kicad-cli.js";

/**
 * Reads the JSON report kicad-cli wrote with `-o` (never stdout: a first run in a fresh config
 * glues a CvPcb notice onto it) and hands it to `read`. A missing or unreadable report is a
 * KicadCliError, since kicad-cli said it succeeded.
 */
export async function readReport<T>(
  path: string,
  run: KicadRun,
  read: (json: unknown) => T,
): Promise<T> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    throw new KicadCliError(
      "kicad-cli exited 0 but wrote no report",
      "rerun the command below by hand; the kicad-cli build may be broken",
      run,
      { cause: error },
    );
  }
  try {
    return read(JSON.parse(text));
  } catch (error) {
    const reason = error instanceof Error ? error.message.split("\n")[0] : String(error);
    throw new KicadCliError(
      `kicad-cli wrote a report copperhead cannot read (${reason})`,
      "report this with the kicad-cli version; the JSON format may have changed",
      run,
      { cause: error },
    );
  }
}
