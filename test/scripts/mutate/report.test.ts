import { describe, expect, it } from "vitest";
import { MUTATION_GROUPS } from "../../../scripts/mutate/modules.mjs";
import {
  BEGIN,
  END,
  fileScores,
  mergeScores,
  parseScoreTable,
  renderScoreTable,
  replaceSection,
  sectionOf,
  survivors,
} from "../../../scripts/mutate/report.mjs";

const mutant = (status: string, line = 1, mutatorName = "BooleanLiteral") => ({
  status,
  mutatorName,
  replacement: "false",
  location: { start: { line } },
});
// The shape of Stryker's JSON report (mutation-testing-report-schema), trimmed to what is read.
const report = {
  files: {
    "engine/b.ts": {
      mutants: [
        mutant("Killed"),
        mutant("Timeout"),
        mutant("Survived", 9),
        mutant("NoCoverage", 3, "StringLiteral"),
        mutant("CompileError"),
        mutant("RuntimeError"),
        mutant("Ignored"),
      ],
    },
    "engine/a.ts": { mutants: [mutant("Killed"), mutant("Killed")] },
    "engine/none.ts": { mutants: [] },
  },
};

describe("npm run mutate's report", () => {
  it("counts killed (and timed-out) against survived (and uncovered); invalid and ignored mutants count nowhere", () => {
    expect(fileScores(report)).toEqual([
      { file: "engine/a.ts", mutants: 2, killed: 2, survived: 0, score: 100 },
      { file: "engine/b.ts", mutants: 4, killed: 2, survived: 2, score: 50 },
      { file: "engine/none.ts", mutants: 0, killed: 0, survived: 0, score: 100 },
    ]);
  });

  it("lists each survivor by file and line", () => {
    expect(survivors(report)).toEqual([
      {
        file: "engine/b.ts",
        line: 3,
        mutator: "StringLiteral",
        replacement: "false",
        status: "NoCoverage",
      },
      {
        file: "engine/b.ts",
        line: 9,
        mutator: "BooleanLiteral",
        replacement: "false",
        status: "Survived",
      },
    ]);
  });

  it("renders a table that reads back, flags rows under the target and totals several modules", () => {
    const rows = fileScores(report).slice(0, 2);
    const table = renderScoreTable(rows, 85);
    expect(table).toBe(
      [
        "| module | mutants | killed | survived | score |",
        "|---|---:|---:|---:|---:|",
        "| `engine/a.ts` | 2 | 2 | 0 | 100.0 % |",
        "| `engine/b.ts` | 4 | 2 | 2 | 50.0 % (below target) |",
        "| all curated modules | 6 | 4 | 2 | 66.7 % |",
        "",
      ].join("\n"),
    );
    expect(parseScoreTable(table)).toEqual(rows);
    expect(renderScoreTable(rows.slice(0, 1), 85)).not.toContain("all curated modules");
  });

  it("a partial run replaces its own rows and keeps the others, in the curated order", () => {
    const old = [
      { file: "x.ts", mutants: 1, killed: 0, survived: 1, score: 0 },
      { file: "y.ts", mutants: 2, killed: 2, survived: 0, score: 100 },
    ];
    const fresh = [{ file: "x.ts", mutants: 1, killed: 1, survived: 0, score: 100 }];
    expect(mergeScores(old, fresh, ["y.ts", "x.ts", "z.ts"])).toEqual([old[1], fresh[0]]);
  });

  it("writes between the markers only, and refuses a document without them", () => {
    const doc = `# T\n\n${BEGIN}\nold\n${END}\n\nafter\n`;
    const next = replaceSection(doc, "new\n");
    expect(next).toBe(`# T\n\n${BEGIN}\nnew\n${END}\n\nafter\n`);
    expect(sectionOf(next)).toBe("\nnew\n");
    expect(() => replaceSection("# no markers\n", "x")).toThrow(/no .* section/);
    expect(sectionOf("# no markers\n")).toBe("");
  });

  it("the curated list names each module once, with tests to judge it", () => {
    const files = MUTATION_GROUPS.flatMap((g) => g.files);
    expect(new Set(files).size).toBe(files.length);
    expect(files).toEqual(
      expect.arrayContaining([
        "engine/agent/ledger/ledger.ts",
        "engine/agent/catalog.ts",
        "engine/flow/state.ts",
        "engine/kicad/draft/draft-schematic.ts",
        "engine/agent/tools/draft-schematic.ts",
        "engine/agent/tools/kicad-load-guard.ts",
        "engine/agent/tools/confine.ts",
        "engine/agent/redact.ts",
        "engine/repo/snapshot.ts",
      ]),
    );
    for (const group of MUTATION_GROUPS) expect(group.tests.length, group.name).toBeGreaterThan(0);
  });
});
