import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CopperheadError, describeError } from "../../engine/errors.js";
import type { Evidence } from "../../engine/flow/evidence.js";
import { filesMatching } from "../../engine/flow/gates/repo-files.js";
import type { StageContext } from "../../engine/flow/stage.js";
import { type Exported, exportInto } from "./export-outputs.js";
import { MANIFEST, OUTPUTS_DIR, readManifest, sizeOf } from "./manifest.js";
import { ARTIFACTS, outputsChecks } from "./stage.js";

/** Runs the export the way the stage does, into a scratch folder. */
async function regenerate(
  repo: string,
  env: NodeJS.ProcessEnv,
): Promise<{ dir: string; exported: Exported }> {
  const scratch = await mkdtemp(join(env.TMPDIR || tmpdir(), "copperhead-outputs-gate-"));
  try {
    const dir = join(scratch, "outputs");
    return { dir, exported: await exportInto(repo, dir, env) };
  } catch (error) {
    await rm(scratch, { recursive: true, force: true });
    throw error;
  }
}

/**
 * outputs/ holds, non-empty, every artifact a fab, an assembler and a reviewer need (gerbers
 * and job file, drill files and maps, DXF outline, STEP, SVG and PNG renders of the schematic
 * and the board, the position file, the ordering BOM, JLCPCB/DigiKey/Mouser BOMs and JLCPCB's
 * placement file), and exporting the board again gives exactly those bytes — no file more, none
 * less, none changed.
 */
export async function outputsGate(
  { repo }: Pick<StageContext, "repo">,
  env: NodeJS.ProcessEnv = process.env,
): Promise<Evidence[]> {
  // Nothing exported yet: say so without exporting (an init repo, a fresh checkout).
  if (!(await readManifest(repo))) {
    const detail = `${OUTPUTS_DIR}/${MANIFEST} is missing: the outputs stage has not exported this design`;
    return outputsChecks.map((check) => ({ check, ok: false, detail }));
  }
  let fresh: { dir: string; exported: Exported };
  try {
    fresh = await regenerate(repo, env);
  } catch (error) {
    if (!(error instanceof CopperheadError)) throw error;
    return outputsChecks.map((check) => ({ check, ok: false, detail: describeError(error) }));
  }
  try {
    const live = join(repo, OUTPUTS_DIR);
    const evidence: Evidence[] = [];
    for (const [check, kinds] of ARTIFACTS) {
      const wanted = fresh.exported.files.filter((f) => kinds.includes(f.kind));
      const sizes = await Promise.all(wanted.map((f) => sizeOf(join(live, f.path))));
      const missing = wanted.filter((_, i) => sizes[i] === undefined).map((f) => f.path);
      const empty = wanted.filter((_, i) => sizes[i] === 0).map((f) => f.path);
      const absentKinds = kinds.filter((k) => !wanted.some((f) => f.kind === k));
      evidence.push(
        absentKinds.length > 0
          ? { check, ok: false, detail: `the export produced no ${absentKinds.join(" or ")} file` }
          : missing.length + empty.length > 0
            ? {
                check,
                ok: false,
                detail: `${missing.length > 0 ? `missing from outputs/: ${missing.slice(0, 4).join(", ")}` : ""}${missing.length > 0 && empty.length > 0 ? "; " : ""}${empty.length > 0 ? `empty: ${empty.slice(0, 4).join(", ")}` : ""}`,
              }
            : {
                check,
                ok: true,
                detail: `${wanted.length} file(s): ${wanted
                  .map((f) => f.path)
                  .slice(0, 3)
                  .join(", ")}${wanted.length > 3 ? ", …" : ""}`,
              },
      );
    }
    evidence.push(await reproducible(repo, fresh));
    return evidence;
  } finally {
    await rm(join(fresh.dir, ".."), { recursive: true, force: true });
  }
}

async function reproducible(
  repo: string,
  fresh: { dir: string; exported: Exported },
): Promise<Evidence> {
  const check = "outputs-reproducible";
  const expected = [...fresh.exported.files.map((f) => f.path), MANIFEST].sort();
  const onDisk = (await filesMatching(repo, `${OUTPUTS_DIR}/`)).map((f) =>
    f.path.slice(OUTPUTS_DIR.length + 1),
  );
  const extra = onDisk.filter((p) => !expected.includes(p));
  const differing: string[] = [];
  for (const path of expected) {
    const [a, b] = await Promise.all([
      readFile(join(repo, OUTPUTS_DIR, path)).catch(() => undefined),
      readFile(join(fresh.dir, path)),
    ]);
    if (!a?.equals(b)) differing.push(path);
  }
  if (extra.length + differing.length === 0) {
    return {
      check,
      ok: true,
      detail: `a fresh export of ${fresh.exported.manifest.board} gives the same ${expected.length} files, byte for byte`,
    };
  }
  const parts = [
    differing.length > 0
      ? `${differing.length} file(s) differ from a fresh export (${differing.slice(0, 3).join(", ")})`
      : "",
    extra.length > 0
      ? `${extra.length} file(s) the export does not make (${extra.slice(0, 3).join(", ")})`
      : "",
  ].filter(Boolean);
  return {
    check,
    ok: false,
    detail: `${parts.join("; ")}: run the outputs stage again on the committed board`,
  };
}
