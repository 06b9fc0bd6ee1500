import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { detectLayout } from "../../../../engine/kicad/sexp/layout.js";
import { childText, headOf, type SList } from "../../../../engine/kicad/sexp/node.js";
import { parseSexp } from "../../../../engine/kicad/sexp/parse.js";
import { writeSexp } from "../../../../engine/kicad/sexp/write.js";

/** A design's schematics and boards as text, by path relative to its folder (`/`-separated). */
export type DesignFiles = Map<string, string>;

/** Every .kicad_sch and .kicad_pcb below a folder, read once. */
export function readDesign(dir: string): DesignFiles {
  const out: DesignFiles = new Map();
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const path = join(d, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.kicad_(sch|pcb)$/.test(name)) {
        out.set(relative(dir, path).split("\\").join("/"), readFileSync(path, "utf8"));
      }
    }
  };
  walk(dir);
  return out;
}

/** Parses one file, lets `edit` change the tree, writes it back in KiCad's own layout. */
export function editTree(
  files: DesignFiles,
  path: string,
  edit: (tree: SList) => void,
): DesignFiles {
  const text = files.get(path)!;
  const tree = parseSexp(text, { file: path });
  edit(tree);
  const next = new Map(files);
  next.set(path, writeSexp(tree, detectLayout(text)));
  return next;
}

/** The top-level item `(head … (uuid "id"))` of a tree. */
export function itemByUuid(tree: SList, head: string, uuid: string): SList {
  const found = tree.items.find(
    (item): item is SList =>
      item.kind === "list" && headOf(item) === head && childText(item, "uuid") === uuid,
  );
  if (!found) throw new Error(`no (${head} … (uuid "${uuid}")) in the tree`);
  return found;
}

/** The `(property "name" …)` child of an item. */
export function propertyNode(item: SList, name: string): SList {
  const found = item.items.find(
    (p): p is SList =>
      p.kind === "list" &&
      headOf(p) === "property" &&
      p.items[1]?.kind === "atom" &&
      p.items[1].text === name,
  );
  if (!found) throw new Error(`no property ${name}`);
  return found;
}

/** The bench's seeded generator (mulberry32): the same seed picks the same edits on every run. */
export { seeded } from "../../../../bench/draft-route.js";

export function pick<T>(items: readonly T[], random: () => number): T | undefined {
  return items.length === 0 ? undefined : items[Math.floor(random() * items.length)];
}

/** The items in a seeded random order (Fisher–Yates). */
export function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
