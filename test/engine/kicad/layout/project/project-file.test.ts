import { describe, expect, it } from "vitest";
import {
  DEFAULT_RULES,
  netClasses,
} from "../../../../../engine/kicad/layout/project/design-rules.js";
import {
  mergeProjectFile,
  ProjectFileError,
} from "../../../../../engine/kicad/layout/project/project-file.js";

const nets = [
  { name: "GND", kind: "ground", basis: "name", pins: [] },
  { name: "+3V3", kind: "power", basis: "name", pins: [] },
  { name: "SDA", kind: "signal", basis: "name", pins: [] },
  { name: "V*", kind: "power", basis: "power symbol", pins: [] },
] as const;

describe("design rules in the .kicad_pro", () => {
  it("merge into a person's project file, every other setting kept, keys sorted", () => {
    const existing = JSON.stringify({
      meta: { filename: "x.kicad_pro", version: 1 },
      erc: { rule_severities: { x: "ignore" } },
      board: { design_settings: { rules: { min_text_height: 1 } } },
    });
    const text = mergeProjectFile(
      existing,
      "x.kicad_pro",
      DEFAULT_RULES,
      netClasses(nets as never),
    );
    const json = JSON.parse(text);
    expect(json.erc).toEqual({ rule_severities: { x: "ignore" } });
    expect(json.meta).toEqual({ filename: "x.kicad_pro", version: 3 });
    expect(json.board.design_settings.rules).toEqual({
      min_clearance: 0.2,
      min_copper_edge_clearance: 0.3,
      min_hole_clearance: 0.25,
      min_hole_to_hole: 0.25,
      min_resolved_spokes: 1,
      min_text_height: 1,
      min_through_hole_diameter: 0.3,
      min_track_width: 0.127,
      min_via_annular_width: 0.15,
      min_via_diameter: 0.6,
    });
    expect(json.net_settings.netclass_patterns).toEqual([
      { netclass: "Power", pattern: "+3V3" },
      { netclass: "Power", pattern: "GND" },
      { netclass: "Power", pattern: "/^V\\*$/" },
    ]);
    expect(Object.keys(json)).toEqual([...Object.keys(json)].sort());
    expect(mergeProjectFile(text, "x.kicad_pro", DEFAULT_RULES, netClasses(nets as never))).toBe(
      text,
    );
  });

  it("never overwrites a project file that is not JSON", () => {
    expect(() => mergeProjectFile("{ nope", "x.kicad_pro", DEFAULT_RULES, [])).toThrow(
      ProjectFileError,
    );
  });
});
