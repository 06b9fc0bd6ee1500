import type { Probot } from "probot";
import { type AppDeps, defaultDeps } from "./deps.js";
import { onCheckRun } from "./triggers/check-run.js";
import { onIssueComment } from "./triggers/issue-comment.js";
import { onIssues } from "./triggers/issues.js";
import { onPullRequest } from "./triggers/pull-request.js";
import { onPush } from "./triggers/push.js";
import { onWorkflowJob } from "./triggers/workflow-job.js";
import { onWorkflowRun } from "./triggers/workflow-run.js";

/** The App with its wiring: tests pass a queue they can await and a fixed identity. */
export function copperheadApp(overrides: Partial<AppDeps> = {}): (app: Probot) => void {
  return (app) => {
    const deps = defaultDeps(app, overrides);
    onIssues(app, deps);
    onIssueComment(app, deps);
    onPush(app, deps);
    onPullRequest(app, deps);
    onCheckRun(app, deps);
    onWorkflowRun(app, deps);
    onWorkflowJob(app, deps);
  };
}
