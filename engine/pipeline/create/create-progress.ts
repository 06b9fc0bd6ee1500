import {
  formatDuration,
  formatTokens,
  type ProgressEvent,
  type Write,
} from "../../agent/progress.js";
import type { StageRow } from "../stage-row.js";

/** Where progress goes: stderr in the CLI. */
export interface ProgressOut {
  write(text: string): void;
}

const CLEAR = "\r\x1b[2K";

/**
 * create's live progress. On a terminal the status line — stage k/n, attempt, turn n/budget,
 * tokens, the tool running — is redrawn in place, with the tool results and stage results as
 * lines above it; anywhere else (a pipe, a CI log) every line is plain, no control codes.
 */
export class CreateProgress {
  readonly #out: ProgressOut;
  readonly #tty: boolean;
  readonly #columns: number;
  #head = "";
  #turn = "";
  #tool: string | undefined;
  #drawn = false;

  constructor(out: ProgressOut, options: { tty: boolean; columns?: number }) {
    this.#out = out;
    this.#tty = options.tty;
    this.#columns = Math.max(20, options.columns ?? 100);
  }

  /** A line that stays: on a terminal the status line is cleared first and drawn again after. */
  line(text: string): void {
    if (!this.#tty) {
      this.#out.write(`${text}\n`);
      return;
    }
    this.#out.write(`${this.#drawn ? CLEAR : ""}${text}\n`);
    this.#drawn = false;
    this.#draw();
  }

  /** A stage attempt begins: `[4/8] schematic · attempt 1`. */
  stage(index: number, total: number, stage: string, attempt: number, note = ""): void {
    this.#head = `[${index}/${total}] ${stage} · attempt ${attempt}`;
    this.#turn = "";
    this.#tool = undefined;
    if (!this.#tty) this.line(`${this.#head}${note}`);
    else this.#draw();
  }

  /** The agent's progress lines: on a terminal turn lines only move the status line. */
  readonly write: Write = (text) => {
    if (this.#tty && text.startsWith("turn ")) return;
    this.line(`  ${text}`);
  };

  /** The agent's progress events: what the status line shows. */
  readonly observe = (event: ProgressEvent): void => {
    if (event.kind === "turn") {
      this.#turn = `turn ${event.turn}/${event.budget} · ${formatTokens(event.tokensIn)} in / ${formatTokens(event.tokensOut)} out${event.cached ? " · cached" : ""}`;
      this.#tool = undefined;
    } else if (event.kind === "tool-start") {
      this.#tool = event.name;
    } else {
      this.#tool = undefined;
    }
    this.#draw();
  };

  /** Clears the status line (the run is over, or something else will print). */
  done(): void {
    if (this.#tty && this.#drawn) this.#out.write(CLEAR);
    this.#drawn = false;
    this.#head = "";
  }

  /** The status line as it is drawn now (tests). */
  status(): string {
    const parts = [this.#head, this.#turn, this.#tool ? `▸ ${this.#tool}` : ""].filter(
      (p) => p !== "",
    );
    const text = parts.join(" · ");
    return text.length > this.#columns - 1 ? `${text.slice(0, this.#columns - 2)}…` : text;
  }

  #draw(): void {
    if (!this.#tty || this.#head === "") return;
    this.#out.write(`${CLEAR}${this.status()}`);
    this.#drawn = true;
  }
}

/** `✓ [4/8] schematic  passed attempt 1 · 12s · 14.2k tokens · committed 3f2c9a1` */
export function stageResultLine(
  index: number,
  total: number,
  row: StageRow,
  commit?: string,
): string {
  const mark = row.verdict === "pass" ? "✓" : "✗";
  const last = row.attempts.at(-1) ?? 0;
  const word =
    row.status === "adopted"
      ? "adopted"
      : row.verdict === "pass"
        ? "passed"
        : row.verdict === "blocked"
          ? "stopped"
          : "failed";
  const tokens = formatTokens(row.tokensIn + row.tokensOut);
  return `${mark} [${index}/${total}] ${row.stage}  ${word} attempt ${last} · ${formatDuration(row.wallMs)} · ${tokens} tokens${commit && row.verdict === "pass" ? ` · committed ${commit.slice(0, 7)}` : ""}`;
}
