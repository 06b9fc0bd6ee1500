import { createRequire } from "node:module";
import { describe, expect, test } from "vitest";
import { type EventName, PayloadError, parseEvent } from "../../app/payloads.js";
import { describeError } from "../../engine/errors.js";

const require = createRequire(import.meta.url);
const examples: Array<{
  name: string;
  examples: Array<Record<string, unknown>>;
}> = require("@octokit/webhooks-examples");
const subscribed: EventName[] = [
  "issues",
  "issue_comment",
  "push",
  "pull_request",
  "check_run",
  "workflow_run",
  "workflow_job",
];

describe("every real payload of every event the App subscribes to parses", () => {
  for (const name of subscribed) {
    const list = examples.find((e) => e.name === name)!.examples;
    test(`${name}: ${list.length} examples`, () => {
      expect(list.length).toBeGreaterThan(0);
      for (const payload of list) {
        const event = parseEvent(name, payload);
        expect(event.kind).toBeTruthy();
        expect("repo" in event && event.repo.fullName).toMatch(/^[^/]+\/[^/]+$/);
      }
    });
  }
});

describe("parsed values", () => {
  test("a PR comment is marked as one, a Bot as a bot", () => {
    const list = examples.find((e) => e.name === "issue_comment")!.examples;
    const payload = structuredClone(list[0]!) as {
      issue: Record<string, unknown>;
      comment: { user: { type: string; login: string } };
    };
    payload.issue.pull_request = { url: "x" };
    payload.comment.user = { type: "Bot", login: "renovate[bot]" };
    const event = parseEvent("issue_comment", payload);
    expect(
      event.kind === "comment" && event.issue.isPullRequest && event.comment.author.isBot,
    ).toBe(true);
  });

  test("a delivery without the documented shape is a PayloadError that says what to do", () => {
    expect(() => parseEvent("issues", { action: "labeled" })).toThrow(PayloadError);
    let error: unknown;
    try {
      parseEvent("issues", { action: "labeled" });
    } catch (e) {
      error = e;
    }
    expect(describeError(error)).toContain("redeliver");
  });
});
