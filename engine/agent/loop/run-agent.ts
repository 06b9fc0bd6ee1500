import { realpathSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describeError } from "../../errors.js";
import { runDir } from "../../flow/run-paths.js";
import { toolDefinitions, visibleTools } from "../catalog.js";
import { type ToolFacts, toolFactsSchema } from "../ledger/facts.js";
import { createFinishTool } from "../ledger/finish-tool.js";
import type { Ledger } from "../ledger/ledger.js";
import { Progress, type Write } from "../progress.js";
import {
  type ContentBlock,
  type Message,
  toolUses,
  turnText,
  type Usage,
  ZERO_USAGE,
} from "../providers/message.js";
import type { Provider } from "../providers/provider.js";
import { ProviderPausedError, ScriptDivergedError } from "../providers/provider-errors.js";
import { createRedactor, type Redactor } from "../redact.js";
import type { AgentTool, ToolContext } from "../tool.js";
import { TranscriptWriter } from "../transcript/transcript-writer.js";
import { executeTool, resultText } from "./execute-tool.js";
import { convergeNudge, NO_TOOL_CALL, unavailableTool } from "./nudges.js";
import { RepairTracker } from "./repair-tracker.js";
import type { AgentRunResult, ExitReason } from "./run-result.js";

export interface AgentBudget {
  maxTurns: number;
  /** Inject the "converge now" nudge when this many turns remain. */
  nudgeAt: number;
  /** Consecutive turns without a tool call tolerated before the run stops as stalled. */
  maxStallTurns: number;
  /** Non-progressing repair cycles tolerated per check. */
  maxRepairCycles: number;
}

export const DEFAULT_BUDGET: AgentBudget = {
  maxTurns: 40,
  nudgeAt: 5,
  maxStallTurns: 2,
  maxRepairCycles: 5,
};

export interface RunAgentOptions {
  provider: Provider;
  /** Every registered tool; the loop adds `finish` (bound to the ledger) if absent. */
  tools: readonly AgentTool[];
  ledger: Ledger;
  system: string;
  prompt: string;
  budget?: Partial<AgentBudget>;
  repo: string;
  stage: string;
  attempt: number;
  env?: NodeJS.ProcessEnv;
  /** Progress line sink; silent when absent. */
  write?: Write;
  signal?: AbortSignal;
  now?: () => number;
}

const CHECK_LABEL: Record<string, string> = {
  erc: "ERC clean",
  drc: "DRC clean",
  drift: "no drift",
  legibility: "legible",
};

/**
 * The agent loop: ask the provider for a turn, run its tool calls, fold their facts into the
 * ledger, repeat until `finish` is accepted or an exit path triggers. Every exit returns a typed
 * result; only a diverged or unfinished script throws (tests must fail loudly).
 */
