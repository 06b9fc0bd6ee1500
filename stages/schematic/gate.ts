import { CopperheadError, describeError } from "../../engine/errors.js";
import type { Evidence } from "../../engine/flow/evidence.js";
import { designTarget } from "../../engine/flow/gates/design-target.js";
import { nonEmptyFile } from "../../engine/flow/gates/file-evidence.js";
import { kicadEvidence } from "../../engine/flow/gates/kicad-evidence.js";
import type { StageContext } from "../../engine/flow/stage.js";
import { findRootSheet } from "../../engine/kicad/cli/root-sheet.js";
import { annotationOf, loadSchematicHierarchy } from "../../engine/kicad/schematic/hierarchy.js";
import { isUntouchedScaffold } from "../../engine/repo/scaffold/scaffold-record.js";
import { redraftEvidence } from "./redraft-evidence.js";

/** PINOUT.md exists, is not empty and is not `copperhead init`'s scaffold nobody reviewed. */
async function pinoutPresent(repo: string, path: string): Promise<Evidence> {
  const present = await nonEmptyFile(repo, path, "pinout-present");
  if (present.ok && (await isUntouchedScaffold(repo, path))) {
    return {
      check: "pinout-present",
      ok: false,
      detail: `${path} is copperhead init's scaffold, unreviewed: check every row against the design and add your notes`,
    };
  }
  return present;
}

async function symbolsPlaced(schematic: string): Promise<Evidence> {
  const check = "symbols-placed";
  try {
    const hierarchy = await loadSchematicHierarchy(await findRootSheet(schematic));
    const refs = new Set<string>();
    for (const instance of hierarchy.instances)
      for (const symbol of instance.schematic.symbols) {
        const { reference } = annotationOf(hierarchy, instance, symbol);
        if (!symbol.power && !reference.startsWith("#")) refs.add(reference);
      }
    return refs.size > 0
      ? {
          check,
          ok: true,
          detail: `${refs.size} part(s) placed on ${hierarchy.instances.length} sheet(s)`,
        }
      : {
          check,
          ok: false,
          detail: "the schematic places no part (an empty sheet passes ERC; it is not a design)",
        };
  } catch (error) {
    if (!(error instanceof CopperheadError)) throw error;
    return { check, ok: false, detail: describeError(error) };
  }
}

/**
 * The sheet and PINOUT.md exist and the sheet places parts; the project passes what
 * `copperhead check` demands of a schematic (kicad-cli ERC clean, errors and warnings; no
 * error-severity legibility finding on a copperhead-drafted sheet of a create repo; BOM and
 * PINOUT without drift); and a drafted sheet is exactly a fresh draft of its intent.
 */
export async function schematicGate(context: StageContext): Promise<Evidence[]> {
  const { repo } = context;
  const target = await designTarget(repo);
  const pinout = await pinoutPresent(repo, `${context.config.paths.docs}/PINOUT.md`);
  if (!target.ok || !target.schematic) {
    const detail = target.ok
      ? "no schematic: a .kicad_pro with its .kicad_sch in the repo root or hardware/, or paths.schematic in .copperhead/config.json"
      : target.detail;
    return [{ check: "schematic-files", ok: false, detail }, pinout];
  }
  const sheet = target.schematic;
  const files = await nonEmptyFile(repo, sheet.relative, "schematic-files");
  // KiCad runs only on a sheet that has bytes: an empty scaffold fails fast.
  if (!files.ok) return [files, pinout];
  const [placed, kicad, redraft] = await Promise.all([
    symbolsPlaced(sheet.absolute),
    kicadEvidence(context, ["erc-clean", "legibility-clean", "drift-clean"]),
    redraftEvidence(repo, sheet, context.config),
  ]);
  return [files, pinout, placed, ...kicad, redraft];
}
