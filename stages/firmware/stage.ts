import type { Evidence } from "../../engine/flow/evidence.js";
import { filesMatching } from "../../engine/flow/gates/repo-files.js";
import type { StageDeclaration } from "../../engine/flow/stage.js";

const SOURCE = /\.(c|h|cpp|hpp|cc|py|rs|ino|s|S)$/;

/** firmware/ holds at least one source file and none is empty (pins.h checks come later). */
export async function firmwareGate({ repo }: { repo: string }): Promise<Evidence[]> {
  const files = await filesMatching(repo, "firmware/");
  const sources = files.filter((f) => SOURCE.test(f.path));
  const empty = sources.filter((f) => f.size === 0).map((f) => f.path);
  if (sources.length === 0) {
    return [{ check: "firmware-sources", ok: false, detail: "no source file under firmware/" }];
  }
  if (empty.length > 0) {
    return [{ check: "firmware-sources", ok: false, detail: `empty: ${empty.join(", ")}` }];
  }
  return [
    { check: "firmware-sources", ok: true, detail: `${sources.length} non-empty source file(s)` },
  ];
}

export const firmwareStage: StageDeclaration = {
  name: "firmware",
  summary: "write pins.h from the pinout, drivers and one happy path",
  inputs: ["brief.md", "docs/PINOUT.md", "docs/SPEC.md", "hardware/*.kicad_sch"],
  outputs: ["firmware/"],
  tools: ["files", "intent"],
  turnBudget: 40,
  prompt: "stages/firmware/prompt.md",
  gate: firmwareGate,
};
