import { readFile, writeFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { erc } from "../../../../engine/kicad/cli/erc.js";
import { exportNetlist } from "../../../../engine/kicad/cli/export-netlist.js";
import type { Intent } from "../../../../engine/kicad/draft/intent.js";
import { loadSchematicHierarchy } from "../../../../engine/kicad/schematic/hierarchy.js";
import { parseKicadNetlist } from "../../../../engine/kicad/schematic/kicad-netlist.js";
import { netlist } from "../../../../engine/kicad/schematic/netlist/netlist.js";
import { REPO_ROOT } from "../../../helpers/fixture-project.js";
import { builtCli } from "../../../helpers/packed-cli.js";
import { type BinRun, runBin } from "../../../helpers/run-bin.js";
import { makeTempDir, type TempDir } from "../../../helpers/temp-dir.js";

/**
 * Issue 12's first report: a classic NE555 astable (Timer:NE555P, 10k/100k/10µF/10nF, a 100 nF
 * decoupling capacitor, an LED with its resistor) was refused with "no clear place for the label
 * or power symbol of U1.8"; without the decoupling capacitor, for U1.5.
 */
const FIXTURE = `${REPO_ROOT}/test/fixtures/draft/ne555-astable.intent.json`;

const asSets = (nets: readonly (readonly string[])[]) =>
  nets
    .filter((n) => n.length > 1)
    .map((n) => [...n].sort().join(" "))
    .sort();

let cli: string;
let dir: TempDir;
beforeAll(async () => {
  cli = (await builtCli()).bin;
  dir = await makeTempDir("copperhead-ne555-");
}, 300_000);
afterAll(() => dir.remove());

describe.each([
  ["the astable", (intent: Intent) => intent],
  [
    "the astable without its decoupling capacitor",
    (intent: Intent): Intent => ({
      ...intent,
      parts: intent.parts.filter((p) => p.ref !== "C3"),
      nets: intent.nets.map((n) => ({ ...n, pins: n.pins.filter((p) => !p.startsWith("C3.")) })),
    }),
  ],
])("copperhead draft (the built CLI) on %s", (name, edit) => {
  const slug = name.replaceAll(" ", "-");
  const sheet = () => dir.path(slug, "ne555.kicad_sch");
  let intent: Intent;
  let run: BinRun;

  beforeAll(async () => {
    intent = edit(JSON.parse(await readFile(FIXTURE, "utf8")) as Intent);
    const path = dir.path(`${slug}.intent.json`);
    await writeFile(path, JSON.stringify(intent));
    run = await runBin(cli, ["draft", "--intent", path, "--out", sheet()], { cwd: dir.dir });
  });

  it("exits 0 with no error-severity legibility finding", () => {
    expect(run.stderr).toBe("");
    expect(run.stdout).toMatch(/^drafted .*ne555\.kicad_sch: 1 group\(s\)/);
    expect(run.stdout).not.toMatch(/\[error\]|engine-fault|no clear place/);
    expect(run.exitCode).toBe(0);
  });

  it("passes kicad-cli ERC with zero violations of any severity", async () => {
    const report = await erc(sheet());
    expect(report.violations.map((v) => `${v.severity} ${v.type}: ${v.description}`)).toEqual([]);
  });

  it("has exactly the intent's nets under kicad-cli's netlist and ours", async () => {
    const want = asSets(intent.nets.map((n) => n.pins));
    const kicad = parseKicadNetlist(await exportNetlist(sheet()));
    expect(asSets(kicad.nets.map((n) => n.nodes.map((x) => `${x.ref}.${x.pin}`)))).toEqual(want);
    const ours = netlist(await loadSchematicHierarchy(sheet()));
    expect(asSets(ours.nets.map((n) => n.nodes.map((x) => `${x.ref}.${x.pin}`)))).toEqual(want);
  });
});
