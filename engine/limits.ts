import { UsageError } from "./errors.js";

const MB = 1024 * 1024;

/**
 * How large an input copperhead reads before it refuses, far beyond a real design, so a wrong
 * file or a runaway generator gets a clear error instead of gigabytes of memory and a crash.
 * The numbers are documented in docs/errors.md; each says what the real world looks like.
 */
export const LIMITS = {
  /** One .kicad_sch file. KiCad's largest demo sheet is 1.4 MB; 55 MB costs check ~1.7 GB. */
  schematicBytes: 50 * MB,
  /** One .kicad_pcb file. KiCad's own vme-wren demo board is 70 MB (zones), so boards get more. */
  boardBytes: 200 * MB,
  /** The intent IR file, and the number of parts in it (sensor-hub, our largest, has 59). */
  intentBytes: 50 * MB,
  intentParts: 20_000,
} as const;

/** An input beyond LIMITS. */
export class TooLargeError extends UsageError {}

/** "61.2 MB": sizes the way a person reads them. */
export function megabytes(bytes: number): string {
  return `${(bytes / MB).toFixed(1)} MB`;
}
