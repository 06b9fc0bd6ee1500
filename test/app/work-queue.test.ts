import { describe, expect, test } from "vitest";
import { WorkQueue } from "../../app/work-queue.js";

const tick = () => new Promise((r) => setTimeout(r, 5));

describe("WorkQueue", () => {
  test("jobs of one key run one at a time in order; other keys run alongside; errors are reported, not thrown", async () => {
    const errors: unknown[] = [];
    const q = new WorkQueue((e, key) => errors.push([key, (e as Error).message]));
    const log: string[] = [];
    let running = 0;
    let most = 0;
    const job = (name: string) => async () => {
      running++;
      most = Math.max(most, running);
      log.push(`start ${name}`);
      await tick();
      log.push(`end ${name}`);
      running--;
    };
    q.enqueue("a", job("a1"));
    q.enqueue("a", async () => {
      throw new Error("boom");
    });
    q.enqueue("a", job("a2"));
    q.enqueue("b", job("b1"));
    await q.idle();
    expect(log.filter((l) => l.endsWith("a1") || l.endsWith("a2"))).toEqual([
      "start a1",
      "end a1",
      "start a2",
      "end a2",
    ]);
    expect(most).toBe(2);
    expect(errors).toEqual([["a", "boom"]]);
  });

  test("a tagged job not yet started stands for the next one with the same key and tag", async () => {
    const q = new WorkQueue(() => {});
    let refreshes = 0;
    q.enqueue("a", async () => void (await tick()));
    for (let i = 0; i < 5; i++) q.enqueue("a", async () => void refreshes++, "refresh");
    await q.idle();
    expect(refreshes).toBe(1);
    q.enqueue("a", async () => void refreshes++, "refresh");
    await q.idle();
    expect(refreshes).toBe(2);
  });
});
