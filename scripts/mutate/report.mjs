// Pure pieces of `npm run mutate`: Stryker's JSON report (mutation-testing-report-schema) in,
// per-file counts, a Markdown table and the list of survivors out.

/** Statuses that count as caught: a test failed, or the mutant hung it past the timeout. */
const KILLED = new Set(["Killed", "Timeout"]);
/** Statuses that count as missed: no test failed, or no test even ran the mutated code. */
const MISSED = new Set(["Survived", "NoCoverage"]);

/**
 * @typedef {{ file: string, mutants: number, killed: number, survived: number, score: number }} FileScore
 * @typedef {{ file: string, line: number, mutator: string, replacement: string, status: string }} Survivor
 */

/**
 * Counts per file. Mutants that did not compile or broke the runtime (`CompileError`,
 * `RuntimeError`) and ones disabled in source (`Ignored`) are not valid mutants and count nowhere,
 * as in Stryker's own score.
 * @param {{ files: Record<string, { mutants: { status: string }[] }> }} report
 * @returns {FileScore[]}
 */
export function fileScores(report) {
  return Object.entries(report.files)
    .map(([file, { mutants }]) => {
      const killed = mutants.filter((m) => KILLED.has(m.status)).length;
      const survived = mutants.filter((m) => MISSED.has(m.status)).length;
      const total = killed + survived;
      return {
        file,
        mutants: total,
        killed,
        survived,
        score: total === 0 ? 100 : (100 * killed) / total,
      };
    })
    .sort((a, b) => a.file.localeCompare(b.file));
}

/**
 * Every mutant no test caught, in file and line order.
 * @param {{ files: Record<string, { mutants: { status: string, mutatorName: string, replacement?: string, location: { start: { line: number } } }[] }> }} report
 * @returns {Survivor[]}
 */
export function survivors(report) {
  return Object.entries(report.files)
    .flatMap(([file, { mutants }]) =>
      mutants
        .filter((m) => MISSED.has(m.status))
        .map((m) => ({
          file,
          line: m.location.start.line,
          mutator: m.mutatorName,
          replacement: m.replacement ?? "",
          status: m.status,
        })),
    )
    .sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
}

/** @param {number} score */
const percent = (score) => `${score.toFixed(1)} %`;

/**
 * The table docs/testing.md carries: one row per module, the curated order kept.
 * @param {FileScore[]} rows
 * @param {number} target the per-module score every row must reach
 */
export function renderScoreTable(rows, target) {
  const lines = [
    "| module | mutants | killed | survived | score |",
    "|---|---:|---:|---:|---:|",
    ...rows.map(
      (r) =>
        `| \`${r.file}\` | ${r.mutants} | ${r.killed} | ${r.survived} | ${percent(r.score)}${r.score < target ? " (below target)" : ""} |`,
    ),
  ];
  const all = rows.reduce(
    (a, r) => ({ killed: a.killed + r.killed, mutants: a.mutants + r.mutants }),
    {
      killed: 0,
      mutants: 0,
    },
  );
  if (rows.length > 1 && all.mutants > 0) {
    lines.push(
      `| all curated modules | ${all.mutants} | ${all.killed} | ${all.mutants - all.killed} | ${percent((100 * all.killed) / all.mutants)} |`,
    );
  }
  return `${lines.join("\n")}\n`;
}

/**
 * Reads the rows back out of a table `renderScoreTable` wrote, so a run of some modules keeps
 * the others' last scores.
 * @param {string} table
 * @returns {FileScore[]}
 */
export function parseScoreTable(table) {
  const row = /^\| `([^`]+)` \| (\d+) \| (\d+) \| (\d+) \| ([\d.]+) %/;
  return table.split("\n").flatMap((line) => {
    const m = row.exec(line);
    return m
      ? [
          {
            file: m[1],
            mutants: Number(m[2]),
            killed: Number(m[3]),
            survived: Number(m[4]),
            score: Number(m[5]),
          },
        ]
      : [];
  });
}

/**
 * New rows replace old ones of the same file; the result follows `order` (the curated list).
 * @param {FileScore[]} old
 * @param {FileScore[]} fresh
 * @param {string[]} order
 */
export function mergeScores(old, fresh, order) {
  const byFile = new Map(old.map((r) => [r.file, r]));
  for (const r of fresh) byFile.set(r.file, r);
  return order.flatMap((file) => {
    const row = byFile.get(file);
    return row ? [row] : [];
  });
}

export const BEGIN = "<!-- mutate:scores:begin (written by npm run mutate) -->";
export const END = "<!-- mutate:scores:end -->";

/**
 * Replaces the generated section of a document (between BEGIN and END) with `body`.
 * @param {string} doc
 * @param {string} body
 */
export function replaceSection(doc, body) {
  const start = doc.indexOf(BEGIN);
  const end = doc.indexOf(END);
  if (start < 0 || end < start) {
    throw new Error(`the document has no ${BEGIN} … ${END} section to write the scores into`);
  }
  return `${doc.slice(0, start + BEGIN.length)}\n${body}${doc.slice(end)}`;
}

/**
 * The body between the markers, as `replaceSection` wrote it.
 * @param {string} doc
 */
export function sectionOf(doc) {
  const start = doc.indexOf(BEGIN);
  const end = doc.indexOf(END);
  return start < 0 || end < start ? "" : doc.slice(start + BEGIN.length, end);
}
