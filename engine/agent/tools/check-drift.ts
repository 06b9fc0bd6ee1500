import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { z } from "zod";
import { driftDesignOf } from "../../check/drift-design.js";
import { checkDrift } from "../../kicad/drift/check-drift.js";
import type { DriftDocument } from "../../kicad/drift/drift-document.js";
import { renderDrift } from "../../kicad/drift/render-drift.js";
import { netlist } from "../../kicad/schematic/netlist/netlist.js";
import { readConfig } from "../../repo/config.js";
import { configuredHierarchy } from "./configured-design.js";
import { defineTool } from "./define-tool.js";
import { facts } from "./tool-facts.js";

/**
 * check_drift: docs/BOM.md and docs/PINOUT.md against the configured schematic and its netlist.
 * With no schematic, or no documents, there is nothing that can drift: vacuously clean.
 */
export const checkDriftTool = defineTool({
  name: "check_drift",
  description:
    "Compare docs/BOM.md and docs/PINOUT.md with the configured schematic (parts, values, footprints, MPNs, pin nets). Returns 'drift: clean' or each mismatch with the line to fix.",
  schema: z.object({}),
  mutating: false,
  async run(_args, context) {
    const config = await readConfig(context.repo);
    const design = await configuredHierarchy(context, config);
    if (!design) {
      return {
        ok: true,
        summary: "drift: clean (no schematic configured)",
        detail:
          "no schematic is configured, so the documents cannot drift from it yet: drift: clean.",
        facts: facts.drift(0),
      };
    }
    const read = async (name: string): Promise<DriftDocument | undefined> => {
      const path = `${config.paths.docs}/${name}`;
      const text = await readFile(join(context.repo, path), "utf8").catch(() => undefined);
      return text === undefined ? undefined : { path, text };
    };
    const [bom, pinout] = await Promise.all([read("BOM.md"), read("PINOUT.md")]);
    if (!bom && !pinout) {
      return {
        ok: true,
        summary: "drift: clean (no BOM.md or PINOUT.md)",
        detail: `there is no ${config.paths.docs}/BOM.md or ${config.paths.docs}/PINOUT.md to compare: drift: clean.`,
        facts: facts.drift(0),
      };
    }
    const findings = checkDrift({
      ...(bom ? { bom } : {}),
      ...(pinout ? { pinout } : {}),
      design: driftDesignOf(design.hierarchy, netlist(design.hierarchy)),
    });
    const documents = [bom, pinout].flatMap((d) => (d ? [d.path] : [])).join(" and ");
    if (findings.length === 0) {
      return {
        ok: true,
        summary: "drift: clean",
        detail: `drift: clean (${documents} agree with ${design.file.relative}).`,
        facts: facts.drift(0),
      };
    }
    return {
      ok: false,
      errorKind: "check-failed",
      summary: `drift: ${findings.length} mismatch(es)`,
      detail: renderDrift(findings),
      facts: facts.drift(findings.length),
    };
  },
});
