import { z } from "zod";
import { diffReportSchema, pictureSchema } from "../diff/diff-report.js";
import { stageNameSchema } from "../flow/stage-names.js";

/** A picture in the artifact: a bare PNG file name beside diff-result.json, nothing else. */
export const pictureFileSchema = z
  .string()
  .max(200)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._+-]*\.png$/, "must be a PNG file name beside diff-result.json");

const artifactPictureSchema = pictureSchema.extend({
  overview: pictureFileSchema,
  crops: z.array(pictureFileSchema).max(6),
});

const sha = z.string().regex(/^[0-9a-f]{40}$/);

/**
 * diff-result.json, the file in a diff artifact: `copperhead diff --json --images` of one commit
 * against its base, with what it is about. The App treats it as untrusted (a fork wrote it) until
 * it matches and names the run's repository, commit and pull request.
 */
export const diffResultSchema = z.strictObject({
  schema: z.literal(1),
  repository: z.string().regex(/^[^/\s]+\/[^/\s]+$/),
  /** The commit diffed (the report's after side). */
  sha,
  /** The commit it is compared with (the report's before side). */
  base: sha,
  pr: z.int().positive().nullable(),
  /** The stage whose commit this is; null for a person's push. */
  stage: stageNameSchema.nullable(),
  report: diffReportSchema.extend({
    pictures: z.array(artifactPictureSchema).max(200).nullable(),
  }),
});

export type DiffResult = z.infer<typeof diffResultSchema>;
