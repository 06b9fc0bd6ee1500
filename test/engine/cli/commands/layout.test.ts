import { readdir, readFile, writeFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prepareExample } from "../../../../bench/layout-examples.js";
import { type BuiltCli, builtCli } from "../../../helpers/packed-cli.js";
import { runBin } from "../../../helpers/run-bin.js";
import { makeTempDir, type TempDir } from "../../../helpers/temp-dir.js";

// The built CLI (dist/engine/cli/main.js) on a repo holding the USB-C example's draft.
let cli: BuiltCli;
let repo: TempDir;
const BOARD = "hardware/usb-c-breakout.kicad_pcb";

beforeAll(async () => {
  cli = await builtCli();
  repo = await makeTempDir("copperhead-layout-cli-");
  await prepareExample("usb-c-breakout", repo.dir);
});
afterAll(() => repo.remove());

describe("copperhead layout", () => {
  it("places and routes the board beside the schematic, prints the Draft quality report and what it wrote", async () => {
    const run = await runBin(cli.bin, ["layout", "--board", BOARD], {
      cwd: repo.dir,
    });
    expect(run.stderr).toBe("");
    expect(run.exitCode, run.stdout).toBe(0);
    expect(run.stdout).toMatch(
      /^## Draft quality\n\n`hardware\/usb-c-breakout\.kicad_pcb`: 10 parts placed by copperhead on a 30 × 20 mm/,
    );
    expect(run.stdout).toContain("J1 left, J2 right");
    expect(run.stdout).toContain("Every net is routed.");
    expect(run.stdout).toMatch(
      /\*\*Routing:\*\* 6 of 6 net\(s\) routed \(100 %\) on F\.Cu and B\.Cu; [\d.]+ mm of track against [\d.]+ mm of ratsnest \([\d.]+×\); \d+ via\(s\)/,
    );
    expect(run.stdout).toMatch(
      /written: .*hardware\/fp-lib-table.*hardware\/usb-c-breakout\.kicad_pro.*hardware\/usb-c-breakout\.kicad_pcb/,
    );
    expect(run.stdout).not.toContain("routing: this version places only");
    const board = await readFile(repo.path(BOARD), "utf8");
    expect(board).toContain('(generator "copperhead")');
    expect(board).toContain("(filled_polygon");
    expect(board).toContain("(segment");
    expect(board).toContain("(via");
    const table = await readFile(repo.path("hardware/fp-lib-table"), "utf8");
    expect(table).toContain('(name "Connector_USB")');
    const vendored = await readFile(
      repo.path(
        "hardware/footprints/Connector_USB.pretty/USB_C_Receptacle_GCT_USB4125-xx-x_6P_TopMnt_Horizontal.kicad_mod",
      ),
      "utf8",
    );
    expect(
      vendored.startsWith('(footprint "USB_C_Receptacle_GCT_USB4125-xx-x_6P_TopMnt_Horizontal"'),
    ).toBe(true);
    const project = JSON.parse(
      await readFile(repo.path("hardware/usb-c-breakout.kicad_pro"), "utf8"),
    );
    expect(project.board.design_settings.rules).toMatchObject({
      min_clearance: 0.2,
      min_track_width: 0.127,
      min_via_diameter: 0.6,
      min_copper_edge_clearance: 0.3,
    });
    expect(
      project.net_settings.classes.map((c: { name: string; track_width: number }) => [
        c.name,
        c.track_width,
      ]),
    ).toEqual([
      ["Default", 0.2],
      ["Power", 0.4],
    ]);
    expect(project.net_settings.netclass_patterns).toContainEqual({
      netclass: "Power",
      pattern: "GND",
    });
  });

  it("--json gives the report as data, and a second run writes the same bytes", async () => {
    const before = await readFile(repo.path(BOARD), "utf8");
    const run = await runBin(cli.bin, ["layout", "--board", BOARD, "--json"], { cwd: repo.dir });
    expect(run.exitCode, run.stdout).toBe(0);
    const out = JSON.parse(run.stdout);
    expect(out).toMatchObject({ schema: 1, command: "layout", ok: true, board: BOARD });
    expect(out.report.parts).toBe(10);
    expect(out.report.unrouted.map((n: { net: string }) => n.net).sort()).toEqual([
      "+5V",
      "/CC1",
      "/CC2",
      "/LED_A",
      "GND",
      "VBUS",
    ]);
    expect(out.report.routing).toMatchObject({ nets: 6, routed: 6, share: 1, unrouted: [] });
    expect(out.report.routing.length / out.report.routing.mst).toBeLessThanOrEqual(1.5);
    expect(out.written).toEqual([BOARD]);
    expect(await readFile(repo.path(BOARD), "utf8")).toBe(before);
  });

  it("--place-only writes the placed board without tracks and says every net is still to route", async () => {
    const run = await runBin(cli.bin, ["layout", "--board", BOARD, "--place-only"], {
      cwd: repo.dir,
    });
    expect(run.exitCode, run.stdout).toBe(0);
    expect(run.stdout).toContain("Not routed yet (placed only)");
    expect(run.stdout).not.toContain("**Routing:**");
    const board = await readFile(repo.path(BOARD), "utf8");
    expect(board).not.toContain("(segment");
    expect(board).not.toContain("(via");
  });

  it("--help names each option and the constraint keys it reads, and lays nothing out", async () => {
    const empty = await makeTempDir();
    try {
      const run = await runBin(cli.bin, ["layout", "--help"], { cwd: empty.dir });
      expect(run.exitCode).toBe(0);
      for (const option of ["--board", "--place-only", "--json"])
        expect(run.stdout).toMatch(new RegExp(`^  ${option} `, "m"));
      expect(run.stdout).toContain("board.mounting_hole_screw");
      expect(await readdir(empty.dir)).toEqual([]);
    } finally {
      await empty.remove();
    }
  });

  it("without a board to lay out it is a usage error (exit 2) that says what to pass", async () => {
    const empty = await makeTempDir();
    try {
      const run = await runBin(cli.bin, ["layout"], { cwd: empty.dir });
      expect(run.exitCode).toBe(2);
      expect(run.stderr).toMatch(/no board to lay out.*--board hardware\/<name>\.kicad_pcb/s);
    } finally {
      await empty.remove();
    }
  });

  it("never replaces a board a person saved in KiCad (exit 2, the file untouched)", async () => {
    const board = await readFile(repo.path(BOARD), "utf8");
    const saved = board.replace('(generator "copperhead")', '(generator "pcbnew")');
    await writeFile(repo.path(BOARD), saved);
    try {
      const run = await runBin(cli.bin, ["layout", "--board", BOARD], { cwd: repo.dir });
      expect(run.exitCode).toBe(2);
      expect(run.stderr).toContain('was not written by copperhead (generator "pcbnew")');
      expect(await readFile(repo.path(BOARD), "utf8")).toBe(saved);
    } finally {
      await writeFile(repo.path(BOARD), board);
    }
  });

  it("a constraint it cannot use is a usage error naming the key", async () => {
    const file = repo.path(".copperhead/constraints.json");
    const text = await readFile(file, "utf8");
    await writeFile(
      file,
      JSON.stringify({
        schema: 1,
        constraints: [{ key: "board.mounting_holes", source: "x", value: "2xM9" }],
      }),
    );
    try {
      const run = await runBin(cli.bin, ["layout", "--board", BOARD], { cwd: repo.dir });
      expect(run.exitCode).toBe(2);
      expect(run.stderr).toMatch(
        /board\.mounting_holes: "2xM9" is not a mounting-hole spec.*"2xM3"/s,
      );
    } finally {
      await writeFile(file, text);
    }
  });
});
