import { describe, expect, it } from "vitest";
import type { ToolFacts } from "../../../../engine/agent/ledger/facts.js";
import { Ledger } from "../../../../engine/agent/ledger/ledger.js";

// The ledger's post-tool hook one fact at a time: what opens, what clears, with which text.
const finding = (n: number) => ({
  kind: "symbol-overlap",
  severity: "error" as const,
  sheet: "/",
  at: { x: n, y: 0 },
  refs: [`R${n}`, `R${n + 1}`],
  detail: `move apart by ${n} mm`,
});
const legibility = (errors: number, extra: Partial<NonNullable<ToolFacts["legibility"]>> = {}) => ({
  legibility: {
    errors,
    findings: Array.from({ length: errors }, (_, i) => finding(i + 1)),
    sheetPresent: true,
    ...extra,
  },
});
const schematicEdit = (engineAuthored?: boolean): ToolFacts => ({
  mutated: {
    kind: "schematic",
    path: "hw/board.kicad_sch",
    ...(engineAuthored === undefined ? {} : { engineAuthored }),
  },
});
const kinds = (ledger: Ledger) => ledger.open.map((o) => o.kind);
const create = (engineAuthored: boolean) =>
  new Ledger({ origin: "create", sheet: { present: true, engineAuthored } });

describe("ledger: mutations open their checks", () => {
  it("a schematic edit opens ERC, drift, legibility (create origin, stamped sheet) and the changelog, each naming the file", () => {
    const ledger = create(true);
    ledger.apply("edit_file", schematicEdit());
    expect(ledger.open).toEqual([
      {
        kind: "erc",
        detail: "ERC has not passed since the last KiCad edit (run run_erc)",
        openedBy: "hw/board.kicad_sch",
      },
      {
        kind: "drift",
        detail: "check_drift must run clean after doc or KiCad edits",
        openedBy: "hw/board.kicad_sch",
      },
      {
        kind: "legibility",
        detail: "check_legibility must run clean after schematic edits",
        openedBy: "hw/board.kicad_sch",
      },
      {
        kind: "changelog",
        detail: "CHANGELOG.md entry for this run",
        openedBy: "hw/board.kicad_sch",
      },
    ]);
    // The changelog is the commit path's to settle: finish does not wait on it.
    expect(ledger.blocking.map((o) => o.kind)).toEqual(["erc", "drift", "legibility"]);
  });

  it("each kind of file opens its own set", () => {
    const opened = (kind: "board" | "doc" | "kicad-other" | "other") => {
      const ledger = create(true);
      ledger.apply("write_file", { mutated: { kind, path: `f.${kind}` } });
      return kinds(ledger);
    };
    expect(opened("board")).toEqual(["erc", "drc", "drift", "changelog"]);
    expect(opened("kicad-other")).toEqual(["erc", "drift", "changelog"]);
    expect(opened("doc")).toEqual(["drift", "changelog"]);
    expect(opened("other")).toEqual(["changelog"]);
  });

  it("one obligation per kind: a second edit moves it to the newest file instead of adding one", () => {
    const ledger = create(true);
    ledger.apply("write_file", { mutated: { kind: "doc", path: "docs/BOM.md" } });
    ledger.apply("write_file", {
      mutated: [
        { kind: "doc", path: "docs/PINOUT.md" },
        { kind: "other", path: "notes.txt" },
      ],
    });
    expect(ledger.open).toEqual([
      {
        kind: "drift",
        detail: "check_drift must run clean after doc or KiCad edits",
        openedBy: "docs/PINOUT.md",
      },
      { kind: "changelog", detail: "CHANGELOG.md entry for this run", openedBy: "notes.txt" },
    ]);
  });

  it("a mutation's engine-authored fact decides legibility: a person's re-save releases it, a fresh stamp takes it back", () => {
    // Issue 13 row 6: the mutation says the sheet no longer carries copperhead's stamp.
    const ledger = create(true);
    ledger.apply("edit_file", schematicEdit(false));
    expect(kinds(ledger)).not.toContain("legibility");
    expect(ledger.state().sheet).toEqual({ present: true, engineAuthored: false });
    ledger.apply("draft_schematic", schematicEdit(true));
    expect(kinds(ledger)).toContain("legibility");
    expect(ledger.state().sheet).toEqual({ present: true, engineAuthored: true });
  });

  it("a mutation that does not report the stamp keeps the sheet's; a sheet that did not exist is copperhead's", () => {
    const person = create(false);
    person.apply("edit_file", schematicEdit());
    expect(person.state().sheet.engineAuthored).toBe(false);
    expect(kinds(person)).not.toContain("legibility");

    const fresh = new Ledger({ origin: "create", sheet: { present: false } });
    fresh.apply("write_file", schematicEdit());
    expect(fresh.state().sheet).toEqual({ present: true, engineAuthored: true });
    expect(kinds(fresh)).toContain("legibility");
  });

  it("a schematic edit in a repo copperhead did not create clears a legibility obligation instead of opening one", () => {
    const ledger = new Ledger({
      origin: "init",
      sheet: { present: true, engineAuthored: true },
      obligations: [{ kind: "legibility", detail: "stale", openedBy: "x" }],
      advisories: [],
    });
    ledger.apply("edit_file", schematicEdit(true));
    expect(kinds(ledger)).toEqual(["erc", "drift", "changelog"]);
  });
});

