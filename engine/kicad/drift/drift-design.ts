import { z } from "zod";

/**
 * What drift compares the documents against: the schematic's symbols and the netlist, as plain
 * data. The schematic views and the netlister produce it; drift never reads KiCad files itself.
 */
export const driftSymbolSchema = z.object({
  ref: z.string(),
  value: z.string(),
  /** `Lib:Name` as KiCad stores it; "" or absent when unset. */
  footprint: z.string().optional(),
  /** Every other field by name (MPN, Manufacturer, …). */
  fields: z.record(z.string(), z.string()).optional(),
  dnp: z.boolean().optional(),
  /** False for symbols excluded from the BOM (`in_bom no`); they need no BOM row. */
  inBom: z.boolean().optional(),
  /**
   * The symbol's pins, when known: lets PINOUT rows name unconnected pins and tells a wrong pin
   * number from a pin the netlist simply has no net for.
   */
  pins: z.array(z.object({ number: z.string(), name: z.string().optional() })).optional(),
});

export const driftNetSchema = z.object({
  /** As the netlister names it: "GND", "/SDA", "Net-(R1-Pad2)", "unconnected-(U1-PA3-Pad5)". */
  name: z.string(),
  members: z.array(z.object({ ref: z.string(), pin: z.string(), pinName: z.string().optional() })),
});

export const driftDesignSchema = z.object({
  symbols: z.array(driftSymbolSchema),
  nets: z.array(driftNetSchema),
});

export type DriftSymbol = z.infer<typeof driftSymbolSchema>;
export type DriftNet = z.infer<typeof driftNetSchema>;
export type DriftDesign = z.infer<typeof driftDesignSchema>;
