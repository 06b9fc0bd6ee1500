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
