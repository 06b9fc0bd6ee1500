import type { EngineView } from "./provider.js";
import type { ScriptExpect } from "./script-schema.js";

/** Every way the engine differs from what the script expected; empty when it matches. */
export function expectationDiffs(expect: ScriptExpect, view: EngineView): string[] {
  const diffs: string[] = [];
  for (const name of expect.catalogIncludes ?? []) {
    if (!view.catalog.includes(name)) {
      diffs.push(`tool "${name}" is missing from the catalog [${view.catalog.join(", ")}]`);
    }
  }
  for (const name of expect.catalogExcludes ?? []) {
    if (view.catalog.includes(name))
      diffs.push(`tool "${name}" is in the catalog but should be absent`);
  }
  if (expect.lastResultIncludes !== undefined) {
    const last = view.lastToolResult;
    if (last === undefined || !last.includes(expect.lastResultIncludes)) {
      diffs.push(
        `last tool result lacks ${JSON.stringify(expect.lastResultIncludes)}; it was ${JSON.stringify(last ?? "(none)")}`,
      );
    }
  }
  for (const kind of expect.obligationsOpen ?? []) {
    if (!view.openObligations.includes(kind)) {
      diffs.push(`obligation "${kind}" is not open (open: [${view.openObligations.join(", ")}])`);
    }
  }
  for (const kind of expect.obligationsClosed ?? []) {
    if (view.openObligations.includes(kind)) diffs.push(`obligation "${kind}" is still open`);
  }
  return diffs;
}
