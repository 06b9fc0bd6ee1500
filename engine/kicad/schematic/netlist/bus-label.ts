import { escapeNetName } from "./pin-net-name.js";

/**
 * KiCad bus names: vectors `PREFIX[a..b]` (members PREFIXa … PREFIXb, always ascending) and
 * groups `NAME{A B[0..3] ALIAS}` (members `NAME.A`, `NAME.B0`…, alias members expanded; an
 * unnamed group `{…}` adds no prefix). Rules follow KiCad's SCH_CONNECTION parser; this is an
 * independent implementation.
 */

/** A net inside a bus. */
export interface BusLeaf {
  kind: "net";
  /** The member's net name: group prefix + local name. */
  fullName: string;
  /** The name as written inside the bus (`D3`, `TX_P`). */
  localName: string;
  /** Position inside its vector (0-based), used to match vector members across sheets. */
  vectorIndex: number;
}

/** A vector bus inside a group. */
export interface BusVectorMember {
  kind: "vector";
  localName: string;
  leaves: BusLeaf[];
}

export interface BusShape {
  kind: "vector" | "group";
  members: (BusLeaf | BusVectorMember)[];
}

/** Bus aliases by name (`(bus_alias "NAME" (members …))`). */
export type BusAliases = ReadonlyMap<string, readonly string[]>;

const ESCAPES: Record<string, string> = {
  slash: "/",
  backslash: "\\",
  lt: "<",
  gt: ">",
  colon: ":",
  dblquote: '"',
  quote: "'",
  space: " ",
  tab: "\t",
  return: "\n",
  brace: "{",
};

/** KiCad stores some characters of net names as `{slash}` etc.; this turns them back. */
export function unescapeKicad(text: string): string {
  if (!text.includes("{")) return text;
  return text.replace(/\{([a-z]+)\}/g, (whole, word: string) => ESCAPES[word] ?? whole);
}

/** `_{…}`, `^{…}` and `~{…}` are text markup (subscript, superscript, overbar), not bus braces. */
const isMarkup = (c: string | undefined) => c === "_" || c === "^" || c === "~";
const isDigit = (c: string | undefined) => c !== undefined && c >= "0" && c <= "9";

/** `PREFIX[a..b]SUFFIX` → member names in ascending order, or undefined when not a vector. */
export function parseBusVector(text: string): { prefix: string; members: string[] } | undefined {
  let i = 0;
  let nesting = 0;
  let prefix = "";
  for (; i < text.length; i++) {
    const c = text[i]!;
    if (c === "{") {
      if (!(i > 0 && isMarkup(text[i - 1]))) return undefined;
      nesting++;
      prefix = prefix.slice(0, -1);
      continue;
    }
    if (c === "}") nesting--;
    if (c === " " || c === "]") return undefined;
    if (c === "[") break;
    prefix += c;
  }
  i++;
  if (i >= text.length) return undefined;
  let digits = "";
  let begin = Number.NaN;
  for (; i < text.length; i++) {
    if (text[i] === "." && text[i + 1] === ".") {
      begin = Number(digits || "0");
      i += 2;
      break;
    }
    if (!isDigit(text[i])) return undefined;
    digits += text[i];
  }
  if (Number.isNaN(begin) || i >= text.length) return undefined;
  digits = "";
  let end = Number.NaN;
  for (; i < text.length; i++) {
    if (text[i] === "]") {
      end = Number(digits || "0");
      i++;
      break;
    }
    if (!isDigit(text[i])) return undefined;
    digits += text[i];
  }
  if (Number.isNaN(end)) return undefined;
  let suffix = "";
  for (; i < text.length; i++) {
    const c = text[i]!;
    if (c === "}") nesting--;
    else if ("~+-PN".includes(c)) suffix += c;
    else return undefined;
  }
  if (nesting !== 0 || begin === end) return undefined;
  const [lo, hi] = begin < end ? [begin, end] : [end, begin];
  const members: string[] = [];
  for (let n = lo; n <= hi; n++) members.push(`${prefix}${n}${suffix}`);
  return { prefix, members };
}

