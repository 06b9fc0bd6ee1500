import type { Netlist } from "../schematic/netlist/netlist.js";
import type { IntentFinding } from "./intent-finding.js";
import { pinKey, type ResolvedIntent } from "./resolved-intent.js";

const ENGINE_FAULT =
  "this is a drafting-engine fault, not an intent error: report it with the intent attached; reshaping the intent will not fix it";

/**
 * The drawn sheet's connectivity (by copperhead's KiCad-compatible netlister) against the
 * intent: every intent net is exactly one drawn net, and no drawn net joins pins the intent
 * keeps apart. Any difference means two nets touch or a wire missed its pin.
 */
export function checkDrawnNets(resolved: ResolvedIntent, drawn: Netlist): IntentFinding[] {
  const findings: IntentFinding[] = [];
  const intentNetOf = new Map<string, string>();
  for (const n of resolved.nets)
    for (const e of n.endpoints) intentNetOf.set(pinKey(e.ref, e.pin.number), n.net.name);
  for (const n of resolved.nets) {
    const want = new Set(n.endpoints.map((e) => pinKey(e.ref, e.pin.number)));
    const first = n.endpoints[0];
    const net = first ? drawn.netOf(first.ref, first.pin.number) : undefined;
    const got = new Set((net?.nodes ?? []).map((x) => pinKey(x.ref, x.pin)));
    const missing = [...want].filter((p) => !got.has(p));
    const extra = [...got].filter((p) => !want.has(p));
    if (missing.length > 0 || extra.length > 0) {
      findings.push({
        kind: "engine-fault",
        path: "",
        detail: `drawn net ${net?.name ?? "(none)"} for intent net ${n.net.name} ${missing.length ? `misses ${missing.join(", ")}` : ""}${missing.length && extra.length ? " and " : ""}${extra.length ? `also joins ${extra.map((p) => `${p} (${intentNetOf.get(p) ?? "no net"})`).join(", ")}` : ""}; ${ENGINE_FAULT}`,
      });
    }
  }
  for (const net of drawn.nets) {
    if (net.nodes.length < 2) continue;
    const names = new Set(
      net.nodes.map((x) => intentNetOf.get(pinKey(x.ref, x.pin)) ?? "(no net)"),
    );
    if (names.size > 1 && !findings.some((f) => f.detail.includes(`drawn net ${net.name} `))) {
      findings.push({
        kind: "engine-fault",
        path: "",
        detail: `drawn net ${net.name} joins intent nets ${[...names].join(", ")}; ${ENGINE_FAULT}`,
      });
    }
  }
  return findings;
}
