import { access, readdir, writeFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builtCli } from "../../../helpers/packed-cli.js";
import { type BinRun, runBin } from "../../../helpers/run-bin.js";
import { makeTempDir, type TempDir } from "../../../helpers/temp-dir.js";

/**
 * The exit code of `draft` and `draft --from` follows the drawn sheet's legibility, through the
 * built CLI. The drafter avoids every error family on its own, so the error is planted in the
 * input: a net a person named like one KiCad invents. It joins two groups, so it is drawn as a
 * label pair, and every label printing such a name is an auto-named-label finding (error
 * severity). The same intent with a plain name is the control: only the name differs, so the
 * finding, not the drawing, decides the exit code.
 */
const INVENTED = ["Net-(R1-Pad2)", "unconnected-(R2-Pad1)", "Net-(J2-Pin_1)"] as const;
const CONTROL = "DIV";
const NAMES = [...INVENTED, CONTROL];

function planted(name: string) {
  return {
    version: 1,
    title: "Planted net name",
    parts: [
      { ref: "J1", libId: "Connector_Generic:Conn_01x02", value: "IN", group: "Input" },
      { ref: "R1", libId: "Device:R", value: "10k", group: "Input" },
      { ref: "R2", libId: "Device:R", value: "1k", group: "Output" },
      { ref: "J2", libId: "Connector_Generic:Conn_01x02", value: "OUT", group: "Output" },
    ],
    nets: [
      { name: "IN", pins: ["J1.1", "R1.1"] },
      { name, pins: ["R1.2", "R2.1", "J2.1"] },
      { name: "GND", kind: "ground", pins: ["J1.2", "R2.2", "J2.2"] },
    ],
  };
}

let bin: string;
let work: TempDir;
const drafts = new Map<string, BinRun>();
const redrafts = new Map<string, BinRun>();
const stem = (i: number) => `case${i}`;

beforeAll(async () => {
  bin = (await builtCli()).bin;
  work = await makeTempDir("copperhead-draft-exit-");
  await Promise.all(
    NAMES.map(async (name, i) => {
      await writeFile(work.path(`${stem(i)}.intent.json`), JSON.stringify(planted(name)));
      const draft = await runBin(
        bin,
        ["draft", "--intent", `${stem(i)}.intent.json`, "--out", `${stem(i)}/sheet.kicad_sch`],
        { cwd: work.dir },
      );
      drafts.set(name, draft);
      // The drawn sheet is an original like any other: its labels carry the planted name.
      const redraft = await runBin(
        bin,
        ["draft", "--from", `${stem(i)}/sheet.kicad_sch`, "--out", `${stem(i)}-re/sheet.kicad_sch`],
        { cwd: work.dir },
      );
      redrafts.set(name, redraft);
    }),
  );
}, 240_000);
afterAll(() => work.remove());

const of = (runs: Map<string, BinRun>, name: string): BinRun => {
  const run = runs.get(name);
  if (!run) throw new Error(`no run for ${name}`);
  return run;
};

describe.each([
  ["draft --intent", drafts, ""],
  ["draft --from", redrafts, "-re"],
] as const)("copperhead %s (built CLI)", (_, runs, folder) => {
  it.each(INVENTED)(
    "a label printing %s is an error finding, printed, and the run exits 1 with the sheet written",
    async (name) => {
      const run = of(runs, name);
      expect(run.stderr).toBe("");
      const errors = Number(/^legibility: (\d+) error/m.exec(run.stdout)?.[1]);
      expect(errors).toBeGreaterThan(0);
      // Every error finding printed is one of the planted name's labels.
      const printed = run.stdout.match(/^ {2}\d+\. \[error\] .*$/gm) ?? [];
      expect(printed).toHaveLength(errors);
      for (const line of printed) {
        expect(line).toMatch(/^ {2}\d+\. \[error\] auto-named-label /);
        expect(line).toContain(`label "${name}" at `);
        expect(line).toContain("prints an automatic net name");
      }
      expect(run.stdout).toMatch(/^score: [\d.]+\/100$/m);
      expect(run.stdout).not.toMatch(/^nothing was written/m);
      await access(work.path(`${stem(NAMES.indexOf(name))}${folder}`, "sheet.kicad_sch"));
      expect(run.exitCode).toBe(1);
    },
  );

  it("the same design with a name a reader chose has no error finding and exits 0", () => {
    const run = of(runs, CONTROL);
    expect(run.stderr).toBe("");
    expect(run.stdout).toMatch(/^legibility: (0 error, |1 sheet\(s\) checked, no findings)/m);
    expect(run.stdout).not.toMatch(/\[error\]/);
    expect(run.exitCode).toBe(0);
  });
});

describe("copperhead draft --from an unusable original (built CLI)", () => {
  it("exits 2 saying how to fix it, and writes nothing", async () => {
    const dir = work.path("unusable");
    await writeFile(work.path("truncated.kicad_sch"), "(kicad_sch (version 2\n");
    const cases: Array<[string, RegExp]> = [
      ["missing.kicad_sch", /missing\.kicad_sch does not exist — pass the path of an existing/],
      ["truncated.kicad_sch", /truncated\.kicad_sch:2:1: .* — fix the file at that position/],
    ];
    for (const [from, message] of cases) {
      const run = await runBin(bin, ["draft", "--from", from, "--out", `${dir}/x.kicad_sch`], {
        cwd: work.dir,
      });
      expect(run.exitCode, from).toBe(2);
      expect(run.stderr, from).toMatch(message);
      expect(run.stderr).not.toMatch(/internal error|\n\s+at /);
      expect(run.stdout).toBe("");
    }
    await expect(access(dir)).rejects.toThrow();
    await expect(readdir(work.path("redraft"))).rejects.toThrow();
  });
});
