/**
 * The s-expression tree every KiCad file is read into. Atoms keep whether they were quoted so a
 * file writes back byte for byte; `offset` is the character (UTF-16 unit) position in the source,
 * -1 for built nodes and for parsed short atoms, which the reader shares (one frozen object per
 * distinct short token; see parse.ts). Line and column are computed only when an error needs them.
 */
export interface SList {
  readonly kind: "list";
  items: SNode[];
  offset: number;
}

/**
 * Parsed atoms keep `kind` and `quoted` on their prototype (see parse.ts): make a changed copy
 * with `atom`/`str`, not with an object spread, which would drop both.
 */
export interface SAtom {
  readonly kind: "atom";
  /** The value: for quoted strings the unescaped text, otherwise the token as written. */
  text: string;
  quoted: boolean;
  offset: number;
}

export type SNode = SList | SAtom;

export function list(items: SNode[]): SList {
  return { kind: "list", items, offset: -1 };
}

export function atom(text: string): SAtom {
  return { kind: "atom", text, quoted: false, offset: -1 };
}

export function str(text: string): SAtom {
  return { kind: "atom", text, quoted: true, offset: -1 };
}

/** A number as KiCad writes it: at most `decimals` places, trailing zeros stripped, never -0. */
export function num(value: number, decimals = 4): SAtom {
  return atom(formatNumber(value, decimals));
}

export function formatNumber(value: number, decimals = 4): string {
  if (!Number.isFinite(value)) throw new RangeError(`cannot write ${value} into a KiCad file`);
  let text = value.toFixed(decimals);
  if (text.includes(".")) text = text.replace(/0+$/, "").replace(/\.$/, "");
  if (text === "-0") text = "0";
  return text;
}

/** `(name …)` → "name"; anything else → undefined. */
export function headOf(node: SNode | undefined): string | undefined {
  if (node?.kind !== "list") return undefined;
  const first = node.items[0];
  return first && first.kind === "atom" && !first.quoted ? first.text : undefined;
}

export function isList(node: SNode | undefined, head?: string): node is SList {
  return node?.kind === "list" && (head === undefined || headOf(node) === head);
}

/** First child list with the given head. */
export function child(node: SList, head: string): SList | undefined {
  for (const item of node.items) if (item.kind === "list" && headOf(item) === head) return item;
  return undefined;
}

/** Every child list with the given head, in file order. */
export function children(node: SList, head: string): SList[] {
  const out: SList[] = [];
  for (const item of node.items) if (item.kind === "list" && headOf(item) === head) out.push(item);
  return out;
}

/** The atom at `index` (0 is the head) as text, or undefined. */
export function textAt(node: SList | undefined, index: number): string | undefined {
  const item = node?.items[index];
  return item?.kind === "atom" ? item.text : undefined;
}

/** The atom at `index` as a number, or undefined when it is missing or not numeric. */
export function numberAt(node: SList | undefined, index: number): number | undefined {
  const text = textAt(node, index);
  if (text === undefined) return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

/** `(name value)` child → value text. */
export function childText(node: SList, head: string, index = 1): string | undefined {
  return textAt(child(node, head), index);
}

/** `(name value)` child → value number. */
export function childNumber(node: SList, head: string, index = 1): number | undefined {
  return numberAt(child(node, head), index);
}

/** KiCad's yes/no flags, and the bare-atom form `(hide)` / `hide` older files use. */
export function flag(node: SList, name: string): boolean | undefined {
  for (const item of node.items) {
    if (item.kind === "atom" && !item.quoted && item.text === name) return true;
    if (item.kind === "list" && headOf(item) === name) {
      const value = textAt(item, 1);
      return value === undefined ? true : value === "yes";
    }
  }
  return undefined;
}
