import { constants } from "node:fs";
import { access, stat } from "node:fs/promises";
import { extname, resolve } from "node:path";
import { UsageError } from "../../errors.js";
import { fileErrorOf, withPath } from "../../file-error.js";
import { checkKicadFileSize, type KicadFileKind, legacyExtensionError } from "../kicad-file.js";

export type { KicadFileKind };

const EXTENSIONS: Record<string, KicadFileKind> = {
  ".kicad_sch": "schematic",
  ".kicad_pcb": "board",
};

/**
 * An existing .kicad_sch/.kicad_pcb as an absolute path, or a UsageError saying what is wrong.
 * Checked before kicad-cli runs because kicad-cli answers a missing file, a folder and a
 * wrong extension all with the same "Failed to load" (rc 3).
 */
export async function resolveInput(
  path: string,
  accept: readonly KicadFileKind[],
): Promise<{ path: string; kind: KicadFileKind }> {
  const wanted = accept.map((kind) => (kind === "schematic" ? ".kicad_sch" : ".kicad_pcb"));
  const kind = EXTENSIONS[extname(path)];
  const legacy = legacyExtensionError(path);
  if (legacy && (await stat(path).catch(() => undefined))?.isFile()) throw legacy;
  if (!kind || !accept.includes(kind)) {
    throw new UsageError(
      `${path} is not a ${wanted.join(" or ")} file`,
      `pass a path ending in ${wanted.join(" or ")} (kicad-cli decides the format by the extension)`,
    );
  }
  const absolute = resolve(path);
  const info = await stat(absolute).catch(() => undefined);
  if (!info?.isFile()) {
    throw new UsageError(`${path} does not exist or is not a file`, "check the path");
  }
  await checkKicadFileSize(absolute, kind);
  // kicad-cli says only "failed to load" for a file it may not read: say it here.
  await access(absolute, constants.R_OK).catch((error: unknown) => {
    throw fileErrorOf(withPath(error, absolute)) ?? error;
  });
  return { path: absolute, kind };
}
