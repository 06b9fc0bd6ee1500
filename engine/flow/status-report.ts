import { z } from "zod";
import { reworkItemSchema } from "./events.js";
import type { FlowSnapshot } from "./read-flow.js";
import { nextAction } from "./scheduler.js";
import { stageStates } from "./state.js";

const staleReasonSchema = z.union([
  z.object({
    kind: z.enum(["input", "output"]),
    pattern: z.string(),
    change: z.enum(["changed", "appeared", "disappeared", "not recorded"]),
  }),
  z.object({ kind: z.literal("upstream"), stage: z.string(), state: z.enum(stageStates) }),
]);

const actionSchema = z.discriminatedUnion("action", [
  z.object({
    action: z.literal("DISPATCH"),
    stage: z.string(),
    attempt: z.int(),
    rework: z.array(reworkItemSchema),
    fresh: z.boolean(),
  }),
  z.object({ action: z.literal("REAP"), stage: z.string(), attempt: z.int() }),
  z.object({
    action: z.literal("YIELD"),
    waitingFor: z.array(z.object({ stage: z.string(), attempt: z.int() })),
  }),
  z.object({ action: z.literal("ESCALATE"), stage: z.string().optional(), reason: z.string() }),
  z.object({ action: z.literal("DONE") }),
]);

/** The machine-readable `copperhead status --json` (and `next --json`'s `next`): stable. */
export const statusReportSchema = z.object({
  schema: z.literal(1),
  stages: z.array(
    z.object({
      stage: z.string(),
      state: z.enum(stageStates),
      attempt: z.int(),
      verdict: z.enum(["pass", "fail", "blocked"]).optional(),
      adopted: z.boolean(),
      stale: z.array(staleReasonSchema),
      inFlight: z.object({ attempt: z.int(), since: z.string() }).optional(),
      failStreak: z.int(),
      fixOwner: z.string().optional(),
      signoff: z.object({ by: z.string(), reason: z.string(), current: z.boolean() }).optional(),
    }),
  ),
  next: actionSchema,
  problems: z.array(z.object({ line: z.int(), reason: z.string() })),
});

export type StatusReport = z.infer<typeof statusReportSchema>;

/** The status report of a snapshot, validated against its published schema. */
export function buildStatusReport(flow: FlowSnapshot): StatusReport {
  const next = nextAction({
    graph: flow.graph,
    statuses: flow.statuses,
    events: flow.events,
    finished: flow.finished,
    maxAttempts: flow.config.maxAttempts,
  });
  const stages = flow.graph.order.map((name) => {
    const s = flow.statuses.get(name)!;
    const latest = s.latest;
    return {
      stage: name,
      state: s.state,
      attempt: s.attempt,
      ...(latest ? { verdict: latest.type === "blocked" ? "blocked" : latest.verdict } : {}),
      adopted: latest?.type === "outcome" && latest.adopted,
      stale: s.stale,
      ...(s.inFlight ? { inFlight: { attempt: s.inFlight.attempt, since: s.inFlight.at } } : {}),
      failStreak: s.failStreak,
      ...(latest?.type === "outcome" && latest.fixOwner ? { fixOwner: latest.fixOwner } : {}),
      ...(s.signoff
        ? {
            signoff: {
              by: s.signoff.event.provenance.by,
              reason: s.signoff.event.reason,
              current: s.signoff.current,
            },
          }
        : {}),
    };
  });
  return statusReportSchema.parse({ schema: 1, stages, next, problems: flow.problems });
}
