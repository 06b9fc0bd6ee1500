import type { ScriptedTurn } from "../../../../engine/agent/providers/script-schema.js";

/** Small builders so scenario scripts read like the session they stand for. */
export const call = (
  name: string,
  input: Record<string, unknown> = {},
  expect?: ScriptedTurn["expect"],
): ScriptedTurn => ({
  tools: [{ name, input }],
  ...(expect ? { expect } : {}),
});

export const unlock: ScriptedTurn[] = [
  call("propose_change", { id: "add-led" }),
  call("validate_change", { id: "add-led" }),
];

export const finishDone = (expect?: ScriptedTurn["expect"]): ScriptedTurn =>
  call("finish", { outcome: "done", summary: "finished" }, expect);
