import { UsageError } from "../../errors.js";
import { parseJson } from "../../json-text.js";
import { readText } from "../../repo/read-text.js";
import { abortableDelay } from "./abortable-delay.js";
import type { Turn } from "./message.js";
import type { CallOptions, EngineView, Provider, TurnRequest } from "./provider.js";
import { ProviderError, ProviderPausedError, ScriptDivergedError } from "./provider-errors.js";
import { expectationDiffs } from "./script-expect.js";
import { type ScriptedTurn, scriptSchema } from "./script-schema.js";

/** How strict a scripted session is about its own length. */
export interface ScriptedOptions {
  /**
   * Let the run end with script turns unused. Off by default: a run that ends early would skip
   * the later turns' `expect`s, so a test of an early exit (budget, repair cycles) says so here.
   */
  allowUnused?: boolean;
}

/**
 * Replays a script of assistant turns and checks each turn's `expect` against the engine, so a
 * test or demo fails loudly at the first divergence instead of drifting on — and at the end of
 * a run that left turns unused. Every engine view it was shown is kept in `views`, so a test can
 * assert what the model saw in its own body, not only through the script's `expect`s.
 */
export class ScriptedProvider implements Provider {
  readonly name = "scripted";
  readonly model: string;
  readonly #turns: ScriptedTurn[];
  readonly #allowUnused: boolean;
  #next = 0;
  /** Provider calls made (cache hits never reach here). */
  calls = 0;
  /** The engine as each turn saw it, in turn order (replayed turns included). */
  readonly views: EngineView[] = [];

  constructor(turns: ScriptedTurn[], model = "script", options: ScriptedOptions = {}) {
    this.#turns = turns;
    this.model = model;
    this.#allowUnused = options.allowUnused === true;
  }

  /** Script turns not reached yet. */
  get unused(): number {
    return this.#turns.length - this.#next;
  }

  async complete(request: TurnRequest, view: EngineView, options: CallOptions = {}): Promise<Turn> {
    this.calls++;
    const { step, index } = this.#take(view);
    if (step.delayMs) await abortableDelay(step.delayMs, options.signal);
    if (step.error?.kind === "paused") throw new ProviderPausedError(step.error.message);
    if (step.error) {
      throw new ProviderError(
        `provider request failed: ${step.error.message}`,
        "scripted failure: the script asked for it at this turn",
      );
    }
    const content: Turn["content"] = [];
    if (step.text !== undefined) content.push({ type: "text", text: step.text });
    step.tools.forEach((call, i) => {
      content.push({
        type: "tool_use",
        id: `s${index + 1}_${i + 1}`,
        name: call.name,
        input: call.input,
      });
    });
    // A scripted turn "costs" a token-ish count (four characters a token) of what it was sent
    // and of its own text, so progress lines and the cost report move as they would with a
    // model: the input grows with the conversation, as a real one's does.
    const output = tokenish(content);
    return {
      content,
      stopReason: step.tools.length > 0 ? "tool_use" : "end_turn",
      usage: { input: tokenish(request), output, cacheRead: 0, cacheWrite: 0 },
      cached: false,
    };
  }

  /** The response cache answered this turn: the script's turn for it is used up all the same. */
  replayed(view: EngineView): void {
    this.#take(view);
  }

  /** The run is over: turns left unused mean it ended before the script said it would. */
  end(): void {
    if (this.#allowUnused || this.unused === 0) return;
    throw new ScriptDivergedError(
      `the run ended after scripted turn ${this.#next} but the script has ${this.#turns.length} turns (${this.unused} never ran, so their expects were never checked)`,
      "the engine stopped earlier than the script recorded: fix the engine, shorten the script, or (a test of an early exit) pass allowUnused",
    );
  }

  #take(view: EngineView): { step: ScriptedTurn; index: number } {
    this.views.push(view);
    const index = this.#next++;
    const step = this.#turns[index];
    if (!step) {
      throw new ScriptDivergedError(
        `scripted turn ${index + 1}: the script has only ${this.#turns.length} turns but the engine asked for another`,
        "end the script with a finish call the engine accepts, or add the turns the engine still needs",
      );
    }
    const diffs = step.expect ? expectationDiffs(step.expect, view) : [];
    if (diffs.length > 0) {
      throw new ScriptDivergedError(
        `scripted turn ${index + 1} diverged: ${diffs.join("; ")}`,
        "the engine no longer behaves as the script recorded; fix the engine or update the script",
      );
    }
    return { step, index };
  }
}

/** Parses a script: a JSON array of turns, or JSONL with one turn per line. */
export function parseScript(text: string, where: string): ScriptedTurn[] {
  let json: unknown;
  try {
    const trimmed = text.trim();
    json = trimmed.startsWith("[")
      ? JSON.parse(trimmed)
      : trimmed
          .split("\n")
          .filter((line) => line.trim() !== "")
          .map((line) => parseJson(line));
  } catch (error) {
    throw new UsageError(
      `${where} is not valid JSON or JSONL (${(error as Error).message})`,
      "write the script as a JSON array of turns or one JSON turn per line",
    );
  }
  const parsed = scriptSchema.safeParse(json);
  if (!parsed.success) {
    const issues = parsed.error.issues.map(
      (i) => `turn ${String(i.path[0] ?? "?")}: ${i.path.slice(1).join(".")} ${i.message}`,
    );
    throw new UsageError(
      `${where} is not a valid script: ${issues.join("; ")}`,
      "see docs/agent.md for the script format",
    );
  }
  return parsed.data;
}

export async function loadScript(path: string): Promise<ScriptedTurn[]> {
  return parseScript(await readText(path), path);
}

function tokenish(value: unknown): number {
  return Math.ceil(JSON.stringify(value).length / 4);
}
