import type { Evidence } from "../../engine/flow/evidence.js";
import { type MarkdownTableRows, markdownTables } from "../../engine/flow/gates/markdown.js";
import { readRepoText } from "../../engine/flow/gates/repo-files.js";
import type { StageContext } from "../../engine/flow/stage.js";
import { findColumns, headerKey } from "../../engine/kicad/drift/column-roles.js";
import { SymbolCatalog } from "../../engine/kicad/library/symbol-catalog.js";
import { FootprintLookup } from "./footprint-lookup.js";
import { BOM } from "./stage.js";

// A cell that names no part: a marker word, UNVERIFIED anywhere, or nothing but dashes, question
// marks and other punctuation ("—", "–", "-", "?"). A real part number has a letter or a digit.
const PLACEHOLDER_WORD =
  /^(unverified|tbd|tbc|todo|tba|n\/?a|none|unknown|pending)\b|\bunverified\b/i;

/** A part-number cell that is not a choice: empty, a dash, TBD, n/a, or anything UNVERIFIED. */
export function isPlaceholderPartNumber(cell: string): boolean {
  const bare = cell.replace(/[*_`~]/g, "").trim();
  return bare === "" || PLACEHOLDER_WORD.test(bare) || !/[\p{L}\p{N}]/u.test(bare);
}
const SYMBOL_HEADERS = new Set(["symbol", "lib symbol", "library symbol", "kicad symbol"]);
const NOT_FITTED = /^(dnp|dnf|not fitted)$/i;

interface BomRow {
  ref: string;
  line: number;
  mpn: string;
  symbol: string;
  footprint: string;
}

/** Rows of every BOM table (a table with a reference column), read by header name. */
function bomRows(tables: readonly MarkdownTableRows[]): {
  rows: BomRow[];
  hasMpn: boolean;
  hasSymbol: boolean;
} {
  const rows: BomRow[] = [];
  let hasMpn = false;
  let hasSymbol = false;
  for (const table of tables) {
    const columns = findColumns(table.headers);
    const ref = columns.get("ref");
    if (ref === undefined) continue;
    const mpn = columns.get("mpn");
    const symbol = table.headers.findIndex((h) => SYMBOL_HEADERS.has(headerKey(h)));
    const footprint = columns.get("footprint");
    hasMpn ||= mpn !== undefined;
    hasSymbol ||= symbol !== -1;
    for (const row of table.rows) {
      const cells = row.cells ?? [];
      const value = columns.get("value");
      if (value !== undefined && NOT_FITTED.test(cells[value] ?? "")) continue;
      rows.push({
        ref: cells[ref] ?? "",
        line: row.line,
        mpn: mpn === undefined ? "" : (cells[mpn] ?? ""),
        symbol: symbol === -1 ? "" : (cells[symbol] ?? ""),
        footprint: footprint === undefined ? "" : (cells[footprint] ?? ""),
      });
    }
  }
  return { rows, hasMpn, hasSymbol };
}

const listed = (items: readonly string[]) =>
  items.length > 4
    ? `${items.slice(0, 4).join("; ")}; and ${items.length - 4} more`
    : items.join("; ");

/**
 * Every BOM row has a chosen part number (not empty, a dash, TBD or UNVERIFIED), and every
 * row's symbol (`Library:Name`) and footprint exist in the installed KiCad libraries.
 */
export async function partsGate({
  repo,
  env = process.env,
}: Pick<StageContext, "repo"> & { env?: NodeJS.ProcessEnv }): Promise<Evidence[]> {
  const text = await readRepoText(repo, BOM);
  if (text === undefined || text.trim() === "") {
    return [{ check: "bom-part-numbers", ok: false, detail: `${BOM} is missing or empty` }];
  }
  const { rows, hasMpn, hasSymbol } = bomRows(markdownTables(text));
  if (rows.length === 0) {
    return [
      {
        check: "bom-part-numbers",
        ok: false,
        detail: `${BOM} has no table with a Refdes column and part rows`,
      },
    ];
  }
  const unchosen = rows.filter((r) => isPlaceholderPartNumber(r.mpn));
  const evidence: Evidence[] = [
    !hasMpn
      ? { check: "bom-part-numbers", ok: false, detail: `${BOM} has no MPN / Part number column` }
      : unchosen.length > 0
        ? {
            check: "bom-part-numbers",
            ok: false,
            detail: `${unchosen.length} of ${rows.length} row(s) have no chosen part number: ${listed(
              unchosen.map((r) => `${r.ref || "?"} (line ${r.line}: "${r.mpn}")`),
            )}`,
          }
        : {
            check: "bom-part-numbers",
            ok: true,
            detail: `all ${rows.length} row(s) name a part number`,
          },
  ];

  const catalog = SymbolCatalog.fromEnv(env);
  const symbolProblems: string[] = [];
  if (hasSymbol) {
    for (const r of rows) {
      if (r.symbol === "") {
        symbolProblems.push(`${r.ref} (line ${r.line}) has no symbol`);
        continue;
      }
      const found = await catalog.resolve(r.symbol);
      if (!found.ok) symbolProblems.push(`${r.ref} (line ${r.line}): ${found.message}`);
    }
  }
  evidence.push(
    !hasSymbol
      ? { check: "bom-symbols", ok: false, detail: `${BOM} has no Symbol column (Library:Name)` }
      : symbolProblems.length > 0
        ? { check: "bom-symbols", ok: false, detail: listed(symbolProblems) }
        : {
            check: "bom-symbols",
            ok: true,
            detail: `${rows.length} symbol(s) found in the installed libraries`,
          },
  );

  const footprints = new FootprintLookup(env);
  const footprintProblems: string[] = [];
  for (const r of rows) {
    if (r.footprint === "") {
      footprintProblems.push(`${r.ref} (line ${r.line}) has no footprint`);
      continue;
    }
    const found = await footprints.resolve(r.footprint);
    if (!found.ok) footprintProblems.push(`${r.ref} (line ${r.line}): ${found.message}`);
  }
  evidence.push(
    footprintProblems.length > 0
      ? { check: "bom-footprints", ok: false, detail: listed(footprintProblems) }
      : {
          check: "bom-footprints",
          ok: true,
          detail: `${rows.length} footprint(s) found in the installed libraries`,
        },
  );
  return evidence;
}