export async function runAgent(options: RunAgentOptions): Promise<AgentRunResult> {
  const now = options.now ?? Date.now;
  const started = now();
  const budget = { ...DEFAULT_BUDGET, ...options.budget };
  const env = options.env ?? process.env;
  const redactor: Redactor = createRedactor(env);
  const progress = new Progress(options.write ?? (() => undefined));
  const { ledger, provider } = options;
  const repo = realpathSync(options.repo);
  const dir = join(repo, runDir(options.stage, options.attempt));
  const transcript = new TranscriptWriter(dir, redactor);
  const tools = options.tools.some((t) => t.name === "finish")
    ? [...options.tools]
    : [...options.tools, createFinishTool(ledger)];
  const context: ToolContext = {
    repo,
    stage: options.stage,
    attempt: options.attempt,
    env,
    ...(options.signal ? { signal: options.signal } : {}),
  };
  const repairs = new RepairTracker(budget.maxRepairCycles);
  const usage: Usage = { ...ZERO_USAGE };
  const verified = new Set<string>();
  let pendingPhase: string[] = [];
  let cacheHits = 0;
  let stall = 0;
  let lastToolResult: string | undefined;
  let turns = 0;

  await transcript.write({
    type: "start",
    at: new Date(started).toISOString(),
    stage: options.stage,
    attempt: options.attempt,
    provider: provider.name,
    model: provider.model,
  });
  await transcript.write({ type: "prompt", system: options.system, prompt: options.prompt });
  const messages: Message[] = [{ role: "user", content: [{ type: "text", text: options.prompt }] }];

  const finish = async (exit: ExitReason, summary: string): Promise<AgentRunResult> => {
    await transcript.write({ type: "end", exit, summary, turns });
    const state = ledger.state();
    await writeFile(join(dir, "ledger.json"), `${JSON.stringify(state, null, 2)}\n`);
    // After the transcript is complete, so a script that ended early can be read back.
    provider.end?.();
    return {
      exit,
      summary,
      turns,
      usage,
      cacheHits,
      wallMs: now() - started,
      verified: [...verified],
      ledger: state,
      transcript: transcript.file,
    };
  };

  const { signal } = options;
  const stopped = () => `stopped at a safe point: ${abortReason(signal)}`;

  while (turns < budget.maxTurns) {
    // A safe point: nothing is half-done between turns.
    if (signal?.aborted) return finish("interrupted", stopped());
    turns++;
    const remaining = budget.maxTurns - turns + 1;
    const last = messages.at(-1) as Message;
    if (remaining === budget.nudgeAt) {
      const text = convergeNudge(remaining);
      last.content.push({ type: "text", text });
      await transcript.write({ type: "nudge", turn: turns, text });
    }
    const visible = visibleTools(tools, ledger);
    const request = {
      system: options.system,
      tools: toolDefinitions(visible),
      messages: structuredClone(messages),
    };
    const view = {
      turn: turns,
      catalog: visible.map((t) => t.name),
      lastToolResult,
      openObligations: ledger.open.map((o) => o.kind),
    };
    let turn: Awaited<ReturnType<Provider["complete"]>>;
    try {
      turn = await provider.complete(request, view, signal ? { signal } : {});
    } catch (error) {
      if (error instanceof ScriptDivergedError) throw error;
      turns--;
      if (signal?.aborted) return finish("interrupted", stopped());
      if (error instanceof ProviderPausedError) return finish("paused", error.message);
      return finish("provider-error", describeError(error));
    }
    if (turn.cached) cacheHits++;
    usage.input += turn.usage.input;
    usage.output += turn.usage.output;
    usage.cacheRead += turn.usage.cacheRead;
    usage.cacheWrite += turn.usage.cacheWrite;
    await transcript.write({
      type: "turn",
      turn: turns,
      content: turn.content,
      stopReason: turn.stopReason,
      cached: turn.cached,
    });
    await transcript.write({ type: "usage", turn: turns, usage: turn.usage });
    progress.turn(
      turns,
      budget.maxTurns,
      usage.input + usage.cacheRead + usage.cacheWrite,
      usage.output,
      turn.cached,
    );
    messages.push({ role: "assistant", content: turn.content });

    const calls = toolUses(turn);
    if (calls.length === 0) {
      stall++;
      if (stall > budget.maxStallTurns)
        return finish(
          "stalled",
          `no tool call in ${stall} consecutive turns: ${turnText(turn).slice(0, 200)}`,
        );
      messages.push({ role: "user", content: [{ type: "text", text: NO_TOOL_CALL }] });
      continue;
    }
    stall = 0;

    const results: ContentBlock[] = [];
    let ended: { exit: ExitReason; summary: string } | undefined;
    for (const call of calls) {
      // After each tool call is a safe point too: the next one is not started.
      if (!ended && signal?.aborted) ended = { exit: "interrupted", summary: stopped() };
      if (ended) {
        results.push({
          type: "tool_result",
          toolUseId: call.id,
          content: "not run: the run already finished",
          isError: true,
        });
        continue;
      }
      await transcript.write({
        type: "tool_call",
        turn: turns,
        id: call.id,
        name: call.name,
        input: call.input,
      });
      const tool = visible.find((t) => t.name === call.name);
      const result = tool
        ? await executeTool(tool, call.input, context)
        : {
            ok: false,
            errorKind: "refused" as const,
            summary: unavailableTool(
              call.name,
              tools.some((t) => t.name === call.name),
            ),
          };
      const facts = parseFacts(call.name, result.facts);
      const text = redactor.redact(resultText(result));
      await transcript.write({
        type: "tool_result",
        turn: turns,
        id: call.id,
        name: call.name,
        ok: result.ok,
        summary: result.summary,
        ...(result.detail !== undefined ? { detail: result.detail } : {}),
        ...(result.errorKind ? { errorKind: result.errorKind } : {}),
      });
      progress.tool(call.name, redactor.redact(result.summary));
      results.push({ type: "tool_result", toolUseId: call.id, content: text, isError: !result.ok });
      lastToolResult = text;

      ledger.apply(call.name, facts);
      repairs.record(facts);
      if (facts.proposalValidated)
        progress.phase(
          "spec",
          `proposal ${facts.proposalValidated} validated, edit tools unlocked`,
        );
      for (const check of ["erc", "drc", "drift", "legibility"] as const) {
        const fact = facts[check];
        const count =
          fact &&
          ("violations" in fact
            ? fact.violations
            : "findings" in fact && typeof fact.findings === "number"
              ? fact.findings
              : "errors" in fact
                ? fact.errors
                : 1);
        if (fact !== undefined && count === 0) {
          verified.add(check);
          pendingPhase.push(CHECK_LABEL[check] ?? check);
        }
      }
      if (pendingPhase.length > 0 && ledger.blocking.length === 0) {
        progress.phase("verify", [...new Set(pendingPhase)].join(", "));
        pendingPhase = [];
      }
      if (facts.finish)
        ended = {
          exit: facts.finish.outcome === "done" ? "done" : "refused",
          summary: facts.finish.summary,
        };
    }
    if (!ended && signal?.aborted) ended = { exit: "interrupted", summary: stopped() };
    if (ended) return finish(ended.exit, ended.summary);
    const spent = repairs.exhausted();
    if (spent)
      return finish(
        "repair-cycles",
        `${spent} made no progress in more than ${budget.maxRepairCycles} repair cycles`,
      );
    messages.push({ role: "user", content: results });
  }
  return finish("budget", `turn budget of ${budget.maxTurns} spent before finish was accepted`);
}

function abortReason(signal: AbortSignal | undefined): string {
  const reason: unknown = signal?.reason;
  return reason instanceof Error ? reason.message : "interrupted";
}

/** Facts a tool emitted; a malformed known key is a tool bug, so it is dropped, not trusted. */
function parseFacts(tool: string, facts: Record<string, unknown> | undefined): ToolFacts {
  if (!facts) return {};
  const parsed = toolFactsSchema.safeParse(facts);
  if (parsed.success) return parsed.data;
  process.emitWarning(`tool ${tool} emitted malformed ledger facts: ${parsed.error.message}`);
  return {};
}
