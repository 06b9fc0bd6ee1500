import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { Ledger } from "../../../../engine/agent/ledger/ledger.js";
import { ledgerStateSchema } from "../../../../engine/agent/ledger/ledger-state.js";
import { runAgent } from "../../../../engine/agent/loop/run-agent.js";
import type { ScriptedTurn } from "../../../../engine/agent/providers/script-schema.js";
import { ScriptedProvider } from "../../../../engine/agent/providers/scripted.js";
import { fakeTools, tempRepo } from "../loop/fake-tools.js";
import { call, finishDone, unlock } from "../loop/script-steps.js";

async function run(script: ScriptedTurn[], ledger: Ledger) {
  const repo = await tempRepo();
  const provider = new ScriptedProvider(script);
  const result = await runAgent({
    provider,
    tools: fakeTools(),
    ledger,
    system: "sys",
    prompt: "go",
    repo,
    stage: "schematic",
    attempt: 1,
    env: {},
  });
  return { result, provider, repo };
}

const createLedger = (engineAuthored = true) =>
  new Ledger({ origin: "create", sheet: { present: true, engineAuthored } });

describe("seed 000 ledger scenarios (scripted loop, fake tools)", () => {
  it("AC-16.24: finish refuses while the sheet is illegible, and lists the findings", async () => {
    const { result } = await run(
      [
        ...unlock,
        call("draft_schematic", { errors: 2 }),
        call("run_erc", { violations: 0 }),
        call("check_drift", { findings: 0 }),
        finishDone({ obligationsOpen: ["legibility"] }),
        // The refusal reaches the model as an ordinary tool result naming the findings.
        call(
          "check_legibility",
          { errors: 0 },
          {
            lastResultIncludes:
              "cannot finish yet:\n- [legibility] 2 error-severity legibility finding(s) unreconciled",
          },
        ),
        finishDone({ obligationsClosed: ["legibility"] }),
      ],
      createLedger(),
    );
    expect(result.exit).toBe("done");
    expect(result.turns).toBe(8);
  });

  it("clean rerun clears the obligation; a still-failing rerun keeps the current list", async () => {
    const ledger = createLedger();
    const { result } = await run(
      [
        ...unlock,
        call("draft_schematic", { errors: 3 }),
        call("check_legibility", { errors: 1 }, { obligationsOpen: ["legibility"] }),
        finishDone({ obligationsOpen: ["legibility"] }),
        call(
          "check_legibility",
          { errors: 0 },
          { lastResultIncludes: "1 error-severity legibility finding(s)" },
        ),
        call("run_erc", { violations: 0 }, { obligationsClosed: ["legibility"] }),
        call("check_drift", { findings: 0 }),
        finishDone(),
      ],
      ledger,
    );
    expect(result.exit).toBe("done");
    expect(ledger.open.map((o) => o.kind)).toEqual(["changelog"]);
  });

  it("draft re-opens: a mutation after a clean check re-opens legibility, ERC and drift", async () => {
    const { result } = await run(
      [
        ...unlock,
        call("draft_schematic", { errors: 0 }, {}),
        call("run_erc", { violations: 0 }, { obligationsClosed: ["legibility"] }),
        call("check_drift", { findings: 0 }),
        call(
          "edit_file",
          { path: "hw/board.kicad_sch", kind: "schematic" },
          { obligationsClosed: ["legibility", "erc", "drift"] },
        ),
        finishDone({ obligationsOpen: ["legibility", "erc", "drift"] }),
        call(
          "check_legibility",
          { errors: 0 },
          { lastResultIncludes: "ERC has not passed since the last KiCad edit (run run_erc)" },
        ),
        call("run_erc", { violations: 0 }),
        call("check_drift", { findings: 0 }),
        finishDone(),
      ],
      createLedger(),
    );
    expect(result.exit).toBe("done");
  });

  it("hand takeover releases the gate: a re-saved sheet gets advisories, never an obligation", async () => {
    const ledger = createLedger(false);
    const { result } = await run(
      [
        ...unlock,
        call("edit_file", { path: "hw/board.kicad_sch", kind: "schematic" }),
        call(
          "check_legibility",
          { errors: 4 },
          { obligationsClosed: ["legibility"], obligationsOpen: ["erc"] },
        ),
        call(
          "run_erc",
          { violations: 0 },
          { obligationsClosed: ["legibility"], lastResultIncludes: "4. move apart by 2.54 mm" },
        ),
        call("check_drift", { findings: 0 }),
        finishDone(),
      ],
      ledger,
    );
    expect(result.exit).toBe("done");
    expect(result.ledger.advisories).toHaveLength(4);
  });

  it("hand-drawn (init-origin) repos are informed, never wedged", async () => {
    const ledger = new Ledger({ origin: "init", sheet: { present: true, engineAuthored: true } });
    const { result } = await run(
      [
        ...unlock,
        call("edit_file", { path: "a.kicad_sch", kind: "schematic" }),
        call("check_legibility", { errors: 2 }),
        call("run_erc", { violations: 0 }),
        call("check_drift", { findings: 0 }),
        finishDone(),
      ],
      ledger,
    );
    expect(result.exit).toBe("done");
    expect(result.ledger.obligations.some((o) => o.kind === "legibility")).toBe(false);
  });

  it("a create repo whose schematic is not scaffolded yet keeps the gate", async () => {
    const ledger = new Ledger({ origin: "create", sheet: { present: false } });
    const { result } = await run(
      [
        ...unlock,
        call("edit_file", { path: "hw/new.kicad_sch", kind: "schematic" }, {}),
        finishDone({ obligationsOpen: ["legibility", "erc", "drift"] }),
        call("finish", { outcome: "refuse", summary: "giving up" }),
      ],
      ledger,
    );
    expect(result.exit).toBe("refused");
    expect(result.ledger.obligations.map((o) => o.kind).sort()).toEqual([
      "changelog",
      "drift",
      "erc",
      "legibility",
    ]);
  });

  it("no schematic configured: check_legibility says so, clears, and the run continues", async () => {
    const ledger = new Ledger({ origin: "create", sheet: { present: false } });
    const { result, provider } = await run(
      [
        ...unlock,
        // A draft with errors leaves legibility open: there is something for the check to clear.
        call("draft_schematic", { errors: 2 }),
        call("check_legibility", { errors: 0, absent: true }),
        call("run_erc", { violations: 0 }),
        call("check_drift", { findings: 0 }),
        finishDone(),
      ],
      ledger,
    );
    const [, , , afterDraft, afterCheck] = provider.views;
    expect(afterDraft?.openObligations).toContain("legibility");
    expect(afterCheck?.lastToolResult).toContain("no schematic is configured");
    expect(afterCheck?.openObligations).not.toContain("legibility");
    expect(result.ledger.sheet).toEqual({ present: false });
    expect(result.exit).toBe("done");
    expect(result.turns).toBe(7);
  });

  it("drafting is spec-gated: draft_schematic and edit tools are absent until the proposal validates", async () => {
    const { result } = await run(
      [
        call(
          "propose_change",
          { id: "x" },
          {
            catalogExcludes: ["draft_schematic", "edit_file", "write_changelog"],
            catalogIncludes: ["run_erc", "finish"],
          },
        ),
        call("draft_schematic", { errors: 0 }),
        call(
          "validate_change",
          { id: "x" },
          {
            lastResultIncludes:
              'tool "draft_schematic" is not available (edit tools unlock after the proposal validates',
          },
        ),
        finishDone({ catalogIncludes: ["draft_schematic", "edit_file"] }),
      ],
      createLedger(),
    );
    expect(result.exit).toBe("done");
  });

  it("board edits demand DRC; finish lists every unmet obligation at once (seed 001 wording)", async () => {
    const { result, repo } = await run(
      [
        ...unlock,
        call("edit_file", { path: "hw/board.kicad_pcb", kind: "board" }),
        call("edit_file", { path: "docs/BOM.md", kind: "doc" }),
        finishDone(),
        call(
          "run_drc",
          { violations: 0 },
          {
            lastResultIncludes:
              "cannot finish yet:\n- [erc] ERC has not passed since the last KiCad edit (run run_erc) (opened by hw/board.kicad_pcb)\n- [drc] DRC has not passed since the last board edit (run run_drc) (opened by hw/board.kicad_pcb)\n- [drift] check_drift must run clean after doc or KiCad edits (opened by docs/BOM.md)",
          },
        ),
        call("run_erc", { violations: 0 }),
        call("check_drift", { findings: 0 }),
        call("write_changelog", {}, { obligationsOpen: ["changelog"] }),
        finishDone({ obligationsClosed: ["erc", "drc", "drift", "changelog"] }),
      ],
      createLedger(),
    );
    expect(result.exit).toBe("done");
    const saved = ledgerStateSchema.parse(
      JSON.parse(await readFile(join(repo, ".copperhead/runs/schematic/1/ledger.json"), "utf8")),
    );
    expect(saved.obligations).toEqual([]);
    expect(saved.validatedProposal).toBe("add-led");
  });

  it("constraint revisits open per affected item and clear when resolved", () => {
    const ledger = new Ledger({ origin: "create", sheet: { present: false } });
    ledger.apply("record_constraint", {
      constraintRevisit: {
        open: [
          { key: "power.sleep_uA", item: "U1" },
          { key: "power.sleep_uA", item: "U2" },
        ],
        resolved: [],
      },
    });
    expect(ledger.blocking.map((o) => o.detail)).toEqual([
      "power.sleep_uA affects U1: revisit U1 for constraint power.sleep_uA",
      "power.sleep_uA affects U2: revisit U2 for constraint power.sleep_uA",
    ]);
    ledger.apply("resolve_affected", {
      constraintRevisit: { open: [], resolved: [{ key: "power.sleep_uA", item: "U1" }] },
    });
    expect(ledger.blocking.map((o) => o.openedBy)).toEqual(["record_constraint"]);
    expect(new Ledger(ledger.state()).state()).toEqual(ledger.state());
  });
});
