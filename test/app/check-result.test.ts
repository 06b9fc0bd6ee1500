import { zipSync } from "fflate";
import { describe, expect, test } from "vitest";
import { readCheckResult } from "../../app/check-result.js";
import { checkArtifact, checkReport } from "./fixtures/check-results.js";

const good = { schema: 1, repository: "o/r", sha: "a".repeat(40), pr: 3, report: checkReport() };

describe("check-result.json from an artifact", () => {
  test("a well-formed artifact parses", () => {
    const read = readCheckResult(checkArtifact(good));
    expect("result" in read && read.result.pr).toBe(3);
  });

  test.each([
    ["extra keys", { ...good, extra: 1 }, "does not match the schema"],
    ["a short sha", { ...good, sha: "abc" }, "sha"],
    ["a report that is not copperhead check --json", { ...good, report: { ok: true } }, "report"],
    ["a number for pr", { ...good, pr: "3" }, "pr"],
  ])("%s is refused", (_what, result, why) => {
    const read = readCheckResult(checkArtifact(result));
    expect("refused" in read && read.refused).toContain(why);
  });

  test("a zip bomb is never inflated: an entry claiming more than 10 MB is skipped", () => {
    const huge = new Uint8Array(11 * 1024 * 1024);
    const read = readCheckResult(zipSync({ "check-result.json": huge }, { level: 9 }));
    expect("refused" in read && read.refused).toContain(
      "holds no check-result.json (or one over 10 MB)",
    );
  });

  test("bytes that are not UTF-8 JSON are refused", () => {
    const read = readCheckResult(
      zipSync({ "check-result.json": new Uint8Array([0xff, 0xfe, 0x00]) }),
    );
    expect("refused" in read && read.refused).toContain("not UTF-8 JSON");
  });
});
