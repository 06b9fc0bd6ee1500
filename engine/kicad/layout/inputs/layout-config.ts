import { z } from "zod";

export const EDGES = ["left", "right", "top", "bottom"] as const;
export type Edge = (typeof EDGES)[number];

/**
 * The `layout` section of `.copperhead/config.json`: the board when the spec recorded nothing
 * (constraints.json wins key by key), and the placer's settings. See docs/layout.md.
 */
export const layoutConfigSchema = z
  .strictObject({
    width_mm: z.number().positive().optional(),
    height_mm: z.number().positive().optional(),
    /** `2xM3`: a count and a metric screw size (M3 when only a count is given). */
    mounting_holes: z.union([z.string().min(1), z.number().int().min(0)]).optional(),
    /** Reference → the board edge the connector sits on. */
    edges: z.record(z.string(), z.enum(EDGES)).default({}),
    /** Name → `x,y,w,h` in mm from the board's top-left corner: no parts, no copper there. */
    keepouts: z.record(z.string(), z.string()).default({}),
    /** Part origins snap to this grid, mm. */
    grid_mm: z.number().positive().max(5).default(0.25),
    /** The free gap kept between courtyards, mm (room for a track between neighbours). */
    spacing_mm: z.number().min(0).max(10).default(0.5),
    /** The gap kept between a courtyard and the board edge (connectors on their edge excepted). */
    edge_margin_mm: z.number().min(0).max(10).default(0.5),
    /** A ground pour on B.Cu when the netlist has a ground net. */
    ground_pour: z.boolean().default(true),
  })
  .prefault({});

export type LayoutConfig = z.output<typeof layoutConfigSchema>;
