import { describe, expect, it } from "vitest";
import { withDraftQuality } from "../../../../../engine/kicad/layout/report/draft-quality-section.js";

const SECTION = "## Draft quality\n\nnew words\n";

describe("the Draft quality section of LAYOUT.md", () => {
  it("replaces only that section; the rest of the page stays byte for byte", () => {
    const doc =
      "# Layout\n\nintro\n\n## Draft quality\n\nold\n\n### To review\n\nold list\n\n## Notes\n\nkeep\n";
    expect(withDraftQuality(doc, SECTION)).toBe(
      "# Layout\n\nintro\n\n## Draft quality\n\nnew words\n\n## Notes\n\nkeep\n",
    );
  });

  it("is appended when the page has none, and makes a page when there is none", () => {
    expect(withDraftQuality("# Layout\n\nintro\n", SECTION)).toBe(
      "# Layout\n\nintro\n\n## Draft quality\n\nnew words\n",
    );
    expect(withDraftQuality(undefined, SECTION)).toBe(
      "# Layout\n\n## Draft quality\n\nnew words\n",
    );
  });

  it("is not fooled by a heading inside a code fence, and finds a setext one", () => {
    const fenced = "# Layout\n\n```\n## Draft quality\n```\n";
    expect(withDraftQuality(fenced, SECTION)).toBe(`${fenced}\n${SECTION}`);
    const setext = "Draft quality\n-------------\n\nold\n\n## Notes\n";
    expect(withDraftQuality(setext, SECTION)).toBe(`${SECTION}\n## Notes\n`);
  });
});
