import type { LayoutNet } from "../layout-input.js";

/**
 * The board's design rules: what a cheap two-layer fab accepts (0.2 mm track and clearance,
 * 0.127 mm necks at fine-pitch pads, 0.6/0.3 mm vias, 0.3 mm copper to the edge) and a wider track for power and ground nets.
 */
export interface DesignRules {
  readonly clearance: number;
  readonly trackWidth: number;
  /**
   * The finest track the fab takes, written as the board's minimum: the router narrows a track
   * to it only for the escape from a fine-pitch pad the net-class width cannot reach.
   */
  readonly minTrackWidth: number;
  readonly viaDiameter: number;
  readonly viaDrill: number;
  readonly edgeClearance: number;
  readonly holeClearance: number;
  readonly holeToHole: number;
  /** Track width of the Power class (power and ground nets). */
  readonly powerTrackWidth: number;
  /**
   * Thermal-relief spokes a pad needs into the pour. KiCad's default is two, which the inner pins
   * of a dense through-hole connector cannot get (their neighbours block every side but one).
   */
  readonly minThermalSpokes: number;
}

export const DEFAULT_RULES: DesignRules = {
  clearance: 0.2,
  trackWidth: 0.2,
  minTrackWidth: 0.127,
  viaDiameter: 0.6,
  viaDrill: 0.3,
  edgeClearance: 0.3,
  holeClearance: 0.25,
  holeToHole: 0.25,
  powerTrackWidth: 0.4,
  minThermalSpokes: 1,
};

export interface NetClass {
  readonly name: string;
  readonly clearance: number;
  readonly trackWidth: number;
  readonly viaDiameter: number;
  readonly viaDrill: number;
  /** Nets assigned by name (Default takes every other net). */
  readonly nets: readonly string[];
}

/** Default for signals; Power for every net the netlist calls power or ground. */
export function netClasses(
  nets: readonly LayoutNet[],
  rules: DesignRules = DEFAULT_RULES,
): NetClass[] {
  const power = nets
    .filter((n) => n.kind !== "signal")
    .map((n) => n.name)
    .sort();
  const base = {
    clearance: rules.clearance,
    viaDiameter: rules.viaDiameter,
    viaDrill: rules.viaDrill,
  };
  return [
    { name: "Default", ...base, trackWidth: rules.trackWidth, nets: [] },
    { name: "Power", ...base, trackWidth: rules.powerTrackWidth, nets: power },
  ];
}
