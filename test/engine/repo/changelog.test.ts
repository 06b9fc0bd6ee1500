import { describe, expect, it } from "vitest";
import { appendEntry, changelogLine, changelogPath } from "../../../engine/repo/changelog.js";

describe("the changelog entry", () => {
  it("is one line per run, its summary folded", () => {
    expect(changelogLine("spec #2", "Wrote the spec\n  with budgets.")).toBe(
      "- [spec #2] Wrote the spec with budgets.\n",
    );
  });

  it("is appended after the last line; a missing file starts with a heading; a missing final newline is added", () => {
    expect(appendEntry(undefined, "- a\n")).toBe("# Changelog\n\n- a\n");
    expect(appendEntry("# Log\n\n- old\n", "- a\n")).toBe("# Log\n\n- old\n- a\n");
    expect(appendEntry("# Log\n\n- old", "- a\n")).toBe("# Log\n\n- old\n- a\n");
    expect(appendEntry("", "- a\n")).toBe("- a\n");
  });

  it("goes to the root CHANGELOG.md when the project has one, else the docs folder's", () => {
    expect(changelogPath(true, "docs")).toBe("CHANGELOG.md");
    expect(changelogPath(false, "documentation")).toBe("documentation/CHANGELOG.md");
  });
});
