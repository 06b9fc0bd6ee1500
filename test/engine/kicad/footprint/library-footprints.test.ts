import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { boxContainsBox, boxOfPoints } from "../../../../engine/kicad/footprint/bbox.js";
import { loadFootprint } from "../../../../engine/kicad/footprint/load-footprint.js";

const LIBRARY = process.env.COPPERHEAD_KICAD_FOOTPRINTS ?? "/usr/share/kicad/footprints";

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]))
    .filter((p) => p.endsWith(".kicad_mod"));
}

/** Every 20th footprint of the installed library, in path order. */
const sample = walk(LIBRARY)
  .sort()
  .filter((_, i) => i % 20 === 0);

/** Library footprints carry a placeholder reference; a few use KiCad's text variable. */
const PLACEHOLDER_REFERENCES = ["REF**", "$" + "{REFERENCE}"];

/** Card-edge fingers that run past the courtyard drawn for the connector body. */
const PADS_PAST_COURTYARD = new Set(["DEC_single_short"]);

it("samples the installed footprint library", () => {
  expect(sample.length).toBeGreaterThan(700);
});

describe("every 20th library footprint", () => {
  it("reads into a footprint view that agrees with the file", async () => {
    const problems: string[] = [];
    const padsOutside: string[] = [];
    for (const file of sample) {
      const fp = await loadFootprint(file);
      const base = file.slice(file.lastIndexOf("/") + 1, -".kicad_mod".length);
      const text = readFileSync(file, "utf8");
      const padCount = text.match(/^\t\(pad /gm)?.length ?? 0;
      if (fp.name !== base || fp.library !== undefined) problems.push(`${base}: named ${fp.libId}`);
      if (fp.pads.length !== padCount) problems.push(`${base}: ${fp.pads.length}/${padCount} pads`);
      if (!PLACEHOLDER_REFERENCES.includes(fp.reference))
        problems.push(`${base}: reference ${fp.reference}`);
      // A library footprint sits at the origin unturned: board and local positions coincide.
      for (const pad of fp.pads) {
        if (pad.at.x !== pad.local.x || pad.at.y !== pad.local.y) {
          problems.push(`${base} pad ${pad.number}: moved to (${pad.at.x}, ${pad.at.y})`);
        }
      }
      const courtyard = fp.courtyard.box;
      if (!courtyard) {
        // Only logos, markers and gauges go without one; KiCad keeps those out of assembly.
        if (!fp.attributes.excludeFromPosFiles) problems.push(`${base}: no courtyard`);
        continue;
      }
      const padCentres = boxOfPoints(fp.pads.map((p) => p.at));
      if (padCentres && !boxContainsBox(courtyard, padCentres)) padsOutside.push(base);
    }
    expect(problems).toEqual([]);
    // Pad centres lie inside the courtyard, bar the one known card edge (which must still be
    // found, or the courtyard arithmetic has gone lax).
    expect(padsOutside).toEqual([...PADS_PAST_COURTYARD]);
  });
});
