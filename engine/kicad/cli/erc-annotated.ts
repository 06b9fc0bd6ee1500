import { checkAnnotation } from "../schematic/annotation.js";
import { loadSchematicHierarchy, type SchematicHierarchy } from "../schematic/hierarchy.js";
import { type ErcOptions, type ErcResult, erc } from "./erc.js";
import { withFindings } from "./with-findings.js";

/**
 * ERC as copperhead reports it: kicad-cli's findings plus the annotation check kicad-cli's ERC
 * lacks (unannotated and duplicate references, which would otherwise silently merge parts in
 * the netlist). Pass an already-loaded hierarchy of the same root to avoid reading it twice.
 */
export async function ercAnnotated(
  schPath: string,
  options: ErcOptions & { hierarchy?: SchematicHierarchy } = {},
): Promise<ErcResult> {
  const result = await erc(schPath, options);
  // A refused design was not read: there is nothing to annotate.
  if (result.refused) return result;
  const hierarchy =
    options.hierarchy?.rootFile === result.root
      ? options.hierarchy
      : await loadSchematicHierarchy(result.root);
  return withFindings(result, checkAnnotation(hierarchy));
}
