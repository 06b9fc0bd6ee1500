import { describe, expect, it } from "vitest";
import { mapPool } from "../../../engine/flow/pool.js";

describe("bounded pool", () => {
  it("keeps input order and never exceeds the limit", async () => {
    let running = 0;
    let peak = 0;
    const items = Array.from({ length: 40 }, (_, i) => i);
    const out = await mapPool(items, 4, async (n) => {
      running++;
      peak = Math.max(peak, running);
      await new Promise((r) => setTimeout(r, (n * 7) % 5));
      running--;
      return n * 2;
    });
    expect(out).toEqual(items.map((n) => n * 2));
    expect(peak).toBe(4);
  });

  it("handles an empty list and propagates a failure", async () => {
    expect(await mapPool([], 8, async () => 1)).toEqual([]);
    await expect(
      mapPool([1, 2, 3], 2, async (n) => {
        if (n === 2) throw new Error("boom");
        return n;
      }),
    ).rejects.toThrow("boom");
  });
});
