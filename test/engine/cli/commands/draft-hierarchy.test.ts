import { access } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../../helpers/fixture-project.js";
import { builtCli } from "../../../helpers/packed-cli.js";
import { type BinRun, runBin } from "../../../helpers/run-bin.js";
import { makeTempDir, type TempDir } from "../../../helpers/temp-dir.js";

/**
 * The built CLI on the sensor hub as the example ships it (no sheet hints): one sheet would need
 * A1, so the draft becomes a hierarchy of A4/A3 sheets, the eight channels one instanced sheet.
 */
let work: TempDir;
let run: BinRun;
beforeAll(async () => {
  const { bin } = await builtCli();
  work = await makeTempDir("copperhead-draft-hierarchy-");
  run = await runBin(
    bin,
    [
      "draft",
      "--intent",
      `${REPO_ROOT}/examples/intents/sensor-hub.intent.json`,
      "--out",
      "hub/sensor-hub.kicad_sch",
    ],
    { cwd: work.dir },
  );
}, 240_000);
afterAll(() => work.remove());

describe("copperhead draft of a design past A3 (built CLI)", () => {
  it("drafts a hierarchy, reports the sheets and the copies it found, and checks every sheet instance", async () => {
    expect(run.stderr).toBe("");
    expect(run.stdout).toMatch(
      /^drafted hub\/sensor-hub\.kicad_sch: .* on A4 \(root\); power-input\.kicad_sch A[345], channel\.kicad_sch A[345], supervisor-mcu\.kicad_sch A[345], outputs\.kicad_sch A[345]$/m,
    );
    expect(run.stdout).toContain(
      "note: channel.kicad_sch is drawn once and placed 8 times: Channel 1, Channel 2, Channel 3, Channel 4, Channel 5, Channel 6, Channel 7, Channel 8",
    );
    expect(
      run.stdout.match(/^ {2}note: detected: "Channel \d" repeats "Channel 1"/gm),
    ).toHaveLength(7);
    expect(run.stdout).toMatch(
      /^legibility: 0 error, \d+ advisory finding\(s\) across 12 sheet\(s\)/m,
    );
    expect(run.stdout).toMatch(/^score: [\d.]+\/100$/m);
    expect(run.exitCode).toBe(0);
    for (const file of ["channel.kicad_sch", "power-input.kicad_sch", "sensor-hub.kicad_sym"])
      await access(work.path("hub", file));
  });
});
