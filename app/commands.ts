import { type StageName, stageNameSchema } from "../engine/flow/stage-names.js";

/** A `/copperhead …` command from the first line of a comment. */
export type Command =
  | { kind: "retry"; stage: StageName | null }
  | { kind: "status" }
  | { kind: "stop" }
  | { kind: "invalid"; reason: string };

/**
 * Only the first line counts (a quoted reply or a pasted log further down never triggers
 * anything); a comment that does not start with `/copperhead` is not a command at all.
 */
export function parseCommand(body: string): Command | null {
  const first = (body.split(/\r?\n/, 1)[0] ?? "").trim();
  const m = /^\/copperhead(?:\s+(.*))?$/i.exec(first);
  if (!m) return null;
  const [verb, ...rest] = (m[1] ?? "").trim().split(/\s+/).filter(Boolean);
  const usage = "`/copperhead retry [stage]`, `/copperhead status` or `/copperhead stop`";
  switch (verb?.toLowerCase()) {
    case "retry": {
      if (rest.length > 1)
        return { kind: "invalid", reason: `retry takes at most one stage; use ${usage}` };
      if (rest.length === 0) return { kind: "retry", stage: null };
      const stage = stageNameSchema.safeParse(rest[0]!.toLowerCase());
      if (!stage.success)
        return {
          kind: "invalid",
          reason: `\`${rest[0]!.replace(/`/g, "").slice(0, 40)}\` is not a stage; the stages are ${stageNameSchema.options.join(", ")}`,
        };
      return { kind: "retry", stage: stage.data };
    }
    case "status":
    case "stop":
      if (rest.length > 0)
        return { kind: "invalid", reason: `${verb} takes no arguments; use ${usage}` };
      return { kind: verb.toLowerCase() as "status" | "stop" };
    default:
      return { kind: "invalid", reason: `use ${usage}` };
  }
}
