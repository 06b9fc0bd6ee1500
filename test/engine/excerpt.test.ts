import { describe, expect, it } from "vitest";
import { printableExcerpt, quoteExcerpt } from "../../engine/excerpt.js";

describe("quoteExcerpt: content fit for a message", () => {
  it("bounds the text and says when it was cut", () => {
    expect(quoteExcerpt("root:x:0:0:root:/root:/bin/bash", 12)).toBe('"root:x:0:0:r…"');
    expect(quoteExcerpt("short", 12)).toBe('"short"');
  });

  it("spells out everything a terminal or a renderer would act on", () => {
    const hostile = "a\u001b[2Jb\u202ec\u200bd\r\n\te\u0000\u{e0041}\ud800";
    expect(printableExcerpt(hostile, 100)).toBe(
      "a\\u{1b}[2Jb\\u{202e}c\\u{200b}d\\r\\n\\te\\u{0}\\u{e0041}\\u{d800}",
    );
  });

  it("keeps ordinary text, accents and emoji as they are, and escapes inner quotes", () => {
    expect(quoteExcerpt('Ωmega "µC" 🙂', 40)).toBe('"Ωmega \\"µC\\" 🙂"');
  });

  it("counts characters, not UTF-16 units, so a cut never splits a pair", () => {
    expect(printableExcerpt("🙂🙂🙂", 2)).toBe("🙂🙂…");
  });
});
