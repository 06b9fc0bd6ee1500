import { readdirSync, readFileSync, statSync } from "node:fs";
import { extname, join, relative } from "node:path";
import type { SList, SNode } from "../../../../engine/kicad/sexp/node.js";

/** Debian's KiCad packages (scripts/install-kicad.sh installs them). */
export const KICAD_SHARE = process.env.COPPERHEAD_KICAD_SHARE ?? "/usr/share/kicad";
export const DEMOS = join(KICAD_SHARE, "demos");
export const SYMBOLS = join(KICAD_SHARE, "symbols");
export const FOOTPRINTS = join(KICAD_SHARE, "footprints");

export const SEXP_EXTENSIONS = [".kicad_sch", ".kicad_pcb", ".kicad_sym", ".kicad_mod"] as const;
export type SexpExtension = (typeof SEXP_EXTENSIONS)[number];

/** Every KiCad s-expression file under `dir`, sorted. */
export function sexpFiles(dir: string, extensions: readonly string[] = SEXP_EXTENSIONS): string[] {
  const out: string[] = [];
  const walk = (at: string): void => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile() && extensions.includes(extname(path))) out.push(path);
    }
  };
  walk(dir);
  return out.sort();
}

/** A deterministic sample of a big corpus: every 10th file plus the 3 largest. */
export function sampleFiles(files: readonly string[]): string[] {
  const picked = new Set(files.filter((_, index) => index % 10 === 0));
  const bySize = [...files].sort((a, b) => statSync(b).size - statSync(a).size);
  for (const file of bySize.slice(0, 3)) picked.add(file);
  return [...picked].sort();
}

export function shortName(path: string): string {
  return relative(KICAD_SHARE, path);
}

/** The `(version N)` and `(generator …)` a file declares, read from its first bytes. */
export function declaredFormat(text: string): { version: number; generator: string } {
  const head = text.slice(0, 1000);
  const version = Number(/\(version (\d+)\)/.exec(head)?.[1] ?? 0);
  const generator = /\(generator "?([^")\s]+)"?\)/.exec(head)?.[1] ?? "";
  return { version, generator };
}

/**
 * The first format version KiCad 8.0 wrote, per file type: from 8.0 on KiCad lays files out with
 * KICAD_FORMAT::Prettify, the formatter `writeSexp` ports. Older files (KiCad 5–7) were laid
 * out by hand-placed line breaks in each writer and cannot be reproduced from the tree.
 */
export const KICAD8_VERSION: Record<SexpExtension, number> = {
  ".kicad_sch": 20231120,
  ".kicad_sym": 20231120,
  ".kicad_pcb": 20240108,
  ".kicad_mod": 20240108,
};

/** The format version of KiCad 9.0's own files, per type (kicad-facts.md §6). */
export const KICAD9_VERSION: Record<SexpExtension, number> = {
  ".kicad_sch": 20250114,
  ".kicad_sym": 20241209,
  ".kicad_pcb": 20241229,
  ".kicad_mod": 20241229,
};

export function readText(path: string): string {
  return readFileSync(path, "utf8");
}

/** The tree without source offsets, for comparing a re-parsed tree with the original. */
export function shape(node: SNode): unknown {
  if (node.kind === "atom") return node.quoted ? { q: node.text } : node.text;
  return (node as SList).items.map(shape);
}
