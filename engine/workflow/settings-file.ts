import { Document, isPair, isScalar, type Pair, type Scalar, type YAMLMap } from "yaml";
import { DEFAULT_MODEL } from "../agent/providers/provider-settings.js";
import { defaultSettings } from "./settings.js";

const NOTES: Record<string, string> = {
  label: "The issue label that starts a design (applying it needs the `starters` role).",
  briefPath: "The brief; a push to the default branch that changes it starts a design too.",
  stages: "The stages the design workflow runs; the others are reported as skipped.",
  model: "The model every stage uses; leave it out for copperhead's default model.",
  turnBudgets: "Model turns per attempt for some stages, e.g. { schematic: 80 } (1-500).",
  commanders: "Who may use /copperhead retry | status | stop: write, maintain or admin.",
  starters: "Who may start a design by labelling an issue: triage, write, maintain or admin.",
  checkRuns: "The whole-design check runs the App posts besides one per stage.",
  continuations:
    "How often in a row the App dispatches again when a run ends with work left (0-10; 0: never).",
};

/**
 * `.github/copperhead.yml` as install-workflow writes it: every setting at its default, each
 * with a comment saying what it does (the schema is engine/workflow/settings.ts). Parsing it
 * gives exactly the defaults.
 */
export function settingsFileText(): string {
  const doc = new Document(defaultSettings);
  const map = doc.contents as YAMLMap;
  for (const item of map.items as Pair[]) {
    const key = isScalar(item.key) ? String((item.key as Scalar).value) : "";
    if (NOTES[key] && isPair(item)) (item.key as Scalar).commentBefore = ` ${NOTES[key]}`;
  }
  doc.commentBefore = [
    " copperhead's settings, read by the GitHub App (from the default branch) and by the design",
    " workflow (from the branch it works on). Unknown keys are refused. docs/app.md lists them all.",
    "",
    ` ${NOTES.model}`,
    ` model: ${DEFAULT_MODEL}`,
  ].join("\n");
  return doc.toString({ lineWidth: 0 });
}
