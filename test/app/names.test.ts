import { describe, expect, test } from "vitest";
import {
  branchForBrief,
  branchForIssue,
  checkRequestId,
  checkRequestOf,
  continuationOf,
  designRequestId,
  issueOfBranch,
  requestIdOf,
  stageOfJob,
} from "../../app/names.js";
import { stageNames } from "../../engine/flow/stage-names.js";

describe("names the App and the workflow share", () => {
  test("design branches round-trip to their issue; brief branches are stable", () => {
    for (const n of [1, 7, 12345]) expect(issueOfBranch(branchForIssue(n))).toBe(n);
    expect(issueOfBranch("copperhead/brief")).toBeNull();
    expect(issueOfBranch("copperhead/issue-07")).toBeNull();
    expect(branchForBrief("brief.md")).toBe("copperhead/brief");
    expect(branchForBrief("docs/Sensor Brief.md")).toBe("copperhead/brief-docs-sensor-brief");
  });

  test("job names map to stages and nothing else does", () => {
    for (const s of stageNames) expect(stageOfJob(`copperhead / ${s}`)).toBe(s);
    for (const name of ["copperhead / pcb", "build", "copperhead/spec", "spec"])
      expect(stageOfJob(name)).toBeNull();
  });

  test("a check request id carries its commit and PR through the run's name", () => {
    const sha = "a".repeat(40);
    for (const pr of [null, 5]) {
      const id = checkRequestId(sha, pr, "0b9c-11");
      expect(requestIdOf(`copperhead check aaaa [${id}]`)).toBe(id);
      expect(checkRequestOf(id)).toEqual({ sha, pr });
    }
    expect(checkRequestOf("d-123")).toBeNull();
    expect(requestIdOf("no id here")).toBeNull();
  });

  test("a design request id carries its automatic continuation number through the run's name", () => {
    const uuid = "c1234567-89ab-4def-8123-456789abcdef";
    expect(continuationOf(requestIdOf(`copperhead b [${designRequestId(uuid)}]`))).toBe(0);
    for (const n of [1, 3, 10]) {
      const id = designRequestId(uuid, n);
      expect(id).toBe(`d-c${n}-${uuid}`);
      expect(continuationOf(requestIdOf(`copperhead copperhead/issue-3 [${id}]`))).toBe(n);
    }
    expect(continuationOf(null)).toBe(0);
    expect(continuationOf("d-c0-x")).toBe(0);
  });
});
