import { describe, expect, it } from "vitest";
import {
  compilePattern,
  PatternError,
  parsePattern,
  patternsOverlap,
  segmentsIntersect,
  toPathspec,
} from "../../../engine/flow/path-pattern.js";

const overlap = (a: string, b: string) => patternsOverlap(parsePattern(a), parsePattern(b));
const matches = (pattern: string, path: string) => compilePattern(parsePattern(pattern))(path);

describe("path patterns", () => {
  it("rejects what the small language cannot express exactly", () => {
    for (const bad of ["", "/abs", "a//b", "../up", "a/**/b", "a?.md", "[ab].md", "x\\y", "./a"]) {
      expect(() => parsePattern(bad), bad).toThrow(PatternError);
    }
  });

  it("matches files, folders at any depth, and single-segment globs", () => {
    expect(matches("docs/SPEC.md", "docs/SPEC.md")).toBe(true);
    expect(matches("docs/SPEC.md", "docs/SPEC.mdx")).toBe(false);
    expect(matches("outputs/", "outputs/gerbers/top.gtl")).toBe(true);
    expect(matches("outputs/", "outputs")).toBe(false);
    expect(matches("outputs/", "outputs-old/x")).toBe(false);
    expect(matches("hardware/*.kicad_sch", "hardware/amp.kicad_sch")).toBe(true);
    expect(matches("hardware/*.kicad_sch", "hardware/sub/amp.kicad_sch")).toBe(false);
    expect(matches("hardware/*.kicad_sch", "hardware/amp.kicad_sch-bak")).toBe(false);
    expect(matches("a.b/*", "aXb/c")).toBe(false);
  });

  it("decides whether two single-segment globs share a string", () => {
    expect(segmentsIntersect("*.kicad_sch", "amp.kicad_sch")).toBe(true);
    expect(segmentsIntersect("*.kicad_sch", "*.kicad_pcb")).toBe(false);
    expect(segmentsIntersect("a*", "*b")).toBe(true);
    expect(segmentsIntersect("a*c", "ab*")).toBe(true);
    expect(segmentsIntersect("a*c", "b*")).toBe(false);
    expect(segmentsIntersect("schematic.intent.json", "*.kicad_sch")).toBe(false);
  });

  it("detects overlap between files, folders and globs", () => {
    expect(overlap("docs/SPEC.md", "docs/SPEC.md")).toBe(true);
    expect(overlap("docs/", "docs/SPEC.md")).toBe(true);
    expect(overlap("docs/SPEC.md", "docs/")).toBe(true);
    expect(overlap("docs/", "docs/")).toBe(true);
    expect(overlap("docs/", "doc/")).toBe(false);
    expect(overlap("outputs/", "outputs/gerbers/")).toBe(true);
    expect(overlap("hardware/*.kicad_sch", "hardware/schematic.intent.json")).toBe(false);
    expect(overlap("hardware/*.kicad_sch", "hardware/")).toBe(true);
    expect(overlap("hardware/*", "hardware/sub/x")).toBe(false);
    expect(overlap("docs/SPEC.md", "docs/SPEC.md/")).toBe(false);
  });

  it("turns patterns into git pathspecs with the same meaning", () => {
    expect(toPathspec(parsePattern("docs/SPEC.md"))).toBe(":(literal)docs/SPEC.md");
    expect(toPathspec(parsePattern("hardware/*.kicad_sch"))).toBe(":(glob)hardware/*.kicad_sch");
  });
});
