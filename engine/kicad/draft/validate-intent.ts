import type { z } from "zod";
import { pushAll } from "../../array-ops.js";
import type { SymbolLookup } from "../library/symbol-catalog.js";
import { intentSchema } from "./intent.js";
import type { IntentFinding } from "./intent-finding.js";
import { powerToken } from "./power-token.js";
import type { ResolvedIntent } from "./resolved-intent.js";
import { bomFindings } from "./validate/bom-findings.js";
import { FindingList } from "./validate/finding-list.js";
import { groupOrder } from "./validate/group-order.js";
import { applyPinRules } from "./validate/pin-rules.js";
import { resolveNets } from "./validate/resolve-nets.js";
import { resolveParts } from "./validate/resolve-parts.js";

export interface ValidationContext {
  resolve(libId: string): Promise<SymbolLookup>;
  /** docs/SUBSYSTEMS.md headings, when the project has that file. */
  subsystems?: readonly string[];
  /** docs/BOM.md text, when the project has that file. */
  bom?: string;
  /**
   * Nets that go on in another sheet of a hierarchy (hierarchy/), so one endpoint on this sheet
   * is a whole connection: a power pin whose rail's other pins are drawn elsewhere.
   */
  continuedNets?: ReadonlySet<string>;
}

export type ValidationResult =
  | { ok: true; resolved: ResolvedIntent }
  | { ok: false; findings: IntentFinding[] };

function zodPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (text, key) =>
      typeof key === "number" ? `${text}[${key}]` : text ? `${text}.${String(key)}` : String(key),
    "",
  );
}

function shapeFindings(error: z.ZodError): IntentFinding[] {
  return error.issues.map((issue) => ({
    kind: "shape",
    path: zodPath(issue.path),
    detail: `${issue.message}; fix this field (docs/intent.md lists every field)`,
  }));
}

/**
 * Checks an intent completely before anything is placed and returns every finding at once (a
 * model fixes them in one turn), or the intent with its symbols loaded, its pins bound, and the
 * pins KiCad connects anyway (stacked pins, hidden power inputs) joined to their nets.
 */
export async function validateIntent(
  input: unknown,
  context: ValidationContext,
): Promise<ValidationResult> {
  const parsed = intentSchema.safeParse(input);
  if (!parsed.success) return { ok: false, findings: shapeFindings(parsed.error) };
  const intent = parsed.data;
  const findings = new FindingList();
  const parts = await resolveParts(intent, context, findings);
  const bound = resolveNets(intent, parts, findings);
  const continued = context.continuedNets;
  if (continued) {
    const lone = new Set(
      intent.nets.flatMap((n, i) => (continued.has(n.name) ? [`nets[${i}].pins`] : [])),
    );
    const kept = findings.items.filter(
      (f) => f.kind !== "single-endpoint-net" || !lone.has(f.path),
    );
    findings.items.length = 0;
    pushAll(findings.items, kept);
  }
  const { joined, undrawn } = applyPinRules(intent, parts, bound, findings);

  // Power nets become power symbols whose value tokens must stay distinct.
  const tokens = new Map<string, string>();
  for (const n of bound.nets) {
    if (n.class.class === "signal") continue;
    const token = powerToken(n.net.name);
    const other = tokens.get(token);
    if (other !== undefined) {
      findings.add(
        "power-token-collision",
        `nets[${bound.netIndex.get(n.net.name) ?? ""}].name`,
        `power nets "${other}" and "${n.net.name}" both become the symbol token "${token}"; rename one`,
      );
    } else tokens.set(token, n.net.name);
  }

  if (context.bom !== undefined) pushAll(findings.items, bomFindings(intent, parts, context.bom));
  if (findings.items.length > 0) return { ok: false, findings: findings.items };
  return {
    ok: true,
    resolved: {
      intent,
      parts,
      nets: bound.nets,
      noConnect: bound.noConnect,
      groups: groupOrder(intent, context.subsystems),
      joined,
      undrawn,
    },
  };
}
