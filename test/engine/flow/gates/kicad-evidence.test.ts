import { mkdir, readFile, writeFile } from "node:fs/promises";
import { afterAll, describe, expect, it } from "vitest";
import { noGateFindings } from "../../../../engine/flow/gate-findings.js";
import { kicadEvidence } from "../../../../engine/flow/gates/kicad-evidence.js";
import { readConfig } from "../../../../engine/repo/config.js";
import { copyFixtureProject, type TempProject } from "../../../helpers/fixture-project.js";

// The gate leaves the findings behind its counts for outcome.json: the App's legibility check
// run and review are made from them, so a gate that fails on legibility must list what failed.

const projects: TempProject[] = [];
afterAll(() => Promise.all(projects.map((p) => p.remove())));

/** The LED example, stamped as copperhead's draft, with one symbol moved onto another. */
async function collided(origin: "create" | "init"): Promise<TempProject> {
  const project = await copyFixtureProject();
  projects.push(project);
  const sheet = project.path("led.kicad_sch");
  const text = (await readFile(sheet, "utf8"))
    .replace("(at 66.04 81.28 0)", "(at 52.07 77.47 0)")
    .replace('(generator "copperhead-example")', '(generator "copperhead")');
  await writeFile(sheet, text);
  await mkdir(project.path(".copperhead"), { recursive: true });
  await writeFile(project.path(".copperhead/config.json"), JSON.stringify({ origin }));
  return project;
}

describe("kicadEvidence records its findings", () => {
  it("lists the blocking legibility findings of a drafted sheet, one per counted finding", async () => {
    const project = await collided("create");
    const findings = noGateFindings();
    const context = { repo: project.dir, config: await readConfig(project.dir), findings };
    const [erc, legibility] = await kicadEvidence(context, ["erc-clean", "legibility-clean"]);
    expect(legibility?.ok).toBe(false);
    const counted = Number(/^(\d+) error-severity finding/.exec(legibility?.detail ?? "")?.[1]);
    expect(counted).toBeGreaterThan(0);
    expect(findings.legibility).toHaveLength(counted);
    expect(new Set(findings.legibility.map((f) => f.severity))).toEqual(new Set(["error"]));
    expect(findings.legibility.map((f) => f.kind)).toContain("text-collision");
    // ERC was asked too: its list matches its own verdict; DRC was not asked, so none.
    expect(findings.erc.length === 0).toBe(erc?.ok);
    expect(findings.drc).toEqual([]);
    expect(findings.score?.composite).toBeGreaterThanOrEqual(0);
  });

  it("records no legibility findings where they only advise (a repo copperhead did not create)", async () => {
    const project = await collided("init");
    const findings = noGateFindings();
    const context = { repo: project.dir, config: await readConfig(project.dir), findings };
    const [legibility] = await kicadEvidence(context, ["legibility-clean"]);
    expect(legibility).toMatchObject({ ok: true, detail: expect.stringMatching(/^advisory/) });
    expect(findings.legibility).toEqual([]);
  });
});
