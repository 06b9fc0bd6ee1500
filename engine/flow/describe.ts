import type { AdoptionResult } from "./adopt.js";
import type { FlowAction } from "./scheduler.js";
import type { StageStatus, StaleReason } from "./state.js";

/** "input docs/SPEC.md changed", "upstream schematic is stale", … */
export function describeStaleReason(reason: StaleReason): string {
  if (reason.kind === "upstream") return `upstream ${reason.stage} is ${reason.state}`;
  if (reason.change === "not recorded") return `${reason.kind} ${reason.pattern} was not recorded`;
  return `${reason.kind} ${reason.pattern} ${reason.change}`;
}

/** File reasons one by one, then the providers grouped: "upstream spec, parts stale". */
export function describeStaleReasons(reasons: readonly StaleReason[]): string {
  const out: string[] = [];
  const upstream = new Map<string, string[]>();
  for (const r of reasons) {
    if (r.kind === "upstream") upstream.set(r.state, [...(upstream.get(r.state) ?? []), r.stage]);
    else out.push(describeStaleReason(r));
  }
  for (const [state, stages] of upstream) out.push(`upstream ${stages.join(", ")} ${state}`);
  return out.join("; ");
}

/** One line on what a stage's state rests on. */
export function describeStatus(status: StageStatus): string {
  const parts: string[] = [];
  const latest = status.latest;
  if (status.state === "in-flight" && status.inFlight) {
    parts.push(`attempt ${status.inFlight.attempt} dispatched ${status.inFlight.at}`);
  }
  if (status.state === "stale") parts.push(describeStaleReasons(status.stale));
  if (latest?.type === "blocked" && status.state === "blocked") parts.push(latest.reason);
  if (latest?.type === "outcome" && status.state === "failed") {
    const failed = latest.evidence.filter((e) => !e.ok).map((e) => e.check);
    if (failed.length > 0) parts.push(`failed: ${failed.join(", ")}`);
    if (latest.fixOwner) parts.push(`fix owner: ${latest.fixOwner}`);
  }
  if (latest?.type === "outcome" && latest.adopted) parts.push("adopted");
  if (status.signoff) {
    const { by } = status.signoff.event.provenance;
    parts.push(status.signoff.current ? `signed off by ${by}` : `signoff by ${by} lapsed`);
  }
  return parts.join(" · ");
}

export function describeAction(action: FlowAction): string {
  switch (action.action) {
    case "DISPATCH": {
      const rework =
        action.rework.length > 0
          ? ` to rework ${action.rework.map((r) => `${r.stage} attempt ${r.attempt}`).join(", ")}`
          : "";
      const fresh = action.fresh ? " (first run; may be adopted if its gate already passes)" : "";
      return `DISPATCH ${action.stage} attempt ${action.attempt}${rework}${fresh}`;
    }
    case "REAP":
      return `REAP ${action.stage} attempt ${action.attempt} (its outcome.json is written)`;
    case "YIELD":
      return `YIELD waiting for ${action.waitingFor.map((w) => `${w.stage} attempt ${w.attempt}`).join(", ")}`;
    case "ESCALATE":
      return `ESCALATE ${action.reason}`;
    case "DONE":
      return "DONE every stage has a valid pass";
  }
}

/** One line per adoption attempt: adopted, or not and the checks that failed. */
export function describeAdoption(a: AdoptionResult): string {
  if (a.adopted) return `adopted ${a.stage} (its gate passes on the files as they are)`;
  const failed = a.evidence.filter((e) => !e.ok).map((e) => `${e.check}: ${e.detail}`);
  return `not adopted ${a.stage}: ${failed.join("; ")}`;
}
