import type { FindingDraft } from "../finding-draft.js";
import type { SheetContext } from "../sheet-context.js";

/** The fields a reader needs to know what a printed sheet is, as KiCad's file names them. */
const FIELDS = [
  { key: "title", name: "title" },
  { key: "rev", name: "revision" },
  { key: "date", name: "date" },
] as const;

/** A title block missing its title, revision or date: a printout nobody can place. */
export function checkEmptyTitleBlock(ctx: SheetContext): FindingDraft[] {
  const tb = ctx.sheet.titleBlock;
  const empty = FIELDS.filter((f) => !tb || tb[f.key].trim() === "");
  if (empty.length === 0) return [];
  const at = ctx.frame ? { x: ctx.frame.usable.maxX, y: ctx.frame.usable.maxY } : { x: 0, y: 0 };
  const names = empty.map((f) => f.name);
  const example = empty.map((f) => `(${f.key} "…")`).join(" ");
  return [
    {
      at,
      refs: names,
      detail:
        `the title block of ${ctx.sheetName} (${ctx.sheet.file}) ${tb ? "has no" : "is missing, so it has no"} ` +
        `${names.join(", ")}; fill ${empty.length > 1 ? "them" : "it"} in (KiCad: File → Page Settings; ` +
        `in the file: ${example} inside (title_block …))`,
    },
  ];
}