describe("ledger: checks clear or keep their obligations", () => {
  it("a clean check clears its kind only; a failing one keeps it open with the count and the rerun, even if no edit opened it", () => {
    const ledger = create(true);
    ledger.apply("write_file", { mutated: { kind: "board", path: "hw/b.kicad_pcb" } });
    ledger.apply("run_erc", { erc: { violations: 0 } });
    expect(kinds(ledger)).toEqual(["drc", "drift", "changelog"]);
    ledger.apply("run_drc", { drc: { violations: 3 } });
    expect(ledger.open.find((o) => o.kind === "drc")).toEqual({
      kind: "drc",
      detail: "DRC reports 3 unresolved issue(s) (fix them and run_drc again)",
      openedBy: "run_drc",
    });
    ledger.apply("check_drift", { drift: { findings: 2 } });
    expect(ledger.open.find((o) => o.kind === "drift")?.detail).toBe(
      "drift check reports 2 unresolved issue(s) (fix them and check_drift again)",
    );
    const clean = create(true);
    clean.apply("run_erc", { erc: { violations: 1 } });
    expect(clean.open).toEqual([
      {
        kind: "erc",
        detail: "ERC reports 1 unresolved issue(s) (fix them and run_erc again)",
        openedBy: "run_erc",
      },
    ]);
    clean.apply("run_erc", { erc: { violations: 0 } });
    ledger.apply("run_drc", { drc: { violations: 0 } });
    ledger.apply("check_drift", { drift: { findings: 0 } });
    expect(clean.open).toEqual([]);
    expect(kinds(ledger)).toEqual(["changelog"]);
  });

  it("the changelog fact settles the changelog; clear() removes a kind", () => {
    const ledger = create(true);
    ledger.apply("write_file", { mutated: { kind: "doc", path: "docs/BOM.md" } });
    ledger.apply("write_changelog", { changelog: true });
    expect(kinds(ledger)).toEqual(["drift"]);
    ledger.clear("drift");
    expect(ledger.open).toEqual([]);
  });

  it("legibility errors on a gated sheet open the obligation with the count and every error finding", () => {
    const ledger = create(true);
    ledger.apply("check_legibility", {
      legibility: {
        errors: 2,
        findings: [finding(1), { ...finding(7), severity: "advisory" as const }, finding(2)],
        sheetPresent: true,
      },
    });
    expect(ledger.open).toEqual([
      {
        kind: "legibility",
        detail: [
          "2 error-severity legibility finding(s) unreconciled (fix and run check_legibility again)",
          "    symbol-overlap [R1, R2] on /: move apart by 1 mm",
          "    symbol-overlap [R2, R3] on /: move apart by 2 mm",
        ].join("\n"),
        openedBy: "check_legibility",
      },
    ]);
    expect(ledger.state().advisories).toEqual([]);
  });

  it("a clean legibility check clears the obligation and the advisories", () => {
    const ledger = create(false);
    ledger.apply("check_legibility", legibility(1));
    expect(ledger.state().advisories).toEqual(["symbol-overlap [R1, R2] on /: move apart by 1 mm"]);
    ledger.apply("check_legibility", legibility(0, { engineAuthored: true }));
    expect(ledger.open).toEqual([]);
    expect(ledger.state().advisories).toEqual([]);
  });

  it("check_legibility's engine-authored fact decides the gate: a sheet re-saved by hand mid-run gets advisories, not an obligation", () => {
    // Issue 13 row 5: the ledger began with copperhead's sheet; the checker now reads eeschema's stamp.
    const ledger = create(true);
    ledger.apply("draft_schematic", schematicEdit(true));
    expect(kinds(ledger)).toContain("legibility");
    ledger.apply("check_legibility", legibility(2, { engineAuthored: false }));
    expect(kinds(ledger)).not.toContain("legibility");
    expect(ledger.state().sheet).toEqual({ present: true, engineAuthored: false });
    expect(ledger.state().advisories).toHaveLength(2);
    // And back: a stamped sheet with errors is gated again.
    ledger.apply("check_legibility", legibility(1, { engineAuthored: true }));
    expect(kinds(ledger)).toContain("legibility");
    expect(ledger.state().advisories).toEqual([]);
  });

  it("a check that does not report the stamp keeps the sheet's", () => {
    const ledger = create(false);
    ledger.apply("check_legibility", legibility(1));
    expect(ledger.state().sheet).toEqual({ present: true, engineAuthored: false });
    expect(kinds(ledger)).toEqual([]);
  });

  it("an error count without findings still says how many, as an advisory on an ungated sheet", () => {
    const ledger = create(false);
    ledger.apply("check_legibility", {
      legibility: { errors: 3, findings: [], sheetPresent: true },
    });
    expect(ledger.state().advisories).toEqual(["3 error-severity legibility finding(s)"]);
  });

  it("check_legibility with no sheet clears an open legibility obligation and records the sheet as absent", () => {
    // Issue 13 row 7: something was open to clear.
    const ledger = create(true);
    ledger.apply("draft_schematic", { ...schematicEdit(true), ...legibility(2) });
    expect(kinds(ledger)).toContain("legibility");
    ledger.apply("check_legibility", {
      legibility: { errors: 4, findings: [], sheetPresent: false },
    });
    expect(kinds(ledger)).not.toContain("legibility");
    expect(ledger.state().sheet).toEqual({ present: false });
    expect(ledger.state().advisories).toEqual([]);
  });
});

