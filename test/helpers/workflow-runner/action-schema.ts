import { z } from "zod";

/**
 * action.yml as GitHub documents its metadata syntax ("Metadata syntax for GitHub Actions"):
 * name, description, inputs, outputs, runs (composite, JavaScript or Docker), branding. Strict:
 * a misspelt key is an error here, as it is a silently ignored key on GitHub.
 */
const id = z
  .string()
  .regex(/^[A-Za-z_][A-Za-z0-9_-]*$/, "input/output ids start with a letter or _");

const input = z.strictObject({
  description: z.string().min(1),
  required: z.boolean().optional(),
  default: z.string().optional(),
  deprecationMessage: z.string().optional(),
});

const compositeOutput = z.strictObject({
  description: z.string().min(1),
  value: z.string().min(1),
});
const plainOutput = z.strictObject({ description: z.string().min(1) });

const compositeStep = z
  .strictObject({
    name: z.string().optional(),
    id: id.optional(),
    if: z.string().optional(),
    run: z.string().optional(),
    shell: z.string().optional(),
    uses: z.string().optional(),
    with: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
    env: z.record(z.string(), z.string()).optional(),
    "working-directory": z.string().optional(),
    "continue-on-error": z.union([z.boolean(), z.string()]).optional(),
  })
  .refine((s) => (s.run === undefined) !== (s.uses === undefined), {
    message: "a step has either run or uses",
  })
  .refine((s) => s.run === undefined || s.shell !== undefined, {
    message: "a composite run step must name its shell",
  });

const runs = z.discriminatedUnion("using", [
  z.strictObject({ using: z.literal("composite"), steps: z.array(compositeStep).min(1) }),
  z.strictObject({
    using: z.enum(["node20", "node24"]),
    main: z.string(),
    pre: z.string().optional(),
    "pre-if": z.string().optional(),
    post: z.string().optional(),
    "post-if": z.string().optional(),
  }),
  z.strictObject({
    using: z.literal("docker"),
    image: z.string(),
    env: z.record(z.string(), z.string()).optional(),
    args: z.array(z.string()).optional(),
    entrypoint: z.string().optional(),
    "pre-entrypoint": z.string().optional(),
    "post-entrypoint": z.string().optional(),
  }),
]);

const colors = [
  "white",
  "black",
  "yellow",
  "blue",
  "green",
  "orange",
  "red",
  "purple",
  "gray-dark",
];

export const actionMetadataSchema = z
  .strictObject({
    name: z.string().min(1),
    author: z.string().optional(),
    description: z.string().min(1),
    inputs: z.record(id, input).optional(),
    outputs: z.record(id, z.union([compositeOutput, plainOutput])).optional(),
    runs,
    branding: z.strictObject({ icon: z.string().min(1), color: z.enum(colors) }).optional(),
  })
  .refine(
    (a) =>
      a.runs.using !== "composite" || Object.values(a.outputs ?? {}).every((o) => "value" in o),
    { message: "a composite action's outputs need a value" },
  );

export type ActionMetadata = z.infer<typeof actionMetadataSchema>;
