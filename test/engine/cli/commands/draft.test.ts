import { access, copyFile, mkdir, readFile, writeFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../../../../engine/cli/run-cli.js";
import { captureIo } from "../../../helpers/capture-io.js";
import { REPO_ROOT } from "../../../helpers/fixture-project.js";
import { makeTempDir, type TempDir } from "../../../helpers/temp-dir.js";
import { smallCatalog } from "../../kicad/draft/library-fixture.js";

let repo: TempDir;
let libs: TempDir;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  ({ dir: libs } = await smallCatalog());
  env = { ...process.env, COPPERHEAD_SYMBOL_DIR: libs.dir };
  repo = await makeTempDir("copperhead-draft-cli-");
  await mkdir(repo.path("hardware"));
  await copyFile(
    `${REPO_ROOT}/examples/intents/usb-c-breakout.intent.json`,
    repo.path("hardware/schematic.intent.json"),
  );
});
afterAll(async () => {
  await repo.remove();
  await libs.remove();
});

describe("copperhead draft", () => {
  it("drafts the default intent and prints the report, legibility and score", async () => {
    const io = captureIo(repo.dir, env);
    const code = await runCli(["draft"], io);
    expect(io.err()).toBe("");
    expect(code).toBe(0);
    expect(io.out()).toMatch(
      /^drafted hardware\/schematic\.kicad_sch: 4 group\(s\), \d+ wire segment\(s\)/,
    );
    expect(io.out()).toMatch(/PWR_FLAG added on: \+5V, GND, VBUS/);
    expect(io.out()).toMatch(/legibility: 1 sheet\(s\) checked, no findings/);
    await access(repo.path("hardware/schematic.kicad_sch"));
    await access(repo.path("hardware/sym-lib-table"));
  });

  it("prints numbered findings, exits 1 and writes nothing for a broken intent", async () => {
    const intent = JSON.parse(await readFile(repo.path("hardware/schematic.intent.json"), "utf8"));
    intent.parts[0].libId = "Connector:USB_C_Receptacle_PowerOnly_6";
    intent.nets[3].pins[0] = "J9.1";
    await writeFile(repo.path("broken.intent.json"), JSON.stringify(intent));
    const io = captureIo(repo.dir, env);
    const code = await runCli(
      ["draft", "--intent", "broken.intent.json", "--out", "broken.kicad_sch"],
      io,
    );
    expect(code).toBe(1);
    expect(io.out()).toMatch(
      /^intent validation: \d+ finding\(s\) to reconcile:\n {2}1\. \[unknown-symbol\]/,
    );
    expect(io.out()).toMatch(/USB_C_Receptacle_PowerOnly_6P/);
    expect(io.out()).toMatch(/\[unknown-part\]/);
    await expect(access(repo.path("broken.kicad_sch"))).rejects.toThrow();
  });

  it("--out into folders that do not exist yet makes them, and only for a draft that succeeds", async () => {
    const broken = captureIo(repo.dir, env);
    const failed = await runCli(
      ["draft", "--intent", "broken.intent.json", "--out", "never/made/x.kicad_sch"],
      broken,
    );
    expect(failed).toBe(1);
    await expect(access(repo.path("never"))).rejects.toThrow();
    const io = captureIo(repo.dir, env);
    const code = await runCli(["draft", "--out", "drafts/usb/usb.kicad_sch"], io);
    expect(io.err()).toBe("");
    expect(code).toBe(0);
    await access(repo.path("drafts/usb/usb.kicad_sch"));
    await access(repo.path("drafts/usb/sym-lib-table"));
  });

  it("--from regenerates an existing design and keeps the derived intent", async () => {
    const io = captureIo(repo.dir, process.env);
    const code = await runCli(
      [
        "draft",
        "--from",
        "/usr/share/kicad/demos/custom_pads_test/custom_pads_test.kicad_sch",
        "--out",
        "redraft/pads.kicad_sch",
      ],
      io,
    );
    expect(io.err()).toBe("");
    expect(code).toBe(0);
    expect(io.out()).toMatch(/^drafted redraft\/pads\.kicad_sch: 1 group\(s\)/);
    const intent = JSON.parse(await readFile(repo.path("redraft/pads.intent.json"), "utf8"));
    expect(intent.parts.map((p: { ref: string }) => p.ref).sort()).toEqual([
      "AE1",
      "AE2",
      "R2",
      "SW1",
    ]);
    await access(repo.path("redraft/pads.kicad_sch"));
  });
});
