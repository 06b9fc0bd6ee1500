import { z } from "zod";
import { driftFindingSchema } from "../kicad/drift/drift-finding.js";
import { legibilityReportSchema } from "../kicad/legibility/report.js";
import { pathFindingSchema } from "../kicad/paths/path-finding.js";
import { scoreReportSchema } from "../kicad/score/report.js";
import { violationSchema } from "../kicad/violation.js";

const countsSchema = z.object({
  errors: z.number().int(),
  warnings: z.number().int(),
  excluded: z.number().int(),
});

/** A check that did not run says why (no schematic configured, no board, no docs). */
const skippedSchema = z.object({ status: z.literal("skipped"), reason: z.string() });

export const ercSectionSchema = z.discriminatedUnion("status", [
  skippedSchema,
  z.object({
    status: z.literal("ran"),
    counts: countsSchema,
    sheets: z.array(z.string()),
    violations: z.array(violationSchema),
  }),
]);

export const drcSectionSchema = z.discriminatedUnion("status", [
  skippedSchema,
  z.object({
    status: z.literal("ran"),
    counts: countsSchema,
    violations: z.array(violationSchema),
    unconnected: z.array(violationSchema),
    parity: z.array(violationSchema),
    /**
     * Whether the board was compared with its schematic (the same-named .kicad_sch beside it,
     * as KiCad pairs them), or why not. Absent in reports written before it was added.
     */
    schematicParity: z
      .discriminatedUnion("status", [z.object({ status: z.literal("ran") }), skippedSchema])
      .optional(),
  }),
]);

export const legibilitySectionSchema = z.discriminatedUnion("status", [
  skippedSchema,
  z.object({
    status: z.literal("ran"),
    /**
     * True when error-severity findings fail the check: a create-origin repo whose sheets still
     * carry copperhead's generator stamp. Elsewhere (hand-drawn sheets) findings are advisory.
     */
    gated: z.boolean(),
    /** Sheet paths drafted by copperhead (its generator stamp). */
    engineSheets: z.array(z.string()),
    report: legibilityReportSchema,
    text: z.string(),
  }),
]);

/** The score is advisory: it never fails the check. */
export const scoreSectionSchema = z.discriminatedUnion("status", [
  skippedSchema,
  z.object({ status: z.literal("ran"), report: scoreReportSchema, text: z.string() }),
]);

export const driftSectionSchema = z.discriminatedUnion("status", [
  skippedSchema,
  z.object({
    status: z.literal("ran"),
    documents: z.array(z.string()),
    findings: z.array(driftFindingSchema),
  }),
]);

/**
 * `copperhead check --json`: one stable object. The GitHub App reads it inside a stage's
 * outcome, so fields are only ever added. Paths are relative to the checked folder.
 */
export const checkReportSchema = z.object({
  schema: z.literal(1),
  ok: z.boolean(),
  /** Why the check failed (exit 1), one line each; empty when ok. */
  failures: z.array(z.string()),
  target: z.object({
    schematic: z.string().nullable(),
    board: z.string().nullable(),
    docs: z.string(),
    origin: z.enum(["create", "init"]).nullable(),
  }),
  /**
   * Paths the design (or the docs) name that copperhead refused: outside the repository, a
   * symlink out, a FIFO, an environment variable, into .git/. Any of them fails the check and
   * every other section is skipped: nothing past the pre-flight was read (docs/security.md).
   */
  paths: z.array(pathFindingSchema).default([]),
  erc: ercSectionSchema,
  drc: drcSectionSchema,
  legibility: legibilitySectionSchema,
  score: scoreSectionSchema,
  drift: driftSectionSchema,
});

export type CheckReport = z.infer<typeof checkReportSchema>;
