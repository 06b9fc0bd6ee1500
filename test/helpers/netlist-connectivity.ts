import type { KicadNetlist } from "../../engine/kicad/schematic/kicad-netlist.js";

/**
 * Nets as sorted `REF.PIN` sets of the given parts, names aside (a redraft's auto-named nets are
 * named after different pins); nets of two pins or more.
 */
export function connectivity(net: KicadNetlist, refs: ReadonlySet<string>): string[] {
  return net.nets
    .map((n) =>
      n.nodes
        .filter((x) => refs.has(x.ref))
        .map((x) => `${x.ref}.${x.pin}`)
        .sort()
        .join(" "),
    )
    .filter((n) => n.includes(" "))
    .sort();
}
