import { z } from "zod";

/** Something the layout could not do, or did with a compromise a reviewer should see. */
export const layoutFindingSchema = z.object({
  kind: z.enum([
    "footprint-missing",
    "footprint-unknown",
    "pin-without-pad",
    "does-not-fit",
    "decoupling-far",
    "connector-off-edge",
    "reference-hidden",
  ]),
  severity: z.enum(["error", "warning", "advisory"]),
  refs: z.array(z.string()),
  detail: z.string(),
  /** Real footprints close to a wrong name, best first. */
  suggestions: z.array(z.string()).optional(),
});

export type LayoutFinding = z.infer<typeof layoutFindingSchema>;

/** Numbered, one per line, as the CLI and the agent tool show them. */
export function renderLayoutFindings(findings: readonly LayoutFinding[]): string {
  if (findings.length === 0) return "layout: no findings";
  const lines = [`layout: ${findings.length} finding(s):`];
  findings.forEach((f, i) => {
    const refs = f.refs.length > 0 ? ` [${f.refs.join(", ")}]` : "";
    lines.push(`  ${i + 1}. ${f.severity} ${f.kind}${refs}: ${f.detail}`);
  });
  return lines.join("\n");
}
