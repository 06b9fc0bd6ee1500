import { describe, expect, it } from "vitest";
import { parseAgentFlags } from "../../../engine/cli/agent-flags.js";
import { UsageError } from "../../../engine/errors.js";

const usage = "copperhead x [flags]";

describe("parseAgentFlags", () => {
  it("--scripted <path> is --provider scripted --script <path>", () => {
    expect(parseAgentFlags({ scripted: "sessions" }, usage)).toEqual({
      provider: "scripted",
      script: "sessions",
    });
    expect(parseAgentFlags({ scripted: "s", provider: "scripted", model: "m" }, usage)).toEqual({
      provider: "scripted",
      script: "s",
      model: "m",
    });
  });

  it("refuses --scripted beside --script or another provider, naming the clash", () => {
    expect(() => parseAgentFlags({ scripted: "a", script: "b" }, usage)).toThrow(
      /cannot be combined with --script/,
    );
    const error = (() => {
      try {
        parseAgentFlags({ scripted: "a", provider: "anthropic" }, usage);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(UsageError);
    expect((error as UsageError).message).toContain("--provider anthropic");
    expect((error as UsageError).fix).toContain("--provider scripted --script <file|dir>");
  });

  it("names the flag of a bad value", () => {
    expect(() => parseAgentFlags({ "max-turns": "0" }, usage)).toThrow(/--max-turns/);
    expect(parseAgentFlags({ "max-turns": "12" }, usage)).toEqual({ "max-turns": 12 });
  });
});
