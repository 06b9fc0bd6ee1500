import { z } from "zod";
import { netlist } from "../../kicad/schematic/netlist/netlist.js";
import { configuredHierarchy, noDesignResult } from "./configured-design.js";
import { defineTool } from "./define-tool.js";

/** Nets listed at most; a big design's netlist would swamp a turn. */
const NET_CAP = 400;

/** list_nets: the configured schematic's nets as KiCad names them, with their pins (`R1.2`). */
export const listNetsTool = defineTool({
  name: "list_nets",
  description:
    "List the nets of the configured schematic as KiCad names them, each with its pins (`REF.PIN`). Computed by copperhead's KiCad-compatible netlister over the whole hierarchy.",
  schema: z.object({}),
  mutating: false,
  async run(_args, context) {
    const design = await configuredHierarchy(context);
    if (!design) return noDesignResult("list_nets", "schematic");
    const nets = netlist(design.hierarchy).nets;
    const lines = nets.slice(0, NET_CAP).map((net) => {
      const pins = net.nodes.map((n) => `${n.ref}.${n.pin}${n.pinName ? `(${n.pinName})` : ""}`);
      return `${net.name}: ${pins.join(" ")}`;
    });
    const more = nets.length > NET_CAP ? `\n… ${nets.length - NET_CAP} more net(s) not shown` : "";
    return {
      ok: true,
      summary: `${nets.length} net(s) on ${design.file.relative}`,
      detail: `${lines.join("\n")}${more}`,
    };
  },
});
