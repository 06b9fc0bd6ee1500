import { CopperheadError } from "../../../errors.js";
import type { DesignRules, NetClass } from "./design-rules.js";

/** A `.kicad_pro` that is not JSON: never overwritten, so a person's settings are never lost. */
export class ProjectFileError extends CopperheadError {}

type Json = Record<string, unknown>;

function object(value: unknown): Json {
  return value !== null && typeof value === "object" && !Array.isArray(value)
    ? (value as Json)
    : {};
}

/** KiCad writes its JSON keys sorted; so do we, so the file is byte-stable. */
function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (value !== null && typeof value === "object") {
    const out: Json = {};
    for (const key of Object.keys(value as Json).sort()) out[key] = sorted((value as Json)[key]);
    return out;
  }
  return value;
}

function classJson(c: NetClass, priority: number): Json {
  return {
    bus_width: 12,
    clearance: c.clearance,
    diff_pair_gap: 0.25,
    diff_pair_via_gap: 0.25,
    diff_pair_width: 0.2,
    line_style: 0,
    microvia_diameter: 0.3,
    microvia_drill: 0.1,
    name: c.name,
    pcb_color: "rgba(0, 0, 0, 0.000)",
    priority,
    schematic_color: "rgba(0, 0, 0, 0.000)",
    track_width: c.trackWidth,
    via_diameter: c.viaDiameter,
    via_drill: c.viaDrill,
    wire_width: 6,
  };
}

/** KiCad's wildcard patterns treat `*` and `?` specially; a net name holding them is escaped. */
function pattern(net: string): string {
  return /[*?]/.test(net) ? `/^${net.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}$/` : net;
}

/**
 * The project file with copperhead's design rules and net classes merged in: the board minimums
 * (`board.design_settings.rules`), the net classes and their name patterns (`net_settings`).
 * Every other setting a person or KiCad wrote stays as it was. KiCad 9's schema version 3.
 */
export function mergeProjectFile(
  existing: string | undefined,
  file: string,
  rules: DesignRules,
  classes: readonly NetClass[],
): string {
  let root: Json = {};
  if (existing !== undefined && existing.trim() !== "") {
    try {
      root = object(JSON.parse(existing));
    } catch (cause) {
      throw new ProjectFileError(
        `${file} is not valid JSON (${(cause as Error).message})`,
        `fix it (or delete it to start from KiCad's defaults); copperhead merges its design rules into it and never replaces a file it cannot read`,
        { cause },
      );
    }
  }
  const board = object(root.board);
  const settings = object(board.design_settings);
  settings.rules = {
    ...object(settings.rules),
    min_clearance: rules.clearance,
    min_copper_edge_clearance: rules.edgeClearance,
    min_hole_clearance: rules.holeClearance,
    min_hole_to_hole: rules.holeToHole,
    min_resolved_spokes: rules.minThermalSpokes,
    min_through_hole_diameter: rules.viaDrill,
    min_track_width: rules.minTrackWidth,
    min_via_annular_width: Math.round(((rules.viaDiameter - rules.viaDrill) / 2) * 1e6) / 1e6,
    min_via_diameter: rules.viaDiameter,
  };
  board.design_settings = settings;
  root.board = board;
  const net = object(root.net_settings);
  net.classes = classes.map((c, i) => classJson(c, c.name === "Default" ? 2147483647 : i));
  net.meta = { version: 4 };
  net.netclass_patterns = classes.flatMap((c) =>
    c.nets.map((n) => ({ netclass: c.name, pattern: pattern(n) })),
  );
  root.net_settings = net;
  const meta = object(root.meta);
  root.meta = { ...meta, version: 3 };
  return `${JSON.stringify(sorted(root), null, 2)}\n`;
}
