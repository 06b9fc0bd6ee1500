import type { Message, Turn } from "./message.js";

/** A tool as a provider advertises it: the JSON Schema is derived from the tool's zod schema. */
export interface ToolDefinition {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
}

/** Everything one turn depends on; the response cache keys on exactly this plus provider/model. */
export interface TurnRequest {
  system: string;
  tools: ToolDefinition[];
  messages: Message[];
}

/**
 * What the engine looked like when it asked for a turn. Only the scripted provider reads it
 * (to check a script's `expect`); real providers ignore it.
 */
export interface EngineView {
  turn: number;
  catalog: string[];
  lastToolResult: string | undefined;
  openObligations: string[];
}

/** How one call may be cut short: an aborted signal ends the call with the signal's reason. */
export interface CallOptions {
  signal?: AbortSignal;
}

export interface Provider {
  /** Stable provider id (`anthropic`, `scripted`): part of the cache key. */
  readonly name: string;
  readonly model: string;
  complete(request: TurnRequest, view: EngineView, options?: CallOptions): Promise<Turn>;
  /** The response cache answered this turn instead; a replaying provider moves past its own. */
  replayed?(view: EngineView): void;
  /** The run is over (every exit path); the scripted provider throws if its script was not used up. */
  end?(): void;
}
