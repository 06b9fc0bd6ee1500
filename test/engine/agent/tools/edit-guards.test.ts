import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { editFileTool } from "../../../../engine/agent/tools/edit-file.js";
import { treeBytes } from "../../../helpers/tree-bytes.js";
import { ledRepo } from "./temp-repo.js";

// Real kicad-cli load probes on copies of examples/led. Each case gets its own repo so the
// cases can run concurrently (kicad-cli calls dominate the time).
const repos: Awaited<ReturnType<typeof ledRepo>>[] = [];
async function fresh() {
  const made = await ledRepo();
  repos.push(made);
  return made;
}
const read = (repo: string, path: string) => readFile(join(repo, path), "utf8");
let original: string;

beforeAll(async () => {
  const made = await fresh();
  original = await read(made.repo, "hardware/led.kicad_sch");
});
afterAll(async () => {
  await Promise.all(repos.map((r) => r.done()));
});

describe.concurrent("edit_file KiCad guards", () => {
  it("keeps an edit after which KiCad still loads the sheet", async () => {
    const { repo, context } = await fresh();
    const result = await editFileTool.run(
      {
        path: "hardware/led.kicad_sch",
        old: '(property "Value" "330"',
        new: '(property "Value" "470"',
      },
      context,
    );
    expect(result.ok).toBe(true);
    expect(result.detail).toContain("KiCad loads the edited file");
    // The example's look-alike "copperhead-example" stamp is not copperhead's own: a person drew it.
    expect(result.facts).toEqual({
      mutated: { kind: "schematic", path: "hardware/led.kicad_sch", engineAuthored: false },
    });
    expect(await read(repo, "hardware/led.kicad_sch")).toContain('(property "Value" "470"');
  });

  it("reverts an edit that makes a loadable sheet unloadable, with our parser's line and column", async () => {
    const { repo, context } = await fresh();
    const result = await editFileTool.run(
      {
        path: "hardware/led.kicad_sch",
        old: '(property "Value" "330"',
        new: '(property "Value" "330" ))',
      },
      context,
    );
    expect(result.ok).toBe(false);
    expect(result.errorKind).toBe("check-failed");
    expect(result.summary).toContain("REVERTED");
    expect(result.detail).toMatch(/hardware\/led\.kicad_sch:\d+:\d+: found/);
    expect(result.facts).toBeUndefined();
    expect(await read(repo, "hardware/led.kicad_sch")).toBe(original);
  });

  it("reverts a well-formed edit KiCad rejects, quoting kicad-cli (no position to give)", async () => {
    const { repo, context } = await fresh();
    const before = await read(repo, "hardware/led.kicad_pcb");
    const result = await editFileTool.run(
      { path: "hardware/led.kicad_pcb", old: "(thickness 1.6)", new: "(thickness (1.6))" },
      context,
    );
    expect(result.errorKind).toBe("check-failed");
    expect(result.detail).toContain("kicad-cli cannot load hardware/led.kicad_pcb");
    expect(await read(repo, "hardware/led.kicad_pcb")).toBe(before);
  });

  it("keeps an edit to a sheet that was already unloadable, saying it still does not load", async () => {
    const { repo, context } = await fresh();
    const broken = original.replace("(kicad_sch", "(kicad_sch (");
    await writeFile(join(repo, "hardware/led.kicad_sch"), broken);
    const result = await editFileTool.run(
      {
        path: "hardware/led.kicad_sch",
        old: '(property "Value" "330"',
        new: '(property "Value" "470"',
      },
      context,
    );
    expect(result.ok).toBe(true);
    expect(result.detail).toContain("did not load in KiCad before this edit either");
    expect(await read(repo, "hardware/led.kicad_sch")).toBe(
      broken.replace('"Value" "330"', '"Value" "470"'),
    );
  });

  it("refuses an edit to an engine-drafted sheet, naming draft_schematic and the IR (AC-16.23)", async () => {
    const { repo, context } = await fresh();
    const drafted = original.replace(
      '(generator "copperhead-example")',
      '(generator "copperhead")',
    );
    await writeFile(join(repo, "hardware/led.kicad_sch"), drafted);
    const before = await treeBytes(repo);
    const result = await editFileTool.run(
      {
        path: "hardware/led.kicad_sch",
        old: '(property "Value" "330"',
        new: '(property "Value" "470"',
      },
      context,
    );
    expect(result.errorKind).toBe("refused");
    expect(result.detail).toContain("draft_schematic");
    expect(result.detail).toContain("hardware/schematic.intent.json");
    expect(await read(repo, "hardware/led.kicad_sch")).toBe(drafted);
    expect(await treeBytes(repo)).toEqual(before);
  });
});
