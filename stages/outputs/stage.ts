import type { Evidence } from "../../engine/flow/evidence.js";
import { nonEmptyFiles } from "../../engine/flow/gates/file-evidence.js";
import { filesMatching } from "../../engine/flow/gates/repo-files.js";
import type { StageDeclaration } from "../../engine/flow/stage.js";

const GERBER = /\.(gbr|gtl|gbl|gts|gbs|gto|gbo|gtp|gbp|gm\d*|gko|gml)$/i;
const DRILL = /\.(drl|xln|exc)$|-drl\.gbr$|-(pth|npth)\.gbr$/i;

function present(paths: string[], kind: string, pattern: RegExp, check: string): Evidence {
  const hits = paths.filter((p) => pattern.test(p));
  return hits.length > 0
    ? { check, ok: true, detail: `${hits.length} ${kind} file(s)` }
    : { check, ok: false, detail: `no ${kind} file under outputs/` };
}

/**
 * Every file under outputs/ is non-empty and there are gerbers and a drill file. The full list
 * (DXF, STEP, renders, position file, ordering BOM) is checked once the pipeline exports them.
 */
export async function outputsGate({ repo }: { repo: string }): Promise<Evidence[]> {
  const paths = (await filesMatching(repo, "outputs/")).map((f) => f.path);
  return [
    await nonEmptyFiles(repo, "outputs/", "outputs-non-empty"),
    present(paths, "gerber", GERBER, "gerbers"),
    present(paths, "drill", DRILL, "drill"),
  ];
}

export const outputsStage: StageDeclaration = {
  name: "outputs",
  summary: "export fabrication and assembly files and renders",
  inputs: ["brief.md", "hardware/*.kicad_pcb", "hardware/*.kicad_sch", "docs/BOM.md"],
  outputs: ["outputs/"],
  tools: ["files", "export", "drc"],
  turnBudget: 20,
  prompt: "stages/outputs/prompt.md",
  gate: outputsGate,
};
