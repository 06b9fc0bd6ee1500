import { describe, expect, it } from "vitest";
import { createLimit } from "../../../../engine/kicad/cli/concurrency-limit.js";

describe("createLimit", () => {
  it("never runs more than `size` tasks at once and finishes them all in order of arrival", async () => {
    const limit = createLimit(3);
    let active = 0;
    let peak = 0;
    const started: number[] = [];
    const task = (id: number) => async () => {
      started.push(id);
      active++;
      peak = Math.max(peak, active);
      await new Promise((resolve) => setTimeout(resolve, 5));
      active--;
      return id * 2;
    };
    const results = await Promise.all(Array.from({ length: 10 }, (_, id) => limit(task(id))));
    expect(results).toEqual([0, 2, 4, 6, 8, 10, 12, 14, 16, 18]);
    expect(peak).toBe(3);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it("frees the slot of a task that throws", async () => {
    const limit = createLimit(1);
    await expect(limit(() => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    await expect(limit(async () => "next")).resolves.toBe("next");
  });

  it("rejects a size that is not a positive integer", () => {
    expect(() => createLimit(0)).toThrow(RangeError);
    expect(() => createLimit(1.5)).toThrow(RangeError);
  });
});
