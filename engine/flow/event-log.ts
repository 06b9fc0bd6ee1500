import { randomUUID } from "node:crypto";
import { mkdir, open } from "node:fs/promises";
import { dirname, join } from "node:path";
import { CopperheadError } from "../errors.js";
import { parseJson } from "../json-text.js";
import { checkNamedFile } from "../kicad/paths/named-design.js";
import { readConfinedText } from "../kicad/paths/read-confined.js";
import { trustScopeFor } from "../kicad/paths/trust-scope.js";
import { UnsafeDesignError } from "../kicad/paths/unsafe-design-error.js";
import { ensureUnionMerge } from "../repo/gitattributes.js";
import { describeIssues } from "../zod-issues.js";
import { type FlowEvent, type FlowEventInput, flowEventSchema } from "./events.js";
import { EVENTS_PATH } from "./run-paths.js";

/** A line of the log that was skipped, and why. Never fatal: the rest of the log still counts. */
export interface LogProblem {
  line: number;
  reason: string;
}

export interface EventLog {
  /** Valid events, deduplicated by id, ordered by time (file order breaks ties). */
  events: FlowEvent[];
  problems: LogProblem[];
}

/** An event copperhead was about to write does not match the event schema (a bug). */
export class EventError extends CopperheadError {}

function describeInvalid(json: unknown, issues: string): string {
  const type = (json as { type?: unknown } | null)?.type;
  const known = ["dispatch", "outcome", "blocked", "signoff"];
  if (typeof type !== "string" || !known.includes(type)) {
    return `unknown event type ${JSON.stringify(type)}`;
  }
  return `invalid ${type} event (${issues})`;
}

/**
 * Parses events.jsonl text. Pure; corrupt, unknown and conflicting lines become problems, and
 * so does an event for a stage not in `stages` when it is given (a typo, or a log written by a
 * copperhead with other stages): it cannot count for anything, and silence would hide that.
 */
export function parseEventLog(text: string, stages?: readonly string[]): EventLog {
  const problems: LogProblem[] = [];
  const byId = new Map<string, { event: FlowEvent; raw: string }>();
  const ordered: Array<{ event: FlowEvent; index: number; time: number }> = [];
  const lines = text.split("\n");
  lines.forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim() === "") return;
    let json: unknown;
    try {
      json = parseJson(raw);
    } catch {
      problems.push({ line, reason: "not valid JSON (truncated or garbled line)" });
      return;
    }
    const parsed = flowEventSchema.safeParse(json);
    if (!parsed.success) {
      const issues = describeIssues(parsed.error, { limit: 3 });
      problems.push({ line, reason: describeInvalid(json, issues) });
      return;
    }
    const event = parsed.data;
    if (stages && !stages.includes(event.stage)) {
      problems.push({
        line,
        reason: `${event.type} event for unknown stage "${event.stage}" (the stages are ${stages.join(", ")})`,
      });
      return;
    }
    const seen = byId.get(event.id);
    if (seen) {
      // A union merge of two branches that share history can repeat a line: keep one copy.
      if (seen.raw !== raw.trim()) {
        problems.push({ line, reason: `event id ${event.id} reused with different content` });
      }
      return;
    }
    byId.set(event.id, { event, raw: raw.trim() });
    ordered.push({ event, index, time: Date.parse(event.at) });
  });
  ordered.sort((a, b) => a.time - b.time || a.index - b.index);
  return { events: ordered.map((o) => o.event), problems };
}

/**
 * Reads the repo's event log; a repo without one has no events. A log that is a symlink out of
 * the repository (or reached through one), or a FIFO, is UnsafeDesignError: never read, so
 * never quoted and never waited on.
 */
export async function readEventLog(repo: string, stages?: readonly string[]): Promise<EventLog> {
  const read = await readConfinedText(trustScopeFor(repo), join(repo, EVENTS_PATH), "event log");
  if (read.status === "refused") throw new UnsafeDesignError([read.finding]);
  if (read.status === "missing") return { events: [], problems: [] };
  return parseEventLog(read.text, stages);
}

export interface EventStamp {
  now?: () => Date;
  newId?: () => string;
}

/**
 * Validates and appends one event as one whole line, with one write on a file opened for
 * appending: parallel writers and git's union merge then only ever see complete lines.
 */
export async function appendEvent(
  repo: string,
  input: FlowEventInput,
  stamp: EventStamp = {},
): Promise<FlowEvent> {
  const candidate = {
    ...input,
    id: (stamp.newId ?? randomUUID)(),
    at: (stamp.now ?? (() => new Date()))().toISOString(),
  };
  const parsed = flowEventSchema.safeParse(candidate);
  if (!parsed.success) {
    throw new EventError(
      `refusing to write an invalid ${input.type} event: ${parsed.error.message}`,
      "this is a copperhead bug; please report it with the command you ran",
    );
  }
  const file = join(repo, EVENTS_PATH);
  await mkdir(dirname(file), { recursive: true });
  // Appending follows symlinks: a log linked out of the repository would be written out there.
  const checked = await checkNamedFile(trustScopeFor(repo), file, "event log");
  if (!checked.ok) throw new UnsafeDesignError([checked.finding]);
  await ensureUnionMerge(repo, EVENTS_PATH);
  const handle = await open(file, "a+");
  try {
    const { size } = await handle.stat();
    let lead = "";
    if (size > 0) {
      // A log whose last line lost its newline (a crash mid-write) must not swallow this event.
      const last = Buffer.alloc(1);
      await handle.read(last, 0, 1, size - 1);
      if (last[0] !== 0x0a) lead = "\n";
    }
    await handle.write(`${lead}${JSON.stringify(parsed.data)}\n`);
  } finally {
    await handle.close();
  }
  return parsed.data;
}
