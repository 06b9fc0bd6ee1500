import { csvText } from "./csv.js";

/** One part of the design as the ordering BOM needs it. */
export interface OrderPart {
  ref: string;
  value: string;
  /** `Library:Name` as on the schematic symbol. */
  footprint: string;
  mpn: string;
  manufacturer: string;
  /** Supplier part numbers when the BOM or the symbol names them. */
  lcsc: string;
  digikey: string;
  mouser: string;
  dnp: boolean;
}

/** Parts that are the same line on an order: same value, footprint and part numbers. */
export interface OrderLine {
  refs: string[];
  part: OrderPart;
}

const byRef = (a: string, b: string) => a.localeCompare(b, "en", { numeric: true });

/** Groups parts into order lines (DNP parts left out), in order of each line's first reference. */
export function orderLines(parts: readonly OrderPart[]): OrderLine[] {
  const lines = new Map<string, OrderLine>();
  for (const part of [...parts].sort((a, b) => byRef(a.ref, b.ref))) {
    if (part.dnp) continue;
    const key = JSON.stringify([
      part.value,
      part.footprint,
      part.mpn,
      part.manufacturer,
      part.lcsc,
      part.digikey,
      part.mouser,
    ]);
    const line = lines.get(key);
    if (line) line.refs.push(part.ref);
    else lines.set(key, { refs: [part.ref], part });
  }
  return [...lines.values()];
}

const refList = (line: OrderLine) => line.refs.join(",");
const footprintName = (fp: string) => (fp.includes(":") ? fp.slice(fp.indexOf(":") + 1) : fp);

/**
 * A distributor's BOM upload: its part number, the MPN, the manufacturer, the quantity, the
 * references (as the customer's own part number) and a description, under its own headers.
 */
function distributorBom(
  lines: readonly OrderLine[],
  supplier: "digikey" | "mouser",
  header: readonly string[],
) {
  return csvText(
    header,
    lines.map((l) => [
      l.part[supplier],
      l.part.mpn,
      l.part.manufacturer,
      String(l.refs.length),
      refList(l),
      `${l.part.value} ${footprintName(l.part.footprint)}`,
    ]),
  );
}

/**
 * The ordering BOM and the supplier variants, as CSV texts by file name. Every file has one
 * line per order line; quantities are per board.
 * - `bom.csv`: References, Value, Footprint, Manufacturer, MPN, Quantity
 * - `bom-jlcpcb.csv`: JLCPCB's assembly template (Comment, Designator, Footprint, LCSC Part #)
 * - `bom-digikey.csv`: DigiKey's BOM Manager columns
 * - `bom-mouser.csv`: Mouser's BOM tool columns
 */
export function orderingBoms(parts: readonly OrderPart[]): Record<string, string> {
  const lines = orderLines(parts);
  return {
    "bom.csv": csvText(
      ["References", "Value", "Footprint", "Manufacturer", "MPN", "Quantity"],
      lines.map((l) => [
        refList(l),
        l.part.value,
        l.part.footprint,
        l.part.manufacturer,
        l.part.mpn,
        String(l.refs.length),
      ]),
    ),
    "bom-jlcpcb.csv": csvText(
      ["Comment", "Designator", "Footprint", "LCSC Part #"],
      lines.map((l) => [
        l.part.mpn ? `${l.part.value} ${l.part.mpn}` : l.part.value,
        refList(l),
        footprintName(l.part.footprint),
        l.part.lcsc,
      ]),
    ),
    "bom-digikey.csv": distributorBom(lines, "digikey", [
      "Digi-Key Part Number",
      "Manufacturer Part Number",
      "Manufacturer",
      "Quantity",
      "Reference Designator",
      "Description",
    ]),
    "bom-mouser.csv": distributorBom(lines, "mouser", [
      "Mouser Part Number",
      "Manufacturer Part Number",
      "Manufacturer Name",
      "Quantity",
      "Customer Part Number",
      "Description",
    ]),
  };
}

/**
 * JLCPCB's placement (CPL) file from kicad-cli's position CSV
 * (`Ref,Val,Package,PosX,PosY,Rot,Side`): Designator, Mid X, Mid Y, Layer, Rotation.
 */
export function jlcpcbPlacement(positions: string): string {
  const rows = positions
    .split(/\r?\n/)
    .slice(1)
    .filter((l) => l.trim() !== "")
    .map((line) => {
      const cells = [...line.matchAll(/"([^"]*)"|([^,]+)/g)].map((m) => m[1] ?? m[2] ?? "");
      const [ref = "", , , x = "", y = "", rot = "", side = ""] = cells;
      return [ref, `${x}mm`, `${y}mm`, side === "bottom" ? "Bottom" : "Top", rot];
    });
  return csvText(["Designator", "Mid X", "Mid Y", "Layer", "Rotation"], rows);
}
