import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { fingerprintPattern, fingerprintPatterns } from "../../../engine/flow/fingerprint.js";
import { parsePattern } from "../../../engine/flow/path-pattern.js";

const sha = (text: string) => createHash("sha256").update(text).digest("hex");

describe("fingerprints", () => {
  const files = new Map([
    ["docs/SPEC.md", sha("spec")],
    ["outputs/b.gbr", sha("b")],
    ["outputs/a/x.drl", sha("x")],
  ]);

  it("is the content sha256 for a single file and null when nothing matches", () => {
    expect(fingerprintPattern(parsePattern("docs/SPEC.md"), files)).toBe(sha("spec"));
    expect(fingerprintPattern(parsePattern("docs/BOM.md"), files)).toBeNull();
    expect(fingerprintPattern(parsePattern("firmware/"), files)).toBeNull();
  });

  it("covers a folder's relative paths and contents, independent of listing order", () => {
    const folder = parsePattern("outputs/");
    const reversed = new Map([...files].reverse());
    const expected = sha(`outputs/a/x.drl\0${sha("x")}\noutputs/b.gbr\0${sha("b")}\n`);
    expect(fingerprintPattern(folder, files)).toBe(expected);
    expect(fingerprintPattern(folder, reversed)).toBe(expected);
    const renamed = new Map(files);
    renamed.delete("outputs/b.gbr");
    renamed.set("outputs/c.gbr", sha("b"));
    expect(fingerprintPattern(folder, renamed)).not.toBe(expected);
    const edited = new Map(files).set("outputs/b.gbr", sha("b2"));
    expect(fingerprintPattern(folder, edited)).not.toBe(expected);
  });

  it("keys several patterns by their source text", () => {
    const out = fingerprintPatterns(
      [parsePattern("docs/SPEC.md"), parsePattern("firmware/")],
      files,
    );
    expect(out).toEqual({ "docs/SPEC.md": sha("spec"), "firmware/": null });
  });
});
