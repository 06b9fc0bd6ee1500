import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { outcomeSchema } from "../../../engine/flow/outcome.js";
import { OutcomeError, parseOutcome, readOutcome } from "../../../engine/flow/read-outcome.js";
import { outcomeFor } from "./flow-fixture.js";

const dirs: string[] = [];
afterAll(async () => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

// The example of DESIGN.md §4, with its elisions filled in.
const designExample = {
  schema: 1,
  stage: "schematic",
  attempt: 2,
  verdict: "fail",
  startedAt: "2025-03-01T12:00:00Z",
  finishedAt: "2025-03-01T12:09:30Z",
  commit: "3f2c9a1",
  brief: { path: "brief.md", sha256: "9".repeat(64) },
  evidence: [
    { check: "erc-clean", ok: true, detail: "0 violations" },
    { check: "legibility", ok: false, detail: "2 error findings" },
  ],
  obligations: [
    {
      kind: "legibility",
      detail: "2 error-severity findings unreconciled",
      openedBy: "hardware/board.kicad_sch",
    },
  ],
  findings: {
    erc: [],
    drc: [],
    legibility: [
      {
        kind: "symbol-overlap",
        severity: "error",
        sheet: "/",
        at: { x: 81.28, y: 76.2 },
        refs: ["R1", "R2"],
        detail: "R1 and R2 overlap",
      },
    ],
  },
  score: { composite: 40, cap: "error findings cap the score at 40" },
  artifacts: [{ path: "hardware/board.kicad_sch", sha256: "1".repeat(64) }],
  renders: [".copperhead/runs/schematic/2/renders/schematic.svg"],
  cost: { wallMs: 570000, turns: 31, tokensIn: 120000, tokensOut: 9000, cacheHits: 4 },
  resume: "copperhead create --brief brief.md",
};

describe("outcome contract", () => {
  it("accepts the DESIGN.md example, KiCad violations included", () => {
    const withErc = {
      ...designExample,
      findings: {
        ...designExample.findings,
        erc: [
          {
            type: "pin_not_connected",
            severity: "error",
            description: "Pin not connected",
            sheet: "/",
            items: [{ description: "Pin 2 of R1", pos: { x: 85.09, y: 60.96 } }],
          },
        ],
      },
    };
    const parsed = outcomeSchema.parse(withErc);
    expect(parsed.findings.erc[0]!.source).toBe("kicad-cli");
    expect(parsed.verdict).toBe("fail");
  });

  it("rejects what the App could not rely on", () => {
    const broken = [
      { ...designExample, schema: 2 },
      { ...designExample, verdict: "maybe" },
      { ...designExample, attempt: 0 },
      { ...designExample, brief: { path: "brief.md", sha256: "short" } },
      { ...designExample, cost: { ...designExample.cost, turns: -1 } },
      { ...designExample, startedAt: "yesterday" },
    ];
    for (const b of broken) expect(outcomeSchema.safeParse(b).success).toBe(false);
  });

  it("reads an outcome.json, with typed errors that name the file", async () => {
    const dir = await mkdtemp(join(tmpdir(), "copperhead-outcome-"));
    dirs.push(dir);
    const good = join(dir, "good.json");
    await writeFile(good, JSON.stringify(outcomeFor("spec", 1, "pass")));
    expect((await readOutcome(good)).stage).toBe("spec");

    await expect(readOutcome(join(dir, "absent.json"))).rejects.toThrow(
      /no outcome.json was written/,
    );
    const garbled = join(dir, "garbled.json");
    await writeFile(garbled, '{"schema": 1, "stage": ');
    await expect(readOutcome(garbled)).rejects.toBeInstanceOf(OutcomeError);
    await expect(readOutcome(garbled)).rejects.toThrow(/garbled.json: not valid JSON/);
  });

  it("names the offending fields and refuses times that run backwards", () => {
    const text = JSON.stringify({ ...designExample, verdict: "maybe" });
    expect(() => parseOutcome(text, "o.json")).toThrow(/verdict/);
    const backwards = JSON.stringify({ ...designExample, finishedAt: "2025-03-01T11:00:00Z" });
    expect(() => parseOutcome(backwards, "o.json")).toThrow(/finishedAt is earlier/);
  });
});
