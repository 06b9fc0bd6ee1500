import { z } from "zod";
import { readOptional } from "../../../repo/read-optional.js";

const intentParts = z.looseObject({
  parts: z.array(z.looseObject({ ref: z.string(), group: z.string().optional() })),
});

/**
 * Reference → subsystem from the first of `paths` holding a netlist-intent IR (the drafter's
 * `parts[].group`); empty when none does or the file is not an intent. The layout pulls a
 * group's parts together; the schematic itself does not record groups.
 */
export async function intentGroups(paths: readonly string[]): Promise<Map<string, string>> {
  for (const path of paths) {
    const text = await readOptional(path);
    if (text === undefined) continue;
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      continue;
    }
    const parsed = intentParts.safeParse(json);
    if (!parsed.success) continue;
    const out = new Map<string, string>();
    for (const p of parsed.data.parts) if (p.group) out.set(p.ref, p.group);
    return out;
  }
  return new Map();
}
