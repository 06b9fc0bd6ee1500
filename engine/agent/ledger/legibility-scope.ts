import { ENGINE_GENERATOR } from "../../kicad/legibility/layout-from-schematic.js";

/**
 * Whether the legibility obligation may open (seed 000): only in create-origin repos, and only
 * while the configured sheet is copperhead's to regenerate — it still carries copperhead's
 * generator stamp, or it does not exist yet (the scaffold stage 4 writes is copperhead's). A
 * sheet a person re-saved in KiCad gets advisory findings only.
 */
export function legibilityGated(
  origin: string | undefined,
  sheet: { present: boolean; engineAuthored?: boolean | undefined },
): boolean {
  if (origin !== "create") return false;
  if (!sheet.present) return true;
  return sheet.engineAuthored === true;
}

const GENERATOR = /\(\s*generator\s+"?([^")\s]+)"?\s*\)/;

/**
 * True when a .kicad_sch text's generator stamp is exactly copperhead's (scaffold or engine
 * draft): the same rule the legibility checker and the edit guard use, so a look-alike stamp
 * ("copperhead-example") never gates a sheet a person drew.
 */
export function carriesCopperheadStamp(schematicText: string): boolean {
  const head = schematicText.slice(0, 2000);
  const match = GENERATOR.exec(head);
  return match?.[1] === ENGINE_GENERATOR;
}
