import { constants } from "node:fs";
import { access, stat } from "node:fs/promises";
import { delimiter, isAbsolute, join, resolve } from "node:path";
import { KicadCliMissingError } from "./errors.js";

const INSTALL_HINT =
  "install KiCad 9 with `sudo scripts/install-kicad.sh` (Debian/Ubuntu), or set COPPERHEAD_KICAD_CLI to the kicad-cli binary";

/**
 * The kicad-cli binary to run: `COPPERHEAD_KICAD_CLI` when set (a missing path there is an
 * error, never a silent fall back to PATH, so a pinned binary is really the one used), else the
 * first executable `kicad-cli` on PATH.
 */
export async function locateKicadCli(env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const pinned = env.COPPERHEAD_KICAD_CLI;
  if (pinned !== undefined && pinned !== "") {
    const path = isAbsolute(pinned) ? pinned : resolve(pinned);
    if (await isExecutableFile(path)) return path;
    throw new KicadCliMissingError(
      `COPPERHEAD_KICAD_CLI is set to ${pinned}, but no executable file is there`,
      "point COPPERHEAD_KICAD_CLI at an existing kicad-cli binary, or unset it to use kicad-cli from PATH",
    );
  }
  for (const dir of (env.PATH ?? "").split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, "kicad-cli");
    if (await isExecutableFile(candidate)) return candidate;
  }
  throw new KicadCliMissingError("kicad-cli was not found on PATH", INSTALL_HINT);
}

async function isExecutableFile(path: string): Promise<boolean> {
  try {
    await access(path, constants.X_OK);
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}