/** `NAME{A B …}` → name and members, or undefined when not a group. */
export function parseBusGroup(text: string): { prefix: string; members: string[] } | undefined {
  let i = 0;
  let nesting = 0;
  let prefix = "";
  for (; i < text.length; i++) {
    const c = text[i]!;
    if (c === "{") {
      // Markup braces are dropped together with their markup character.
      if (i > 0 && isMarkup(text[i - 1])) {
        nesting++;
        prefix = prefix.slice(0, -1);
        continue;
      }
      break;
    }
    if (c === "}") nesting--;
    if (c === " " || c === "[" || c === "]") return undefined;
    prefix += c;
  }
  if (nesting !== 0) return undefined;
  i++;
  if (i >= text.length) return undefined;
  const members: string[] = [];
  let current = "";
  for (; i < text.length; i++) {
    const c = text[i]!;
    if (c === "{") {
      if (!(i > 0 && isMarkup(text[i - 1]))) return undefined;
      nesting++;
      current = current.slice(0, -1);
      continue;
    }
    if (c === "}") {
      if (nesting > 0) {
        nesting--;
        continue;
      }
      members.push(current);
      return { prefix, members: members.filter((m) => m !== "").map(escapeNetName) };
    }
    // KiCad separates members by spaces and (leniently) commas.
    if (c === " " || c === ",") {
      members.push(current);
      current = "";
      continue;
    }
    current += c;
  }
  return undefined;
}

/** True when a label text names a bus (vector or group) rather than a net. */
export function isBusName(text: string): boolean {
  const raw = unescapeKicad(text);
  return parseBusVector(raw) !== undefined || parseBusGroup(raw) !== undefined;
}

/** The members of a bus name, or undefined when `text` names a plain net. */
export function busShape(text: string, aliases: BusAliases): BusShape | undefined {
  const raw = unescapeKicad(text);
  const vector = parseBusVector(raw);
  if (vector) {
    return {
      kind: "vector",
      members: vector.members.map((m, i) => ({
        kind: "net",
        fullName: m,
        localName: m,
        vectorIndex: i,
      })),
    };
  }
  const group = parseBusGroup(raw);
  if (!group) return undefined;
  const prefix = group.prefix === "" ? "" : `${group.prefix}.`;
  const members: (BusLeaf | BusVectorMember)[] = [];
  const addMember = (name: string) => {
    const inner = parseBusVector(name);
    if (inner) {
      members.push({
        kind: "vector",
        localName: name,
        leaves: inner.members.map((m, i) => ({
          kind: "net",
          fullName: prefix + m,
          localName: m,
          vectorIndex: i,
        })),
      });
    } else {
      members.push({ kind: "net", fullName: prefix + name, localName: name, vectorIndex: 0 });
    }
  };
  for (const member of group.members) {
    const alias = aliases.get(member);
    if (alias) for (const aliasMember of alias) addMember(aliasMember);
    else addMember(member);
  }
  return { kind: "group", members };
}

/** Every net of a bus, nested vectors flattened. */
export function busLeaves(shape: BusShape): BusLeaf[] {
  return shape.members.flatMap((m) => (m.kind === "vector" ? m.leaves : [m]));
}

/**
 * The member of `bus` that `search` (a member of another bus) connects to: vectors match by
 * position, groups by the member's local name (looking inside nested vectors too).
 */
export function matchBusMember(bus: BusShape, search: BusLeaf): BusLeaf | undefined {
  if (bus.kind === "vector") {
    for (const m of bus.members)
      if (m.kind === "net" && m.vectorIndex === search.vectorIndex) return m;
    return undefined;
  }
  for (const m of bus.members) {
    if (m.kind === "vector") {
      const leaf = m.leaves.find((l) => l.localName === search.localName);
      if (leaf) return leaf;
    } else if (m.localName === search.localName) {
      return m;
    }
  }
  return undefined;
}
