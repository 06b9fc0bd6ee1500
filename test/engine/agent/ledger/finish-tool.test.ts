import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createFinishTool, finishArgsSchema } from "../../../../engine/agent/ledger/finish-tool.js";
import { Ledger } from "../../../../engine/agent/ledger/ledger.js";

const context = { repo: "/nonexistent", stage: "do", attempt: 1, env: {} };
const ledgerWith = (open: boolean) => {
  const ledger = new Ledger({ origin: "create", sheet: { present: true, engineAuthored: true } });
  if (open) ledger.apply("write_file", { mutated: { kind: "board", path: "hw/b.kicad_pcb" } });
  return ledger;
};

describe("finish", () => {
  it("is a non-mutating tool named finish whose description says when done succeeds", () => {
    const tool = createFinishTool(ledgerWith(false));
    expect(tool.name).toBe("finish");
    expect(tool.mutating).toBe(false);
    expect(tool.description).toBe(
      "End the run. outcome done succeeds only when every verification obligation is met (ERC/DRC/drift/legibility after edits); otherwise it lists what is left.",
    );
  });

  it("its arguments: outcome done or refuse, a non-empty summary, each described for the model", () => {
    expect(finishArgsSchema.safeParse({ outcome: "done", summary: "x" }).success).toBe(true);
    expect(finishArgsSchema.safeParse({ outcome: "maybe", summary: "x" }).success).toBe(false);
    expect(finishArgsSchema.safeParse({ outcome: "done", summary: "" }).success).toBe(false);
    const schema = z.toJSONSchema(finishArgsSchema) as {
      properties: Record<string, { description?: string }>;
    };
    expect(schema.properties.outcome?.description).toBe(
      "done: the request is complete; refuse: it cannot or should not be done",
    );
    expect(schema.properties.summary?.description).toBe(
      "What was done (or why it was refused), for the commit and the report",
    );
  });

  it("done with nothing open is accepted, and says the run will commit", async () => {
    const args = { outcome: "done" as const, summary: "Added the note." };
    expect(await createFinishTool(ledgerWith(false)).run(args, context)).toEqual({
      ok: true,
      summary: "all gates satisfied",
      detail: "all gates satisfied; run will commit",
      facts: { finish: args },
    });
  });

  it("done with obligations open is an ordinary failed result listing each, and no finish fact", async () => {
    const result = await createFinishTool(ledgerWith(true)).run(
      { outcome: "done", summary: "Done." },
      context,
    );
    expect(result).toEqual({
      ok: false,
      errorKind: "check-failed",
      summary: "cannot finish yet: 3 obligation(s) open",
      detail: [
        "cannot finish yet:",
        "- [erc] ERC has not passed since the last KiCad edit (run run_erc) (opened by hw/b.kicad_pcb)",
        "- [drc] DRC has not passed since the last board edit (run run_drc) (opened by hw/b.kicad_pcb)",
        "- [drift] check_drift must run clean after doc or KiCad edits (opened by hw/b.kicad_pcb)",
      ].join("\n"),
    });
  });

  it("only the changelog open does not hold done: the commit path writes it", async () => {
    const ledger = ledgerWith(false);
    ledger.apply("write_file", { mutated: { kind: "other", path: "notes.txt" } });
    expect(ledger.open.map((o) => o.kind)).toEqual(["changelog"]);
    const result = await createFinishTool(ledger).run({ outcome: "done", summary: "ok" }, context);
    expect(result.ok).toBe(true);
  });

  it("refuse is always accepted, obligations open or not", async () => {
    const args = { outcome: "refuse" as const, summary: "Out of scope." };
    for (const open of [false, true]) {
      expect(await createFinishTool(ledgerWith(open)).run(args, context)).toEqual({
        ok: true,
        summary: "refused",
        detail: "run ends as refused",
        facts: { finish: args },
      });
    }
  });
});
