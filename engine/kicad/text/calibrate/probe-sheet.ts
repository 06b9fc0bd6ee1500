import type { Justify, LabelShape, SymbolTransform, TextEffects } from "../text-effects.js";

/** A piece of text to place on a probe sheet, in the file's own terms. */
export type Probe =
  | {
      kind: "text" | "label";
      text: string;
      at: { x: number; y: number };
      angle: number;
      justify?: Justify;
      effects: TextEffects;
    }
  | {
      kind: "global_label" | "hierarchical_label";
      text: string;
      at: { x: number; y: number };
      angle: number;
      shape: LabelShape;
      effects: TextEffects;
    }
  | {
      /** The Reference field of a one-rectangle symbol placed at `symbolAt`. */
      kind: "field";
      text: string;
      at: { x: number; y: number };
      angle: number;
      justify?: Justify;
      effects: TextEffects;
      symbolAt: { x: number; y: number };
      symbol: SymbolTransform;
    };

const ROOT_UUID = "c0ffee00-0000-4000-8000-000000000000";

// A pin-less box symbol: fields are what we measure, not the body.
const PROBE_SYMBOL = `(symbol "probe:Box" (exclude_from_sim no) (in_bom yes) (on_board yes)
 (property "Reference" "U" (at 0 0 0) (effects (font (size 1.27 1.27))))
 (property "Value" "Box" (at 0 0 0) (effects (font (size 1.27 1.27)) (hide yes)))
 (symbol "Box_0_1" (rectangle (start -1.27 -1.27) (end 1.27 1.27)
  (stroke (width 0.254) (type default)) (fill (type none)))))`;

/**
 * A minimal KiCad 9 schematic holding `probes`, for rendering with kicad-cli. Deterministic:
 * the same probes give the same bytes.
 */
export function probeSheet(probes: readonly Probe[], paper = "A0"): string {
  let serial = 0;
  const uuid = () => `c0ffee00-0000-4000-8000-${String(++serial).padStart(12, "0")}`;
  const body = probes.map((probe) => probeSexp(probe, uuid()));
  return `(kicad_sch (version 20250114) (generator "copperhead-font-probe") (generator_version "1")
 (uuid "${ROOT_UUID}") (paper "${paper}")
 (lib_symbols ${PROBE_SYMBOL})
 ${body.join("\n ")}
 (sheet_instances (path "/" (page "1")))
 (embedded_fonts no))
`;
}

function probeSexp(probe: Probe, uuid: string): string {
  const at = `(at ${num(probe.at.x)} ${num(probe.at.y)} ${num(probe.angle)})`;
  switch (probe.kind) {
    case "text":
      return `(text ${quote(probe.text)} (exclude_from_sim no) ${at} ${effects(probe.effects, probe.justify)} (uuid "${uuid}"))`;
    case "label":
      return `(label ${quote(probe.text)} ${at} ${effects(probe.effects, probe.justify)} (uuid "${uuid}"))`;
    case "global_label":
      return `(global_label ${quote(probe.text)} (shape ${probe.shape}) ${at} ${effects(probe.effects, labelJustify(probe.angle))} (uuid "${uuid}") (property "Intersheetrefs" "\${INTERSHEET_REFS}" (at ${num(probe.at.x)} ${num(probe.at.y)} 0) (effects (font (size 1.27 1.27)) (hide yes))))`;
    case "hierarchical_label":
      return `(hierarchical_label ${quote(probe.text)} (shape ${probe.shape}) ${at} ${effects(probe.effects, labelJustify(probe.angle))} (uuid "${uuid}"))`;
    case "field": {
      const where = `(at ${num(probe.symbolAt.x)} ${num(probe.symbolAt.y)} ${num(probe.symbol.angle)})`;
      const mirror = probe.symbol.mirror ? ` (mirror ${probe.symbol.mirror})` : "";
      return `(symbol (lib_id "probe:Box") ${where}${mirror} (unit 1) (exclude_from_sim no) (in_bom yes) (on_board yes) (dnp no) (uuid "${uuid}")
 (property "Reference" ${quote(probe.text)} ${at} ${effects(probe.effects, probe.justify)})
 (property "Value" "Box" ${where} (effects (font (size 1.27 1.27)) (hide yes)))
 (instances (project "probe" (path "/${ROOT_UUID}" (reference ${quote(probe.text)}) (unit 1)))))`;
    }
  }
}

function labelJustify(angle: number): Justify {
  const a = ((Math.round(angle / 90) % 4) + 4) % 4;
  return { h: a < 2 ? "left" : "right", v: "center" };
}

function effects(e: TextEffects, justify: Justify | undefined): string {
  const font = [`(size ${num(e.size[1])} ${num(e.size[0])})`];
  if (e.thickness !== undefined) font.push(`(thickness ${num(e.thickness)})`);
  if (e.bold) font.push("(bold yes)");
  if (e.italic) font.push("(italic yes)");
  const j = justify ? [justify.h, justify.v].filter((v) => v !== "center") : [];
  return `(effects (font ${font.join(" ")})${j.length ? ` (justify ${j.join(" ")})` : ""})`;
}

function quote(text: string): string {
  return `"${text.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n")}"`;
}

function num(value: number): string {
  return String(Math.round(value * 1e4) / 1e4);
}
