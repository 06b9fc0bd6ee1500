import { FootprintCatalog } from "../../engine/kicad/layout/library/footprint-catalog.js";

export type FootprintAnswer = { ok: true; libId: string } | { ok: false; message: string };

/**
 * Whether a BOM's footprint exists in the installed KiCad libraries: `Library:Name` (the
 * layout engine's own catalog answers, so a part the parts gate accepts is one the layout can
 * place), or a bare name that exactly one library holds (a BOM often says only
 * `R_0603_1608Metric`). A miss names the closest real footprints.
 */
export class FootprintLookup {
  private readonly catalog: FootprintCatalog;

  constructor(env: NodeJS.ProcessEnv) {
    this.catalog = FootprintCatalog.fromEnv(env);
  }

  async resolve(footprint: string): Promise<FootprintAnswer> {
    if (footprint.includes(":")) {
      const found = await this.catalog.resolve(footprint);
      return found.ok ? { ok: true, libId: found.footprint.libId } : found;
    }
    const holders = await this.catalog.holding(footprint);
    if (holders.length === 1) return { ok: true, libId: holders[0] as string };
    if (holders.length > 1) {
      const libraries = holders.map((id) => id.slice(0, id.indexOf(":")));
      return {
        ok: false,
        message: `${footprint} is in ${holders.length} libraries (${libraries.slice(0, 3).join(", ")}): write it as Library:Name`,
      };
    }
    return {
      ok: false,
      message: `${footprint}: no installed library has this footprint; write it as Library:Name of a real footprint`,
    };
  }
}