describe("ledger: proposals, revisits and state", () => {
  it("a validated proposal unlocks edits and is kept in the state", () => {
    const ledger = create(true);
    expect(ledger.editsUnlocked).toBe(false);
    ledger.apply("validate_change", { proposalValidated: "add-led" });
    expect(ledger.editsUnlocked).toBe(true);
    expect(ledger.state().validatedProposal).toBe("add-led");
    expect(ledger.open).toEqual([]);
  });

  it("a revisit opens once per key and item, and resolving one key/item leaves a longer key alone", () => {
    const ledger = create(true);
    const open = { open: [{ key: "v", item: "U1" }], resolved: [] };
    ledger.apply("record_constraint", { constraintRevisit: open });
    ledger.apply("record_constraint", { constraintRevisit: open });
    ledger.apply("record_constraint", {
      constraintRevisit: { open: [{ key: "v", item: "U10" }], resolved: [] },
    });
    expect(ledger.open.map((o) => o.detail)).toEqual([
      "v affects U1: revisit U1 for constraint v",
      "v affects U10: revisit U10 for constraint v",
    ]);
    ledger.apply("resolve_affected", {
      constraintRevisit: { open: [], resolved: [{ key: "v", item: "U1" }] },
    });
    expect(ledger.open.map((o) => o.detail)).toEqual([
      "v affects U10: revisit U10 for constraint v",
    ]);
    expect(ledger.blocking).toHaveLength(1);
  });

  it("state() is a copy: changing it changes nothing inside, and a ledger rebuilt from it is the same ledger", () => {
    const ledger = create(true);
    ledger.apply("edit_file", schematicEdit());
    const state = ledger.state();
    state.obligations.length = 0;
    state.sheet.present = false;
    expect(ledger.open).toHaveLength(4);
    expect(ledger.state().sheet.present).toBe(true);
    const rebuilt = new Ledger(ledger.state());
    expect(rebuilt.state()).toEqual(ledger.state());
    rebuilt.clear("erc");
    expect(kinds(ledger)).toContain("erc");
  });

  it("a new ledger starts empty and copies the sheet it was given", () => {
    const sheet = { present: true, engineAuthored: true };
    const ledger = new Ledger({ origin: "create", sheet });
    sheet.present = false;
    expect(ledger.state()).toEqual({
      origin: "create",
      sheet: { present: true, engineAuthored: true },
      obligations: [],
      advisories: [],
    });
  });
});
