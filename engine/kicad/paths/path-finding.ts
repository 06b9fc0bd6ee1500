import { z } from "zod";
import { printableExcerpt, quoteExcerpt } from "../../excerpt.js";

/**
 * Why a path named in a design file (or a library table, the project file, the config) was
 * refused. Each is a finding, never a read: the file it names is not opened, stat'ed only
 * where that cannot block, and its content is never quoted.
 */
export const PATH_FINDING_KINDS = [
  /** As written (variables expanded), it leads out of the repository (and KiCad's libraries). */
  "path-outside-repo",
  /** Inside as written, but a symlink on the way leads out. */
  "path-symlink-outside",
  /** A FIFO, socket, device or folder where a file belongs: opening it could block or mislead. */
  "path-not-a-file",
  /** Uses a variable copperhead does not follow (one KiCad would take from the environment). */
  "path-variable",
  /** Points into `.git/`, which holds credentials (actions/checkout's token) and history. */
  "path-into-git",
  /** Not a usable path at all: empty, a NUL byte, variables nested past KiCad's depth. */
  "path-invalid",
] as const;

export type PathFindingKind = (typeof PATH_FINDING_KINDS)[number];

export const pathFindingSchema = z.object({
  kind: z.enum(PATH_FINDING_KINDS),
  /** The file that names the path: relative to the repository root. */
  file: z.string(),
  /** Where in that file: `Sheetfile of sheet "Power"`, `fp-lib-table row "Lib" uri`, … */
  field: z.string(),
  /** The path exactly as written (variables never expanded: their values may be secrets). */
  path: z.string(),
  /** One line for a person: what was refused, why, and what to do. */
  message: z.string(),
});

export type PathFinding = z.infer<typeof pathFindingSchema>;

const WHY: Record<PathFindingKind, string> = {
  "path-outside-repo": "leads outside the repository",
  "path-symlink-outside": "leads outside the repository through a symlink",
  "path-not-a-file": "is not a regular file (a FIFO, socket, device or folder)",
  "path-variable": "uses a variable copperhead does not follow",
  "path-into-git": "points into .git/",
  "path-invalid": "is not a usable path",
};

const FIX: Record<PathFindingKind, string> = {
  "path-outside-repo": `keep every file the design uses inside the repository (vendor libraries under \${KIPRJMOD}/…) or in KiCad's installed library folders`,
  "path-symlink-outside":
    "replace the symlink with the file itself, committed inside the repository",
  "path-not-a-file": "point it at a regular file",
  "path-variable": `write the path relative to \${KIPRJMOD}, or with one of KiCad's library variables (\${KICAD9_SYMBOL_DIR}, \${KICAD9_FOOTPRINT_DIR}, \${KICAD9_3DMODEL_DIR})`,
  "path-into-git": "point it at a file in the working tree",
  "path-invalid": "write a plain relative path",
};

/** Builds a finding; `detail` adds a specific reason (the variable's name, the symlink). */
export function pathFinding(
  kind: PathFindingKind,
  where: { file: string; field: string; path: string },
  detail?: string,
): PathFinding {
  const why = detail ? `${WHY[kind]} (${detail})` : WHY[kind];
  // File names and fields come from the repository too: shown printable, like the path.
  const file = printableExcerpt(where.file, 200);
  const field = printableExcerpt(where.field, 200);
  return {
    kind,
    ...where,
    message: `${file}: ${field} ${quoteExcerpt(where.path, 160)} ${why}; copperhead did not read it — ${FIX[kind]}`,
  };
}

/** One finding on one line, its kind first: `[path-outside-repo] hardware/x.kicad_sch: …`. */
export function describePathFinding(finding: PathFinding): string {
  return `[${finding.kind}] ${finding.message}`;
}

/** The findings as lines for a person, numbered like other findings. */
export function renderPathFindings(findings: readonly PathFinding[]): string[] {
  return findings.map((finding, i) => `  ${i + 1}. ${describePathFinding(finding)}`);
}
