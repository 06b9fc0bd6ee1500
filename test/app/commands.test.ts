import { describe, expect, test } from "vitest";
import { parseCommand } from "../../app/commands.js";

describe("parseCommand", () => {
  test.each([
    ["/copperhead retry", { kind: "retry", stage: null }],
    ["/copperhead retry schematic", { kind: "retry", stage: "schematic" }],
    ["  /Copperhead RETRY Layout  ", { kind: "retry", stage: "layout" }],
    ["/copperhead status\n\n/copperhead stop", { kind: "status" }],
    ["/copperhead stop\r\nthanks", { kind: "stop" }],
  ])("%j → %j", (body, command) => {
    expect(parseCommand(body)).toEqual(command);
  });

  test.each([
    ["/copperhead", "use `/copperhead retry [stage]`"],
    ["/copperhead launch", "use `/copperhead retry [stage]`"],
    ["/copperhead retry pcb", "`pcb` is not a stage; the stages are spec, architecture"],
    ["/copperhead retry spec parts", "at most one stage"],
    ["/copperhead stop now", "stop takes no arguments"],
  ])("%j is a command with a usage answer", (body, reason) => {
    const c = parseCommand(body);
    expect(c?.kind).toBe("invalid");
    expect(c && "reason" in c ? c.reason : "").toContain(reason);
  });

  test.each([
    "please /copperhead retry",
    "> /copperhead retry",
    "thanks!\n/copperhead retry",
    "/copperheadretry",
    "`/copperhead retry`",
    "",
  ])("%j is not a command (first line only)", (body) => {
    expect(parseCommand(body)).toBeNull();
  });
});
