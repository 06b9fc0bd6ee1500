import { stageGraph } from "../../stages/registry.js";
import { checkWorkflow, prWorkflow } from "./check-workflows.js";
import { designWorkflow } from "./design-workflow.js";
import { copperheadVersion, defaultAction, defaultImage } from "./release.js";
import { generatedHeader, renderWorkflow } from "./render-workflow.js";
import { CHECK_WORKFLOW_FILE, DESIGN_WORKFLOW_FILE, PR_WORKFLOW_FILE } from "./workflow-names.js";
import type { Workflow, WorkflowRefs } from "./workflow-types.js";

/** The three workflows `copperhead workflow` prints and `install-workflow` writes. */
export const workflowKinds = ["design", "check", "pr"] as const;
export type WorkflowKind = (typeof workflowKinds)[number];

export const workflowFileOf: Record<WorkflowKind, string> = {
  design: DESIGN_WORKFLOW_FILE,
  check: CHECK_WORKFLOW_FILE,
  pr: PR_WORKFLOW_FILE,
};

export function defaultRefs(): WorkflowRefs {
  return { image: defaultImage(), action: defaultAction() };
}

export function buildWorkflow(kind: WorkflowKind, refs: WorkflowRefs): Workflow {
  switch (kind) {
    case "design":
      return designWorkflow(stageGraph(), refs);
    case "check":
      return checkWorkflow(refs);
    case "pr":
      return prWorkflow(refs);
  }
}

/** One workflow's file text, as committed in a hardware repo. */
export function workflowText(kind: WorkflowKind, refs: WorkflowRefs = defaultRefs()): string {
  const file = workflowFileOf[kind];
  return renderWorkflow(buildWorkflow(kind, refs), generatedHeader(file, copperheadVersion()));
}

/** Every workflow file: repo-relative path → text. */
export function workflowFiles(refs: WorkflowRefs = defaultRefs()): Map<string, string> {
  return new Map(
    workflowKinds.map((kind) => [
      `.github/workflows/${workflowFileOf[kind]}`,
      workflowText(kind, refs),
    ]),
  );
}
