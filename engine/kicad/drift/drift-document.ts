/** A document drift reads: its repo-relative path (used in findings) and its text. */
export interface DriftDocument {
  path: string;
  text: string;
}
