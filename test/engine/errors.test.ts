import { describe, expect, it } from "vitest";
import {
  CopperheadError,
  describeError,
  EnvironmentError,
  InterruptedError,
  UsageError,
} from "../../engine/errors.js";
import { KicadCliMissingError } from "../../engine/kicad/cli/errors.js";
import { SexpParseError } from "../../engine/kicad/sexp/parse-error.js";
import { GitError } from "../../engine/repo/git.js";

describe("CopperheadError", () => {
  it("keeps message and fix apart; only describeError joins them", () => {
    const error = new UsageError("no schematic given", "pass a .kicad_sch");
    expect(error.message).toBe("no schematic given");
    expect(error.fix).toBe("pass a .kicad_sch");
    expect(describeError(error)).toBe("no schematic given — pass a .kicad_sch");
    expect(describeError(new CopperheadError("bare", ""))).toBe("bare");
    expect(describeError(new Error("plain"))).toBe("plain");
    expect(describeError("text")).toBe("text");
  });

  it("has a category per class, which an instance may override", () => {
    expect(new UsageError("m", "f").category).toBe("usage");
    expect(new EnvironmentError("m", "f").category).toBe("environment");
    expect(new CopperheadError("m", "f").category).toBe("flow");
    expect(new KicadCliMissingError("m", "f").category).toBe("environment");
    expect(new GitError({ args: ["log"], stderr: "", fix: "f" }).category).toBe("environment");
    expect(new SexpParseError({ line: 1, column: 2, found: "x", expected: "(" }).category).toBe(
      "usage",
    );
    expect(new UsageError("m", "f", { category: "environment" }).category).toBe("environment");
    const cause = new Error("root");
    expect(new UsageError("m", "f", { cause }).cause).toBe(cause);
    expect(new UsageError("m", "f").name).toBe("UsageError");
  });

  it("InterruptedError carries the signal and its shell exit code", () => {
    const int = new InterruptedError("SIGINT");
    const term = new InterruptedError("SIGTERM");
    expect([int.signalName, int.exitCode]).toEqual(["SIGINT", 130]);
    expect([term.signalName, term.exitCode]).toEqual(["SIGTERM", 143]);
    expect(int).toBeInstanceOf(CopperheadError);
    expect(int.message).toBe("interrupted by SIGINT");
  });
});
