import { access, writeFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { erc } from "../../../../engine/kicad/cli/erc.js";
import { exportNetlist } from "../../../../engine/kicad/cli/export-netlist.js";
import type { Intent } from "../../../../engine/kicad/draft/intent.js";
import { parseKicadNetlist } from "../../../../engine/kicad/schematic/kicad-netlist.js";
import { builtCli } from "../../../helpers/packed-cli.js";
import { runBin } from "../../../helpers/run-bin.js";
import { makeTempDir, type TempDir } from "../../../helpers/temp-dir.js";

/**
 * Stacked pins through the shipped CLI: LP38691SD-1.8's IN pins 1 and 6 sit at one point, so
 * KiCad joins them whatever the intent says. Left out, pin 6 is joined to pin 1's net and the
 * draft report says so; split over two nets, the intent is refused with a finding naming both.
 */
const intent = (vin: string[], extra: Intent["nets"] = []): Intent => ({
  version: 1,
  parts: [
    { ref: "U1", libId: "Regulator_Linear:LP38691SD-1.8", value: "LP38691SD-1.8", group: "LDO" },
    { ref: "C1", libId: "Device:C", value: "1µF", group: "LDO" },
    { ref: "C2", libId: "Device:C", value: "1µF", group: "LDO" },
    { ref: "J1", libId: "Connector_Generic:Conn_01x03", value: "Header", group: "LDO" },
  ],
  nets: [
    { name: "VIN", pins: vin },
    { name: "GND", pins: ["U1.2", "C1.2", "C2.2", "J1.2"] },
    { name: "+1V8", pins: ["U1.4", "U1.5", "C2.1", "J1.3"] },
    ...extra,
  ],
  noConnect: ["U1.7"],
});

let cli: string;
let dir: TempDir;
const draft = async (name: string, body: Intent) => {
  const path = dir.path(`${name}.intent.json`);
  await writeFile(path, JSON.stringify(body));
  return runBin(cli, ["draft", "--intent", path, "--out", dir.path(name, "ldo.kicad_sch")], {
    cwd: dir.dir,
  });
};

beforeAll(async () => {
  cli = (await builtCli()).bin;
  dir = await makeTempDir("copperhead-stacked-");
}, 300_000);
afterAll(() => dir.remove());

describe("a stacked pin left out of the intent", () => {
  let run: Awaited<ReturnType<typeof draft>>;
  beforeAll(async () => {
    run = await draft("joined", intent(["U1.1", "C1.1", "J1.1"]));
  });

  it("is joined to its stack's net and listed in the draft report", () => {
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toMatch(
      /stacked pins left out of the intent, joined to their stack's net \(KiCad connects them\): U1\.6 \(VIN\)/,
    );
    // Pin 3 is of type no_connect: KiCad needs nothing on it, so it is neither marked nor listed.
    expect(run.stdout).not.toMatch(/pins in no net.*U1\.3/);
  });

  it("drafts ERC-clean, with pin 6 on VIN under kicad-cli's netlist", async () => {
    const sheet = dir.path("joined", "ldo.kicad_sch");
    const report = await erc(sheet);
    expect(report.violations.map((v) => `${v.severity} ${v.type}: ${v.description}`)).toEqual([]);
    const nets = parseKicadNetlist(await exportNetlist(sheet)).nets;
    const vin = nets.find((n) => n.nodes.some((x) => x.ref === "U1" && x.pin === "1"));
    expect(vin?.nodes.map((x) => `${x.ref}.${x.pin}`).sort()).toEqual([
      "C1.1",
      "J1.1",
      "U1.1",
      "U1.6",
    ]);
  });
});

describe("stacked pins put on different nets", () => {
  it("are refused with a stacked-pins-split finding naming the pins, their names and nets", async () => {
    const run = await draft(
      "split",
      intent(["U1.1", "J1.1"], [{ name: "AUX", pins: ["U1.6", "C1.1"] }]),
    );
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toMatch(
      /\[stacked-pins-split\] nets\[3\]\.pins\[0\]: U1 pins 1 \(IN\), 6 \(IN\) are stacked .*the intent has 1 \(IN\) on VIN, 6 \(IN\) on AUX/,
    );
    expect(run.stdout).toMatch(/nothing was written/);
    await expect(access(dir.path("split", "ldo.kicad_sch"))).rejects.toThrow();
  });
});
