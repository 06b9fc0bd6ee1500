import { describe, expect, test } from "vitest";
import { code, inline, truncate } from "../../../engine/markdown/inline.js";

describe("markdown helpers", () => {
  test("inline text cannot open HTML, close a marker, mention or link an issue", () => {
    const out = inline("a <b>x</b> --> <!-- @octocat #12 `code` | pipe\u200b\nnext");
    expect(out).not.toMatch(/<|>/);
    expect(out).not.toContain("@octocat");
    expect(out).not.toContain("#12");
    expect(out).not.toContain("\u200b");
    expect(out).not.toContain("\n");
    expect(out).toContain("\\|");
  });

  test("code spans hold text literally without a way out", () => {
    expect(code("a`b")).toBe("`a'b`");
  });

  test("truncate keeps text under the limit and says what was cut", () => {
    const long = "line\n".repeat(20_000);
    const out = truncate(long, 1000);
    expect(out.length).toBeLessThanOrEqual(1000);
    expect(out).toMatch(/… \d+ more characters cut/);
    expect(truncate("short")).toBe("short");
  });
});
