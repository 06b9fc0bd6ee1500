import { describe, expect, test } from "vitest";
import {
  EMPTY_LEDGER,
  ledgerLine,
  mergeLedgers,
  readLedger,
  recordContinued,
  recordStopped,
} from "../../../app/render/ledger.js";

describe("the tracker's ledger", () => {
  test("round-trips through its hidden line and is absent while empty", () => {
    expect(ledgerLine(EMPTY_LEDGER)).toBeNull();
    const ledger = recordStopped(recordContinued(EMPTY_LEDGER, 7), 9);
    const body = `<!-- copperhead:tracker v1 -->\n${ledgerLine(ledger)}\n### copperhead`;
    expect(readLedger(body)).toEqual({ continuedAfter: [7], stopped: [9] });
  });

  test("keeps the newest twenty runs, each once; merging keeps both sides", () => {
    let ledger = EMPTY_LEDGER;
    for (let id = 1; id <= 25; id++) ledger = recordContinued(ledger, id);
    ledger = recordContinued(ledger, 10);
    expect(ledger.continuedAfter).toHaveLength(20);
    expect(ledger.continuedAfter.at(-1)).toBe(10);
    expect(ledger.continuedAfter.filter((id) => id === 10)).toHaveLength(1);
    expect(
      mergeLedgers({ continuedAfter: [1], stopped: [] }, { continuedAfter: [2], stopped: [3] }),
    ).toEqual({
      continuedAfter: [1, 2],
      stopped: [3],
    });
  });

  test.each([
    "no ledger here",
    "<!-- copperhead:ledger {not json} -->",
    '<!-- copperhead:ledger {"continuedAfter":[-1],"stopped":[]} -->',
    '<!-- copperhead:ledger {"continuedAfter":"7"} -->',
  ])("%s reads as empty", (body) => {
    expect(readLedger(body)).toEqual(EMPTY_LEDGER);
  });
});
