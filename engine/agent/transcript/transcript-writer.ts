import { appendFile, mkdir } from "node:fs/promises";
import { join } from "node:path";
import type { Redactor } from "../redact.js";
import { type TranscriptLine, transcriptLineSchema } from "./transcript-line.js";

/**
 * Appends validated lines to the transcript. Redaction happens here, on the serialized line, so
 * no path into the file can skip it. Writes are serialized so lines never interleave.
 */
export class TranscriptWriter {
  readonly file: string;
  readonly #redactor: Redactor;
  #queue: Promise<void> = Promise.resolve();
  #ready: Promise<unknown> | undefined;

  constructor(dir: string, redactor: Redactor) {
    this.file = join(dir, "transcript.jsonl");
    this.#redactor = redactor;
  }

  write(line: TranscriptLine): Promise<void> {
    const valid = transcriptLineSchema.parse(line);
    const text = `${this.#redactor.redact(JSON.stringify(valid))}\n`;
    this.#ready ??= mkdir(join(this.file, ".."), { recursive: true });
    const ready = this.#ready;
    this.#queue = this.#queue.then(async () => {
      await ready;
      await appendFile(this.file, text);
    });
    return this.#queue;
  }
}
