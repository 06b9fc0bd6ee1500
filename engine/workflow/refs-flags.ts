import { z } from "zod";
import { UsageError } from "../errors.js";
import { defaultAction, defaultImage } from "./release.js";
import type { WorkflowRefs } from "./workflow-types.js";

// What `container: image:` and `uses:` accept, narrowly: a flag can never smuggle YAML or an
// expression into the generated file.
const imageSchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9._/-]*(:[A-Za-z0-9._-]+)?(@sha256:[0-9a-f]{64})?$/, {
    message: "must be an image reference such as ghcr.io/owner/copperhead:1.2.3",
  });
const actionSchema = z
  .string()
  .regex(
    /^([A-Za-z0-9][A-Za-z0-9_.-]*\/[A-Za-z0-9_.-]+(\/[A-Za-z0-9_./-]+)?@[A-Za-z0-9_.-]+|\.\/[A-Za-z0-9_./-]*)$/,
    {
      message: "must be an action reference such as owner/copperhead@v1.2.3 or ./path",
    },
  );

export const REFS_FLAGS = {
  image: { type: "string" },
  action: { type: "string" },
} as const;

export const REFS_USAGE = "[--image <ref>] [--action <owner/repo@ref>]";

/** The container image and Action the workflows use: this release's unless a flag says otherwise. */
export function refsFromFlags(values: { image?: string; action?: string }): WorkflowRefs {
  const check = (schema: z.ZodString, value: string, flag: string) => {
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      throw new UsageError(
        `--${flag} ${JSON.stringify(value)} ${parsed.error.issues[0]?.message ?? "is invalid"}`,
        `pass --${flag} a plain reference, or leave it out for this release's (${flag === "image" ? defaultImage() : defaultAction()})`,
      );
    }
    return parsed.data;
  };
  return {
    image: values.image === undefined ? defaultImage() : check(imageSchema, values.image, "image"),
    action:
      values.action === undefined ? defaultAction() : check(actionSchema, values.action, "action"),
  };
}
