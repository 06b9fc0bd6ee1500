import type { Probot } from "probot";
import { type AppDeps, flowFor } from "../deps.js";
import { startFromPush } from "../flows/start-design.js";
import { parseEvent } from "../payloads.js";

/** A brief committed to the default branch starts a design (docs/app.md, "From a push"). */
export function onPush(app: Probot, deps: AppDeps): void {
  app.on("push", async (context) => {
    const event = parseEvent("push", context.payload);
    if (event.kind !== "push" || event.deleted || event.sender.isBot) return;
    if (event.ref !== `refs/heads/${event.repo.defaultBranch}`) return;
    deps.queue.enqueue(`${event.repo.fullName}:push`, async () => {
      const flow = await flowFor(deps, context, event.repo);
      const path = flow.settings.briefPath;
      if (event.touched.complete && !event.touched.paths.includes(path)) return;
      await startFromPush(flow, { sha: event.after, pusher: event.sender.login });
    });
  });
}
