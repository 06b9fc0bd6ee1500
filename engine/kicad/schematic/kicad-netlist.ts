import { z } from "zod";
import { CopperheadError, type ErrorCategory } from "../../errors.js";
import { child, children, childText, headOf, type SList } from "../sexp/node.js";
import { parseSexp } from "../sexp/parse.js";

const nodeSchema = z.object({
  ref: z.string(),
  pin: z.string(),
  pinfunction: z.string().optional(),
  /** e.g. `passive`, or `passive+no_connect` for a pin KiCad considers unconnected. */
  pintype: z.string().optional(),
});

const componentSchema = z.object({
  ref: z.string(),
  value: z.string(),
  footprint: z.string(),
  lib: z.string().optional(),
  part: z.string().optional(),
  /** Human sheet path, e.g. `/` or `/power/`. */
  sheetNames: z.string(),
  /** Symbol uuid(s), as KiCad writes them in `(tstamps …)`. */
  tstamps: z.string(),
  properties: z.record(z.string(), z.string()),
});

const netSchema = z.object({
  code: z.string(),
  name: z.string(),
  class: z.string().optional(),
  nodes: z.array(nodeSchema),
});

const sheetSchema = z.object({
  number: z.string(),
  /** Human path: `/`, `/power/`. */
  name: z.string(),
  /** uuid path below the root: `/` for the root, `/<sheet uuid>/…/` below it. */
  tstamps: z.string(),
});

export const kicadNetlistSchema = z.object({
  tool: z.string().optional(),
  /** The sheet instances of the design, in KiCad's page order. */
  sheets: z.array(sheetSchema),
  components: z.array(componentSchema),
  nets: z.array(netSchema),
});

export type KicadNetlistSheet = z.infer<typeof sheetSchema>;
export type KicadNetlistNode = z.infer<typeof nodeSchema>;
export type KicadNetlistComponent = z.infer<typeof componentSchema>;
export type KicadNetlistNet = z.infer<typeof netSchema>;
export type KicadNetlist = z.infer<typeof kicadNetlistSchema>;

/** kicad-cli output that is not a kicadsexpr netlist. */
export class KicadNetlistError extends CopperheadError {
  static override readonly category: ErrorCategory = "environment";
}

function readComponent(comp: SList) {
  const libsource = child(comp, "libsource");
  const sheetpath = child(comp, "sheetpath");
  const properties: Record<string, string> = {};
  for (const p of children(comp, "property")) {
    const name = childText(p, "name");
    if (name !== undefined) properties[name] = childText(p, "value") ?? "";
  }
  return {
    ref: childText(comp, "ref") ?? "",
    value: childText(comp, "value") ?? "",
    footprint: childText(comp, "footprint") ?? "",
    lib: libsource ? childText(libsource, "lib") : undefined,
    part: libsource ? childText(libsource, "part") : undefined,
    sheetNames: sheetpath ? (childText(sheetpath, "names") ?? "") : "",
    tstamps: childText(comp, "tstamps") ?? "",
    properties,
  };
}

function readNet(net: SList) {
  return {
    code: childText(net, "code") ?? "",
    name: childText(net, "name") ?? "",
    class: childText(net, "class"),
    nodes: children(net, "node").map((node) => ({
      ref: childText(node, "ref") ?? "",
      pin: childText(node, "pin") ?? "",
      pinfunction: childText(node, "pinfunction"),
      pintype: childText(node, "pintype"),
    })),
  };
}

/**
 * Reads `kicad-cli sch export netlist` output (the default kicadsexpr format) into components
 * and nets. The text is KiCad's, so it is validated with zod like any other external input.
 */
export function parseKicadNetlist(text: string): KicadNetlist {
  const tree = parseSexp(text, { file: "netlist" });
  if (headOf(tree) !== "export") {
    throw new KicadNetlistError(
      `expected a KiCad netlist (export …), found (${headOf(tree) ?? "?"} …)`,
      "export the netlist with `kicad-cli sch export netlist` in the default kicadsexpr format",
    );
  }
  const design = child(tree, "design");
  const parsed = kicadNetlistSchema.safeParse({
    tool: design ? childText(design, "tool") : undefined,
    sheets: children(design ?? tree, "sheet").map((sheet) => ({
      number: childText(sheet, "number") ?? "",
      name: childText(sheet, "name") ?? "",
      tstamps: childText(sheet, "tstamps") ?? "",
    })),
    components: children(child(tree, "components") ?? tree, "comp").map(readComponent),
    nets: children(child(tree, "nets") ?? tree, "net").map(readNet),
  });
  if (!parsed.success) {
    throw new KicadNetlistError(
      `the netlist does not have the expected shape: ${parsed.error.message}`,
      "export the netlist with kicad-cli 9 in the kicadsexpr format",
    );
  }
  return parsed.data;
}
