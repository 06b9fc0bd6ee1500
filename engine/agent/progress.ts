/**
 * Live terminal progress through an injectable writer (stderr in the CLI, an array in tests).
 * Lines, not a redrawn status bar: they survive CI logs and pipes.
 */
export type Write = (line: string) => void;

/**
 * The same progress as structured events, for a face that draws it its own way (create's live
 * status line): what the lines say, plus the moment a tool starts.
 */
export type ProgressEvent =
  | {
      kind: "turn";
      turn: number;
      budget: number;
      tokensIn: number;
      tokensOut: number;
      cached: boolean;
    }
  | { kind: "tool-start"; name: string }
  | { kind: "tool"; name: string; summary: string };

export type Observe = (event: ProgressEvent) => void;

/** 9123 → "9.1k", 950 → "950", 1_250_000 → "1.3M". */
export function formatTokens(n: number): string {
  if (n >= 1_000_000) return `${(n / 1_000_000).toFixed(1)}M`;
  if (n >= 1000) return `${(n / 1000).toFixed(1)}k`;
  return String(n);
}

export function formatDuration(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s}s`;
  return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, "0")}s`;
}

export interface ClosingParts {
  exit: string;
  verified?: string[];
  commit?: string;
  wallMs: number;
  tokens: number;
}

/** `done · verified erc · committed 3f2c9a1 · 17s · 12.3k tokens`: a run's last line. */
export function closingLine(parts: ClosingParts): string {
  const fields = [parts.exit];
  if (parts.verified && parts.verified.length > 0)
    fields.push(`verified ${parts.verified.join(", ")}`);
  if (parts.commit) fields.push(`committed ${parts.commit.slice(0, 7)}`);
  fields.push(formatDuration(parts.wallMs), `${formatTokens(parts.tokens)} tokens`);
  return fields.join(" · ");
}

export class Progress {
  readonly #write: Write;
  readonly #observe: Observe;

  constructor(write: Write, observe: Observe = () => undefined) {
    this.#write = write;
    this.#observe = observe;
  }

  /** A tool call begins (no line: the result line follows it). */
  toolStart(name: string): void {
    this.#observe({ kind: "tool-start", name });
  }

  /** `▸ run_erc  ERC clean` */
  tool(name: string, summary: string): void {
    this.#write(`▸ ${name}  ${summary}`);
    this.#observe({ kind: "tool", name, summary });
  }

  /** `✓ verify: ERC clean, no drift` */
  phase(name: string, summary: string): void {
    this.#write(`✓ ${name}: ${summary}`);
  }

  /** `turn 3/40 · 9.1k in / 1.5k out` (plus `· cached` on a replayed turn) */
  turn(turn: number, budget: number, tokensIn: number, tokensOut: number, cached: boolean): void {
    const tail = cached ? " · cached" : "";
    this.#write(
      `turn ${turn}/${budget} · ${formatTokens(tokensIn)} in / ${formatTokens(tokensOut)} out${tail}`,
    );
    this.#observe({ kind: "turn", turn, budget, tokensIn, tokensOut, cached });
  }

  /** `done · verified erc · committed 3f2c9a1 · 17s · 12.3k tokens` */
  closing(parts: ClosingParts): void {
    this.#write(closingLine(parts));
  }

  line(text: string): void {
    this.#write(text);
  }
}
