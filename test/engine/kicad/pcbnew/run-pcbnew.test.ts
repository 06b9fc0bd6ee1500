import { chmod, writeFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { BoardModel } from "../../../../engine/kicad/board/write/board-model.js";
import { boardText } from "../../../../engine/kicad/board/write/board-tree.js";
import { clearDesign, NO_DESIGN } from "../../../../engine/kicad/cli/cleared-design.js";
import { FootprintCatalog } from "../../../../engine/kicad/layout/library/footprint-catalog.js";
import { trustScopeFor } from "../../../../engine/kicad/paths/trust-scope.js";
import { UnsafeDesignError } from "../../../../engine/kicad/paths/unsafe-design-error.js";
import { fillZones } from "../../../../engine/kicad/pcbnew/fill-zones.js";
import {
  PcbnewCrashError,
  PcbnewJobError,
  PcbnewMissingError,
  PcbnewTimeoutError,
} from "../../../../engine/kicad/pcbnew/pcbnew-errors.js";
import {
  filterStderr,
  runPcbnew,
  SYSTEM_PYTHON,
} from "../../../../engine/kicad/pcbnew/run-pcbnew.js";
import type { SList } from "../../../../engine/kicad/sexp/node.js";
import { parseSexp } from "../../../../engine/kicad/sexp/parse.js";
import { writeSexp } from "../../../../engine/kicad/sexp/write.js";
import { makeTempDir, type TempDir } from "../../../helpers/temp-dir.js";

let temp: TempDir;
beforeAll(async () => {
  temp = await makeTempDir("copperhead-pcbnew-");
});
afterAll(() => temp.remove());

const anything = z.unknown();

/** A small board: a pin header whose two pads sit on GND and a signal, and a GND pour. */
async function headerBoard(): Promise<BoardModel> {
  const found = await FootprintCatalog.fromEnv().resolve(
    "Connector_PinHeader_2.54mm:PinHeader_1x02_P2.54mm_Vertical",
  );
  if (!found.ok) throw new Error(found.message);
  return {
    title: "fill",
    outline: { minX: 100, minY: 100, maxX: 120, maxY: 115 },
    paper: "A4",
    nets: [],
    footprints: [
      {
        reference: "J1",
        libId: found.footprint.libId,
        value: "x",
        library: found.footprint.node,
        at: { x: 110, y: 106 },
        rotation: 0,
        pads: new Map([
          ["1", { net: "GND" }],
          ["2", { net: "SIG" }],
        ]),
      },
    ],
    tracks: [],
    vias: [],
    zones: [
      {
        net: "GND",
        name: "GND pour",
        layers: ["B.Cu"],
        outline: [
          { x: 100, y: 100 },
          { x: 120, y: 100 },
          { x: 120, y: 115 },
          { x: 100, y: 115 },
        ],
        priority: 0,
        clearance: 0.3,
        minThickness: 0.25,
        thermalGap: 0.5,
        thermalBridgeWidth: 0.5,
      },
    ],
  };
}

describe("the pcbnew helper, through its one wrapper", () => {
  it("fills a zone with KiCad's own filler and hands the outlines back, the same twice", async () => {
    const model = await headerBoard();
    const scope = trustScopeFor(temp.dir);
    const filled = await fillZones(model, { scope });
    const fill = filled.zones[0]?.fill ?? [];
    expect(fill.length).toBe(1);
    expect(fill[0]?.layer).toBe("B.Cu");
    // The pour keeps the edge clearance (0.5 mm, KiCad's default without a project file) …
    const xs = fill[0]!.points.map((p) => p.x);
    expect(Math.min(...xs)).toBeGreaterThanOrEqual(100.5 - 1e-6);
    expect(Math.max(...xs)).toBeLessThanOrEqual(119.5 + 1e-6);
    // … and leaves a clearance hole (fractured into the outline) round the signal pad.
    expect(fill[0]!.points.length).toBeGreaterThan(20);
    const again = await fillZones(model, { scope });
    expect(boardText(again)).toBe(boardText(filled));
    expect(boardText(filled)).toContain("(fill yes");
  });

  it("a model whose footprint names a 3-D model outside the project is refused before pcbnew loads it", async () => {
    const model = await headerBoard();
    const [fp] = model.footprints;
    const leaky = parseSexp(
      writeSexp(fp!.library).replace(/\(model "[^"]*"/, '(model "/etc/passwd"'),
    ) as SList;
    const planted = { ...model, footprints: [{ ...fp!, library: leaky }] };
    const filling = fillZones(planted, { scope: trustScopeFor(temp.dir) });
    await expect(filling).rejects.toBeInstanceOf(UnsafeDesignError);
    await expect(filling).rejects.toThrow(/\/etc\/passwd/);
    await expect(filling).rejects.not.toThrow(/root:/);
  });

  it("takes its board only from the pre-flight's proof", async () => {
    const job = { command: "fill-zones", board: "/etc/passwd" };
    await expect(runPcbnew(NO_DESIGN, job, anything)).rejects.toThrow(/cleared design only/);
  });

  it("an interpreter without the pcbnew module is PcbnewMissingError, telling which python to use", async () => {
    const python = temp.path("python-without-pcbnew");
    // The real interpreter, without its site-packages: `import pcbnew` fails as on a pyenv python.
    await writeFile(python, `#!/bin/sh\nexec ${SYSTEM_PYTHON} -S "$@"\n`);
    await chmod(python, 0o755);
    const failure = runPcbnew(NO_DESIGN, { command: "fill-zones" }, anything, { python });
    await expect(failure).rejects.toBeInstanceOf(PcbnewMissingError);
    await expect(failure).rejects.toThrow(/has no pcbnew module/);
    await expect(failure).rejects.toMatchObject({
      fix: expect.stringContaining("/usr/bin/python3"),
    });
  });

  it("an interpreter that is not there is PcbnewMissingError too", async () => {
    const failure = runPcbnew(NO_DESIGN, { command: "fill-zones" }, anything, {
      python: temp.path("no-such-python"),
    });
    await expect(failure).rejects.toBeInstanceOf(PcbnewMissingError);
  });

  it("a helper killed by a signal is PcbnewCrashError, and so is a Python traceback", async () => {
    const segv = runPcbnew(NO_DESIGN, { command: "fill-zones" }, anything, {
      script: "import os, signal\nos.kill(os.getpid(), signal.SIGSEGV)\n",
    });
    await expect(segv).rejects.toBeInstanceOf(PcbnewCrashError);
    await expect(segv).rejects.toThrow(/crashed \(SIGSEGV\)/);
    const traceback = runPcbnew(NO_DESIGN, { command: "fill-zones" }, anything, {
      script: "raise RuntimeError('boom')\n",
    });
    await expect(traceback).rejects.toBeInstanceOf(PcbnewCrashError);
    await expect(traceback).rejects.toThrow(/RuntimeError: boom/);
  });

  it("a helper past its time limit is stopped: PcbnewTimeoutError", async () => {
    const slow = runPcbnew(NO_DESIGN, { command: "fill-zones" }, anything, {
      script: "import time\ntime.sleep(30)\n",
      timeoutMs: 1500,
    });
    await expect(slow).rejects.toBeInstanceOf(PcbnewTimeoutError);
  });

  it("a board pcbnew cannot load is PcbnewJobError naming the job", async () => {
    const bad = temp.path("broken.kicad_pcb");
    await writeFile(bad, '(kicad_pcb (version 20241229) (generator "x") (bogus_token 1))\n');
    const { cleared } = await clearDesign({ board: bad });
    const failure = runPcbnew(cleared, { command: "fill-zones" }, anything);
    await expect(failure).rejects.toBeInstanceOf(PcbnewJobError);
    await expect(failure).rejects.toThrow(/could not fill-zones/);
  });

  it("drops wx debug chatter from stderr and keeps the rest", () => {
    expect(
      filterStderr(
        "12:00:01: Debug: Adding duplicate image handler for 'PNG file'\nreal problem\n",
      ),
    ).toBe("real problem");
  });
});
