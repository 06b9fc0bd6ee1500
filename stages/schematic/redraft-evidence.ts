import type { Evidence } from "../../engine/flow/evidence.js";
import { readRepoText } from "../../engine/flow/gates/repo-files.js";
import { draftSchematic } from "../../engine/kicad/draft/draft-schematic.js";
import { DEFAULT_INTENT_PATH } from "../../engine/kicad/draft/intent.js";
import { renderIntentFindings } from "../../engine/kicad/draft/intent-finding.js";
import { subsystemGroups } from "../../engine/kicad/draft/subsystem-groups.js";
import { SymbolCatalog } from "../../engine/kicad/library/symbol-catalog.js";
import { isEngineDrafted } from "../../engine/kicad/schematic/engine-stamp.js";
import type { CopperheadConfig } from "../../engine/repo/config.js";

const check = "intent-redraft";

/** Where two texts first differ, as "line N". */
function firstDifference(a: string, b: string): number {
  const x = a.split("\n");
  const y = b.split("\n");
  let i = 0;
  while (i < x.length && x[i] === y[i]) i++;
  return i + 1;
}

/**
 * The sheet is exactly what a fresh draft of `hardware/schematic.intent.json` gives, with the
 * same inputs draft_schematic uses (the installed libraries, SUBSYSTEMS.md's groups, BOM.md):
 * a drafted sheet edited by hand, or an intent changed without a redraft, fails. A sheet a
 * person drew (not copperhead-stamped) with no intent beside it has nothing to compare.
 */
export async function redraftEvidence(
  repo: string,
  sheet: { absolute: string; relative: string },
  config: CopperheadConfig,
  env: NodeJS.ProcessEnv = process.env,
): Promise<Evidence> {
  // Read only as regular files inside the repository (UnsafeDesignError otherwise: runGate).
  const onDisk = (await readRepoText(repo, sheet.relative)) ?? "";
  const intentText = await readRepoText(repo, DEFAULT_INTENT_PATH);
  if (intentText === undefined) {
    return isEngineDrafted(onDisk)
      ? {
          check,
          ok: false,
          detail: `${sheet.relative} is copperhead-drafted but ${DEFAULT_INTENT_PATH} is missing: write the intent and call draft_schematic`,
        }
      : {
          check,
          ok: true,
          detail: `${sheet.relative} is drawn by a person (no intent to redraft)`,
        };
  }
  let intent: unknown;
  try {
    intent = JSON.parse(intentText);
  } catch (error) {
    return {
      check,
      ok: false,
      detail: `${DEFAULT_INTENT_PATH} is not valid JSON (${(error as Error).message})`,
    };
  }
  const docs = config.paths.docs;
  const subsystems = await readRepoText(repo, `${docs}/SUBSYSTEMS.md`);
  const drafted = await draftSchematic({
    intent,
    sheetPath: sheet.absolute,
    catalog: SymbolCatalog.fromEnv(env),
    subsystems: subsystems === undefined ? undefined : subsystemGroups(subsystems),
    bom: await readRepoText(repo, `${docs}/BOM.md`),
  });
  if (!drafted.ok) {
    const findings = renderIntentFindings(drafted.findings).split("\n").slice(0, 4).join(" ");
    return { check, ok: false, detail: `${DEFAULT_INTENT_PATH} does not draft: ${findings}` };
  }
  if (drafted.files.sheet.text !== onDisk) {
    return {
      check,
      ok: false,
      detail: `${sheet.relative} differs from a fresh draft of ${DEFAULT_INTENT_PATH} (from line ${firstDifference(onDisk, drafted.files.sheet.text)}): change the intent and call draft_schematic, never edit the drafted sheet`,
    };
  }
  return {
    check,
    ok: true,
    detail: `${sheet.relative} is byte-identical to a fresh draft of ${DEFAULT_INTENT_PATH}`,
  };
}
