// Types for report.mjs (plain JS so `npm run mutate` runs without a build), for its tests.
export interface FileScore {
  file: string;
  mutants: number;
  killed: number;
  survived: number;
  score: number;
}
export interface Survivor {
  file: string;
  line: number;
  mutator: string;
  replacement: string;
  status: string;
}
interface StrykerMutant {
  status: string;
  mutatorName: string;
  replacement?: string;
  location: { start: { line: number } };
}
export interface StrykerReport {
  files: Record<string, { mutants: StrykerMutant[] }>;
}
export function fileScores(report: StrykerReport): FileScore[];
export function survivors(report: StrykerReport): Survivor[];
export function renderScoreTable(rows: FileScore[], target: number): string;
export function parseScoreTable(table: string): FileScore[];
export function mergeScores(old: FileScore[], fresh: FileScore[], order: string[]): FileScore[];
export const BEGIN: string;
export const END: string;
export function replaceSection(doc: string, body: string): string;
export function sectionOf(doc: string): string;
