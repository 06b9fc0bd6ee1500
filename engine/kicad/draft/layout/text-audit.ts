import type { Point } from "../../geometry/point.js";
import { type Rect, rectInflate, rectsOverlap, rectTranslate } from "../../geometry/rect.js";
import { RectIndex } from "../../geometry/rect-index.js";
import {
  pointOnSegment,
  type Segment,
  segmentBounds,
  segmentEntersRect,
} from "../../geometry/segment.js";
import type { Drawing, DrawnSymbol } from "../drawing.js";
import type { ResolvedIntent } from "../resolved-intent.js";
import { unitGeometry } from "../unit-geometry.js";
import { pinTextBoxes } from "./pin-texts.js";
import { fieldTextBox, labelTextBox } from "./text-boxes.js";

/** Part of a group's drawing and who drew it (a cell's id, or the group's wiring). */
export interface OwnedDrawing {
  owner: string | undefined;
  drawing: Partial<Drawing>;
}

interface Text {
  owner: string | undefined;
  box: Rect;
  text: string;
  /** A label's anchor: the wires through it are its own. */
  anchor?: Point;
  /** A field's symbol (its own body is not in its way). */
  symbol?: string;
  /** A pin name or number: only other texts can collide with it (the library drew the rest). */
  pinText?: boolean;
}

// The legibility checker's tolerances (families/text-collision.ts), a little stricter, so what
// passes here passes there.
const TEXT_TEXT = 0.1;
const TEXT_WIRE = 0.15;
const TEXT_BODY = 0.15;
const INDEX_CELL = 12.7;

function textsOf(resolved: ResolvedIntent, d: OwnedDrawing): Text[] {
  const out: Text[] = [];
  for (const l of d.drawing.labels ?? [])
    out.push({
      owner: d.owner,
      box: labelTextBox(l.text, l.at, l.angle),
      text: l.text,
      anchor: l.at,
    });
  for (const s of d.drawing.symbols ?? []) {
    const part = s.key.startsWith("part/");
    const symbol = part ? resolved.parts.get(s.ref)?.symbol : undefined;
    if (symbol)
      for (const { box: b } of pinTextBoxes(symbol, s.unit, s.rotation))
        out.push({
          owner: d.owner,
          box: rectTranslate(b, s.at.x, s.at.y),
          text: "",
          symbol: s.key,
          pinText: true,
        });
    for (const f of s.fields) {
      if (f.hidden || (!part && f.name !== "Value")) continue;
      out.push({
        owner: d.owner,
        box: fieldTextBox(f.value, f.at, {
          ...(f.justify ? { justify: f.justify } : {}),
          rotation: s.rotation,
          fieldAngle: f.angle ?? 0,
        }),
        text: f.value,
        symbol: s.key,
      });
    }
  }
  return out;
}

/**
 * The owners of texts a drawing lets collide, the way the legibility checker sees it: text over
 * text, a wire through text it is not attached to, text over another part's body. Texts are
 * measured as KiCad inks them. Whoever drew either side is named (the group's own wiring is not
 * a cell and is never named).
 */
export function crowdedOwners(
  resolved: ResolvedIntent,
  parts: readonly OwnedDrawing[],
  /** A power port's or flag's drawing at the origin, when the caller knows the libraries. */
  portGraphic?: (libId: string, rotation: DrawnSymbol["rotation"]) => Rect,
): Set<string> {
  const texts = parts.flatMap((d) => textsOf(resolved, d));
  const wires: { owner: string | undefined; seg: Segment }[] = parts.flatMap((d) =>
    (d.drawing.wires ?? []).map((w) => ({ owner: d.owner, seg: { a: w.a, b: w.b } })),
  );
  const bodies: { owner: string | undefined; key: string; box: Rect }[] = [];
  for (const d of parts)
    for (const s of d.drawing.symbols ?? []) {
      // A port's bars or arrow are drawn ink like a body's (the checker's text-touching): a
      // value over a GND port reads as neither.
      if (!s.key.startsWith("part/")) {
        if (portGraphic)
          bodies.push({
            owner: d.owner,
            key: s.key,
            box: rectTranslate(portGraphic(s.libId, s.rotation), s.at.x, s.at.y),
          });
        continue;
      }
      const symbol = resolved.parts.get(s.ref)?.symbol.symbol;
      if (!symbol) continue;
      const b = unitGeometry(symbol, s.unit, s.rotation).body;
      bodies.push({ owner: d.owner, key: s.key, box: rectTranslate(b, s.at.x, s.at.y) });
    }
  const crowded = new Set<string>();
  const blame = (...owners: (string | undefined)[]) => {
    for (const o of owners) if (o !== undefined) crowded.add(o);
  };
  const index = new RectIndex(INDEX_CELL);
  for (const t of texts) index.add(t.box);
  texts.forEach((a, i) => {
    for (const j of index.query(a.box)) {
      if (j <= i) continue;
      const b = texts[j] as Text;
      // The library's own pin texts may crowd each other; that is the symbol's drawing.
      if (a.pinText && b.pinText) continue;
      if (
        a.text === b.text &&
        Math.abs(a.box.minX - b.box.minX) < 0.2 &&
        Math.abs(a.box.minY - b.box.minY) < 0.2
      )
        continue;
      if (rectsOverlap(a.box, b.box, TEXT_TEXT)) blame(a.owner, b.owner);
    }
  });
  const wireIndex = new RectIndex(INDEX_CELL);
  for (const w of wires) wireIndex.add(segmentBounds(w.seg));
  const bodyIndex = new RectIndex(INDEX_CELL);
  for (const b of bodies) bodyIndex.add(b.box);
  for (const t of texts) {
    if (t.pinText) continue;
    const inner = rectInflate(t.box, -TEXT_WIRE);
    for (const k of wireIndex.query(t.box)) {
      const w = wires[k] as (typeof wires)[number];
      if (t.anchor && pointOnSegment(t.anchor, w.seg, 0.01)) continue;
      if (segmentEntersRect(w.seg, inner, 0)) blame(t.owner, w.owner);
    }
    for (const k of bodyIndex.query(t.box)) {
      const b = bodies[k] as (typeof bodies)[number];
      if (b.key === t.symbol) continue;
      if (rectsOverlap(rectInflate(b.box, -TEXT_BODY), t.box, 0)) blame(t.owner, b.owner);
    }
  }
  return crowded;
}
