import { formatNumber } from "../sexp/node.js";
import type { Violation } from "../violation.js";

/**
 * Numbered, human-readable violations for a terminal or a job summary:
 *
 *    1. error pin_not_connected — Pin not connected
 *       sheet /, at (85.09, 76.2) mm
 *       · Symbol R1 Pin 2 [Passive, Line] (85.09, 76.2)
 *
 * Numbering starts at `first` so several lists (DRC) share one sequence.
 */
export function formatViolations(violations: readonly Violation[], first = 1): string[] {
  const width = String(first + violations.length - 1).length;
  return violations.flatMap((violation, index) => {
    const number = `${String(first + index).padStart(width)}.`;
    const indent = " ".repeat(number.length + 3);
    const tag = violation.excluded ? " (excluded)" : "";
    const lines = [
      `  ${number} ${violation.severity} ${violation.type}${tag} — ${violation.description}`,
    ];
    const where = [
      violation.sheet === undefined ? undefined : `sheet ${violation.sheet}`,
      violation.items[0]?.pos ? `at ${point(violation.items[0].pos)} mm` : undefined,
    ].filter(Boolean);
    if (where.length > 0) lines.push(`${indent}${where.join(", ")}`);
    for (const item of violation.items) {
      lines.push(`${indent}· ${item.description}${item.pos ? ` ${point(item.pos)}` : ""}`);
    }
    return lines;
  });
}

function point(pos: { x: number; y: number }): string {
  return `(${formatNumber(pos.x, 6)}, ${formatNumber(pos.y, 6)})`;
}
