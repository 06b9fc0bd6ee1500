import { CopperheadError, describeError } from "../../engine/errors.js";
import type { Evidence } from "../../engine/flow/evidence.js";
import { designTarget } from "../../engine/flow/gates/design-target.js";
import {
  type MarkdownBlock,
  type MarkdownSection,
  markdownSections,
} from "../../engine/flow/gates/markdown.js";
import { readRepoText } from "../../engine/flow/gates/repo-files.js";
import type { StageContext } from "../../engine/flow/stage.js";
import { loadBoard } from "../../engine/kicad/board/load-board.js";
import { DEVPLAN, devplanChecks } from "./stage.js";
import { testPointsEvidence } from "./test-points.js";

const SECTIONS = {
  "bring-up": /\bbring[\s-]?up\b/i,
  "test-points": /\btest[\s-]?points?\b/i,
  risks: /\brisks?\b/i,
  "prototype-order": /\bprototype\b|\border\b/i,
} as const;

/** A section's entries: its list items and table rows, else its lines of prose. */
export function entriesOf(section: MarkdownSection): MarkdownBlock[] {
  const listed = section.blocks.filter((b) => b.kind === "item" || b.kind === "row");
  return listed.length > 0 ? listed : section.blocks.filter((b) => b.kind === "line");
}

function section(sections: readonly MarkdownSection[], check: keyof typeof SECTIONS) {
  return sections.find((s) => s.level >= 2 && SECTIONS[check].test(s.title));
}

/**
 * DEVPLAN.md plans the first prototype: a bring-up order (two steps or more), test points that
 * exist on the board (every listed one, and every TP footprint listed), risks, and a prototype
 * order that says how many.
 */
export async function devplanGate({ repo }: Pick<StageContext, "repo">): Promise<Evidence[]> {
  const text = await readRepoText(repo, DEVPLAN);
  if (text === undefined || text.trim() === "") {
    return devplanChecks.map((check) => ({
      check,
      ok: false,
      detail: `${DEVPLAN} is missing or empty`,
    }));
  }
  const sections = markdownSections(text);
  const missing = (check: keyof typeof SECTIONS, what: string): Evidence => ({
    check,
    ok: false,
    detail: `${DEVPLAN} has no ## section about ${what} (or it is empty)`,
  });
  const evidence: Evidence[] = [];

  const bringUp = section(sections, "bring-up");
  const steps = bringUp ? entriesOf(bringUp) : [];
  evidence.push(
    !bringUp || steps.length === 0
      ? missing("bring-up", "bring-up")
      : steps.length < 2
        ? {
            check: "bring-up",
            ok: false,
            detail: `'${bringUp.title}' has one step; write the power-up order step by step`,
          }
        : { check: "bring-up", ok: true, detail: `'${bringUp.title}': ${steps.length} steps` },
  );

  const points = section(sections, "test-points");
  if (!points || entriesOf(points).length === 0)
    evidence.push(missing("test-points", "test points"));
  else evidence.push(await testPointsOnBoard(repo, points));

  const risks = section(sections, "risks");
  const riskEntries = risks ? entriesOf(risks) : [];
  evidence.push(
    riskEntries.length === 0
      ? missing("risks", "risks")
      : { check: "risks", ok: true, detail: `'${risks!.title}': ${riskEntries.length} risk(s)` },
  );

  const order = section(sections, "prototype-order");
  const orderEntries = order ? entriesOf(order) : [];
  evidence.push(
    orderEntries.length === 0
      ? missing("prototype-order", "the prototype order")
      : orderEntries.some((b) => /\d/.test(b.text))
        ? {
            check: "prototype-order",
            ok: true,
            detail: `'${order!.title}': ${orderEntries.length} line(s) with quantities`,
          }
        : {
            check: "prototype-order",
            ok: false,
            detail: `'${order!.title}' does not say how many boards to order`,
          },
  );
  return evidence;
}

async function testPointsOnBoard(repo: string, points: MarkdownSection): Promise<Evidence> {
  const target = await designTarget(repo);
  if (!target.ok) return { check: "test-points", ok: false, detail: target.detail };
  if (!target.board) {
    return {
      check: "test-points",
      ok: false,
      detail: "no board (.kicad_pcb) to check the test points against",
    };
  }
  try {
    const board = await loadBoard(target.board.absolute);
    return testPointsEvidence(entriesOf(points), board, target.board.relative);
  } catch (error) {
    if (!(error instanceof CopperheadError)) throw error;
    return { check: "test-points", ok: false, detail: describeError(error) };
  }
}
