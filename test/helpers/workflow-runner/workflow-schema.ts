import { z } from "zod";

/**
 * The workflow syntax the local runner interprets: exactly what engine/workflow emits, strictly.
 * A key the generator starts emitting fails here until the runner learns what it means.
 */
const scalar = z.union([z.string(), z.number(), z.boolean()]);

export const stepSchema = z
  .strictObject({
    name: z.string().min(1),
    id: z
      .string()
      .regex(/^[A-Za-z_][A-Za-z0-9_-]*$/)
      .optional(),
    if: z.string().optional(),
    uses: z.string().optional(),
    with: z.record(z.string(), scalar).optional(),
    run: z.string().optional(),
    shell: z.literal("bash").optional(),
    env: z.record(z.string(), z.string()).optional(),
    "timeout-minutes": z.number().positive().optional(),
  })
  .refine((s) => (s.run === undefined) !== (s.uses === undefined), {
    message: "a step has either run or uses",
  });

export const jobSchema = z.strictObject({
  name: z.string().min(1),
  if: z.string().optional(),
  needs: z.array(z.string()).optional(),
  "runs-on": z.literal("ubuntu-latest"),
  "timeout-minutes": z.number().positive(),
  permissions: z.record(z.string(), z.enum(["read", "write"])).optional(),
  container: z.strictObject({ image: z.string().min(1) }).optional(),
  env: z.record(z.string(), z.string()).optional(),
  steps: z.array(stepSchema).min(1),
});

const inputSchema = z.strictObject({
  description: z.string(),
  required: z.boolean(),
  type: z.literal("string"),
  default: z.string().optional(),
});

export const workflowSchema = z.strictObject({
  name: z.string(),
  "run-name": z.string().optional(),
  on: z.strictObject({
    workflow_dispatch: z.strictObject({ inputs: z.record(z.string(), inputSchema) }).optional(),
    workflow_call: z
      .strictObject({
        inputs: z.record(z.string(), inputSchema),
        secrets: z.record(z.string(), z.strictObject({ required: z.boolean() })).optional(),
      })
      .optional(),
    pull_request: z.strictObject({ types: z.array(z.string()) }).optional(),
  }),
  permissions: z.record(z.string(), z.enum(["read", "write"])),
  concurrency: z.strictObject({ group: z.string(), "cancel-in-progress": z.boolean() }).optional(),
  jobs: z.record(z.string(), jobSchema),
});

export type WorkflowFile = z.infer<typeof workflowSchema>;
export type JobSpec = z.infer<typeof jobSchema>;
export type StepSpec = z.infer<typeof stepSchema>;
