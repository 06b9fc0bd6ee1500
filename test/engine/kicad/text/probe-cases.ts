import type { Probe } from "../../../../engine/kicad/text/calibrate/probe-sheet.js";
import type {
  HJustify,
  Justify,
  LabelShape,
  VJustify,
} from "../../../../engine/kicad/text/text-effects.js";

/*
 * Probe sets for the placement test: every kind of schematic text at every angle, with the
 * justifications, sizes and pens schematics use. Texts are unique per sheet so the SVG groups
 * match their probes unambiguously. Strings deliberately mix glyphs with uneven side bearings
 * ("W", "1", "j", "µ") so that ink-centred and advance-centred placements differ.
 */
const ANGLES = [0, 90, 180, 270];
const H: HJustify[] = ["left", "center", "right"];
const V: VJustify[] = ["top", "center", "bottom"];
const SHAPES: LabelShape[] = ["input", "output", "bidirectional", "tri_state", "passive"];
const STYLES = [
  { size: [1.27, 1.27] as const },
  { size: [2, 2] as const, thickness: 0.3 },
  { size: [1.5, 1.5] as const, bold: true },
  { size: [1.27, 1.27] as const, italic: true },
];

/** Lays probes out on a grid so that no two overlap. */
function grid(columns: number, pitchX: number, pitchY: number) {
  let k = 0;
  return () => {
    const at = { x: 30 + (k % columns) * pitchX, y: 30 + Math.floor(k / columns) * pitchY };
    k++;
    return at;
  };
}

export function freeTextProbes(): Probe[] {
  const next = grid(14, 80, 40);
  const probes: Probe[] = [];
  let n = 0;
  for (const style of STYLES)
    for (const angle of ANGLES)
      for (const h of H)
        for (const v of V) {
          const justify: Justify = { h, v };
          probes.push({
            kind: "text",
            text: `Wj1µ T${n++}`,
            at: next(),
            angle,
            justify,
            effects: style,
          });
        }
  probes.push({
    kind: "text",
    text: "two\nlines T",
    at: next(),
    angle: 0,
    justify: { h: "left", v: "bottom" },
    effects: { size: [1.27, 1.27] },
  });
  probes.push({
    kind: "text",
    text: "~{RST} V_{CC} x^{2}",
    at: next(),
    angle: 90,
    justify: { h: "center", v: "center" },
    effects: { size: [1.27, 1.27] },
  });
  return probes;
}

export function labelProbes(): Probe[] {
  const next = grid(14, 80, 40);
  const probes: Probe[] = [];
  let n = 0;
  for (const style of STYLES)
    for (const angle of ANGLES) {
      const justify: Justify = { h: angle < 180 ? "left" : "right", v: "bottom" };
      probes.push({
        kind: "label",
        text: `NET_Wj${n++}`,
        at: next(),
        angle,
        justify,
        effects: style,
      });
      for (const shape of SHAPES) {
        probes.push({
          kind: "global_label",
          text: `G_Wj${n++}`,
          at: next(),
          angle,
          shape,
          effects: style,
        });
        probes.push({
          kind: "hierarchical_label",
          text: `HWj${n++}`,
          at: next(),
          angle,
          shape,
          effects: style,
        });
      }
    }
  return probes;
}

export function fieldProbes(): Probe[] {
  const next = grid(14, 80, 40);
  const probes: Probe[] = [];
  let n = 0;
  const justifies: Justify[] = [
    { h: "center", v: "center" },
    { h: "left", v: "center" },
    { h: "right", v: "top" },
    { h: "left", v: "bottom" },
  ];
  for (const symbolAngle of ANGLES)
    for (const mirror of [undefined, "x", "y"] as const)
      for (const fieldAngle of [0, 90, 180, 270])
        for (const justify of justifies) {
          const symbolAt = next();
          const style = STYLES[n % STYLES.length] ?? { size: [1.27, 1.27] as const };
          probes.push({
            kind: "field",
            text: `W${n++}j`,
            at: { x: symbolAt.x + 3.81, y: symbolAt.y - 2.54 },
            angle: fieldAngle,
            justify,
            effects: style,
            symbolAt,
            symbol: mirror ? { angle: symbolAngle, mirror } : { angle: symbolAngle },
          });
        }
  return probes;
}
