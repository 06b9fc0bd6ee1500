import type { BoardChange, SchematicChange } from "./diff-report.js";

/** A change as the table columns show it: what changed, on what, before → after. */
export interface ChangeRow {
  /** `+` added, `-` removed, `~` changed. */
  mark: "+" | "-" | "~";
  what: string;
  item: string;
  before: string;
  after: string;
}

const show = (value: string | null) => (value === null || value === "" ? "—" : value);
const mm = (n: number) => `${n} mm`;
const at = (p: { x: number; y: number }) => `(${p.x}, ${p.y})`;
const count = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

function pinSummary(pins: Record<string, string>): string {
  const entries = Object.entries(pins);
  if (entries.length === 0) return "no pins on nets";
  const shown = entries.slice(0, 4).map(([pin, net]) => `${pin}→${net}`);
  return entries.length > 4 ? `${shown.join(", ")}, …` : shown.join(", ");
}

/** One row per change, in words a hardware reviewer reads; shared by every renderer. */
export function describeChange(change: SchematicChange | BoardChange): ChangeRow {
  switch (change.kind) {
    case "sheet-added":
      return { mark: "+", what: "sheet", item: change.path, before: "—", after: change.file };
    case "sheet-removed":
      return { mark: "-", what: "sheet", item: change.path, before: change.file, after: "—" };
    case "sheet-renamed":
      return {
        mark: "~",
        what: "sheet renamed",
        item: change.after,
        before: change.before,
        after: change.after,
      };
    case "part-added":
      return {
        mark: "+",
        what: "part",
        item: change.ref,
        before: "—",
        after: `${show(change.value)} (${show(change.footprint)}); ${pinSummary(change.pins)}`,
      };
    case "part-removed":
      return {
        mark: "-",
        what: "part",
        item: change.ref,
        before: `${show(change.value)} (${show(change.footprint)}); ${pinSummary(change.pins)}`,
        after: "—",
      };
    case "reference-changed":
      return {
        mark: "~",
        what: "re-annotated",
        item: change.ref,
        before: change.before,
        after: change.ref,
      };
    case "value-changed":
      return {
        mark: "~",
        what: "value",
        item: change.ref,
        before: show(change.before),
        after: show(change.after),
      };
    case "footprint-changed":
      return {
        mark: "~",
        what: "footprint",
        item: change.ref,
        before: show(change.before),
        after: show(change.after),
      };
    case "symbol-changed":
      return {
        mark: "~",
        what: "symbol",
        item: change.ref,
        before: change.before,
        after: change.after,
      };
    case "mpn-changed":
      return {
        mark: "~",
        what: `MPN (${change.field})`,
        item: change.ref,
        before: show(change.before),
        after: show(change.after),
      };
    case "field-changed":
      return {
        mark: "~",
        what: `field ${change.field}`,
        item: change.ref,
        before: show(change.before),
        after: show(change.after),
      };
    case "units-changed":
      return {
        mark: "~",
        what: "units",
        item: change.ref,
        before: change.before.join(", "),
        after: change.after.join(", "),
      };
    case "attribute-changed":
      return {
        mark: "~",
        what: change.attribute,
        item: change.ref,
        before: String(change.before),
        after: String(change.after),
      };
    case "part-sheet-changed":
      return {
        mark: "~",
        what: "sheet",
        item: change.ref,
        before: change.before.join(", "),
        after: change.after.join(", "),
      };
    case "net-renamed":
      return {
        mark: "~",
        what: "net renamed",
        item: change.after,
        before: change.before,
        after: `${change.after} (${count(change.pins, "pin")})`,
      };
    case "net-added":
      return {
        mark: "+",
        what: "net",
        item: change.net,
        before: "—",
        after: change.pins.join(", "),
      };
    case "net-removed":
      return {
        mark: "-",
        what: "net",
        item: change.net,
        before: change.pins.join(", "),
        after: "—",
      };
    case "pin-moved":
      return {
        mark: "~",
        what: "pin moved",
        item: `${change.ref}.${change.pin}${change.pinName ? ` (${change.pinName})` : ""}`,
        before: show(change.before),
        after: show(change.after),
      };
    case "footprint-added":
      return {
        mark: "+",
        what: "footprint",
        item: change.ref,
        before: "—",
        after: `${change.footprint} at ${at(change.at)}, ${change.side}`,
      };
    case "footprint-removed":
      return {
        mark: "-",
        what: "footprint",
        item: change.ref,
        before: `${change.footprint} at ${at(change.at)}, ${change.side}`,
        after: "—",
      };
    case "footprint-moved":
      return {
        mark: "~",
        what: `moved ${mm(change.distance)}`,
        item: change.ref,
        before: at(change.before),
        after: at(change.after),
      };
    case "footprint-rotated":
      return {
        mark: "~",
        what: "rotated",
        item: change.ref,
        before: `${change.before}°`,
        after: `${change.after}°`,
      };
    case "footprint-flipped":
      return {
        mark: "~",
        what: "flipped",
        item: change.ref,
        before: change.before,
        after: change.after,
      };
    case "footprint-swapped":
      return {
        mark: "~",
        what: "footprint",
        item: change.ref,
        before: change.before,
        after: change.after,
      };
    case "footprint-value-changed":
      return {
        mark: "~",
        what: "value",
        item: change.ref,
        before: change.before,
        after: change.after,
      };
    case "pad-net-changed":
      return {
        mark: "~",
        what: "pad net",
        item: `${change.ref}.${change.pad}`,
        before: show(change.before),
        after: show(change.after),
      };
    case "board-net-renamed":
      return {
        mark: "~",
        what: "net renamed",
        item: change.after,
        before: change.before,
        after: change.after,
      };
    case "tracks-changed":
      return {
        mark: change.added === 0 ? "-" : change.removed === 0 ? "+" : "~",
        what: "tracks",
        item: show(change.net),
        before: change.removed
          ? `${count(change.removed, "track")} (${mm(change.removedLength)}) removed`
          : "—",
        after: change.added
          ? `${count(change.added, "track")} (${mm(change.addedLength)}) added`
          : "—",
      };
    case "vias-changed":
      return {
        mark: change.added === 0 ? "-" : change.removed === 0 ? "+" : "~",
        what: "vias",
        item: show(change.net),
        before: change.removed ? `${count(change.removed, "via")} removed` : "—",
        after: change.added ? `${count(change.added, "via")} added` : "—",
      };
    case "zones-changed":
      return {
        mark:
          change.added + change.reshaped === 0
            ? "-"
            : change.removed + change.reshaped === 0
              ? "+"
              : "~",
        what: "zones",
        item: `${show(change.net)} (${change.layers.join(", ")})`,
        before: change.removed ? `${count(change.removed, "zone")} removed` : "—",
        after:
          [
            change.added ? `${count(change.added, "zone")} added` : "",
            change.reshaped ? `${count(change.reshaped, "zone")} reshaped` : "",
          ]
            .filter(Boolean)
            .join(", ") || "—",
      };
    case "outline-changed": {
      const box = (b: typeof change.before) =>
        b
          ? `${Math.round((b.maxX - b.minX) * 100) / 100} × ${Math.round((b.maxY - b.minY) * 100) / 100} mm`
          : "—";
      return {
        mark: "~",
        what: "outline",
        item: `${change.removed} removed, ${change.added} added edge items`,
        before: box(change.before),
        after: box(change.after),
      };
    }
  }
}
