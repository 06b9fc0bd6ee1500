import { describe, expect, test } from "vitest";
import { renderTracker } from "../../../app/render/tracker.js";
import { halfwayView } from "./fixtures.js";

describe("renderTracker", () => {
  test("a failed run: stage table, costs, the render, the resume hint", () => {
    expect(renderTracker(halfwayView())).toMatchSnapshot();
  });

  test("a running stage and a cancelled run say so; nothing is left running after a cancel", () => {
    const view = halfwayView();
    view.run = { ...view.run!, status: "in_progress", conclusion: null };
    view.stages[4]!.job = {
      name: "copperhead / layout",
      status: "in_progress",
      conclusion: null,
      htmlUrl: "https://x/job/l",
    };
    const running = renderTracker(view);
    expect(running).toContain("**Running**: `layout`");
    expect(running).toContain("| layout | 🔄 running |");
    expect(running).not.toContain("**Resume**");
    view.run = { ...view.run!, status: "completed", conclusion: "cancelled" };
    view.stages[4]!.job = {
      name: "copperhead / layout",
      status: "completed",
      conclusion: "cancelled",
      htmlUrl: "https://x/job/l",
    };
    const cancelled = renderTracker(view);
    expect(cancelled).toContain("**Stopped**: the [run]");
    expect(cancelled).toContain("| layout | 🚫 cancelled |");
    expect(cancelled).not.toContain("running");
  });

  test("stays under GitHub's comment limit whatever the notes say, and untrusted text cannot open HTML or mention", () => {
    const view = halfwayView();
    view.notes = Array.from(
      { length: 200 },
      (_, i) => `note ${i} <img src=x onerror=alert(1)> @admin ${"x".repeat(900)}`,
    );
    const body = renderTracker(view);
    expect(body.length).toBeLessThan(65_536);
    expect(body).toContain("characters cut (GitHub's size limit)");
    expect(body).not.toContain("<img");
    expect(body).not.toMatch(/@admin/);
    expect(body.startsWith("<!-- copperhead:tracker v1 -->")).toBe(true);
  });
});
