import { describe, expect, it } from "vitest";
import { cropRegions } from "../../../../engine/diff/pictures/crop-regions.js";
import { diffPages } from "../../../../engine/diff/pictures/overlay.js";
import { pathBox } from "../../../../engine/diff/pictures/path-box.js";
import { parseSvgPage } from "../../../../engine/diff/pictures/svg-primitives.js";
import { seeded } from "../helpers/design-files.js";

const page = (body: string, title = "SVG Image created as x.svg date 2026/12/01 10:00:00") =>
  `<?xml version="1.0" standalone="no"?>
 <!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">
<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="297mm" height="210mm" viewBox="0.0000 0.0000 297.0000 210.0000">
<title>${title}</title>
<g style="fill:#F5F4EF; stroke:#F5F4EF; stroke-width:0.0001;"><rect x="0.000000" y="0.000000" width="297.000000" height="210.000000" rx="0.000000" /></g>
<g style="fill:none; stroke:#840000; stroke-width:0.1524;">
${body}
</g>
</svg>`;

describe("pathBox", () => {
  it("covers absolute, relative, implicit and arc commands", () => {
    expect(pathBox("M10 20\nL30 5\n")).toEqual({ minX: 10, minY: 5, maxX: 30, maxY: 20 });
    expect(pathBox("m 10 20 l 5 5 5 5 h -20 v -40 z")).toEqual({
      minX: 0,
      minY: -10,
      maxX: 20,
      maxY: 30,
    });
    expect(pathBox("M1,1 A 2 2 0 0 1 5,1")).toEqual({ minX: 1, minY: 1, maxX: 5, maxY: 1 });
    expect(pathBox("M 1e1 -2.5E0 C 0 0 3 3 4 4")).toEqual({
      minX: 0,
      minY: -2.5,
      maxX: 10,
      maxY: 4,
    });
    expect(pathBox("")).toBeUndefined();
  });
});

describe("KiCad SVG pages", () => {
  it("ignore the export date, the page background and the searchable text copies", () => {
    const a = parseSvgPage(
      page('<path d="M1 1\nL2 2\n" /><text x="1" y="1" opacity="0">R1</text>'),
      "a",
    );
    const b = parseSvgPage(
      page('<path d="M1 1\nL2 2\n" />', "SVG Image created as x.svg date 2027/01/01 00:00:00"),
      "b",
    );
    expect(a.primitives.map((p) => p.key)).toEqual(b.primitives.map((p) => p.key));
    expect(a.primitives).toHaveLength(1);
    expect(a.viewBox).toEqual([0, 0, 297, 210]);
    // Stroke width widens the box.
    expect(a.primitives[0]!.box).toEqual({
      minX: 1 - 0.0762,
      minY: 1 - 0.0762,
      maxX: 2 + 0.0762,
      maxY: 2 + 0.0762,
    });
  });

  it("diff as multisets: a duplicate drawn twice before and once after is one removal", () => {
    const line = '<path d="M1 1\nL2 2\n" />';
    const before = parseSvgPage(page(line + line + '<circle cx="5" cy="5" r="1" />'), "before");
    const after = parseSvgPage(page(`${line}<circle cx="6" cy="5" r="1" />`), "after");
    const diff = diffPages(before, after);
    expect(diff.common.map((p) => p.tag)).toEqual(["path"]);
    expect(diff.removed.map((p) => p.tag)).toEqual(["path", "circle"]);
    expect(diff.added.map((p) => p.attributes.cx)).toEqual(["6"]);
  });

  it("say what is wrong when kicad-cli's SVG is not XML", () => {
    expect(() => parseSvgPage("<svg><g></svg>", "broken.svg")).toThrow(/broken\.svg/);
  });
});

describe("cropRegions", () => {
  const bounds = { minX: 0, minY: 0, maxX: 297, maxY: 210 };
  const options = { gap: 10, margin: 5, minWidth: 70, minHeight: 45, maxCrops: 6, bounds };

  it("frames nearby changes together, far ones apart, at least the minimum size, inside the page", () => {
    const regions = cropRegions(
      [
        { minX: 10, minY: 10, maxX: 12, maxY: 11 },
        { minX: 15, minY: 10, maxX: 16, maxY: 12 },
        { minX: 250, minY: 190, maxX: 296, maxY: 209 },
      ],
      options,
    );
    expect(regions).toHaveLength(2);
    for (const r of regions) {
      expect(r.maxX - r.minX).toBeGreaterThanOrEqual(70);
      expect(r.maxY - r.minY).toBeGreaterThanOrEqual(45);
      expect(r.minX).toBeGreaterThanOrEqual(0);
      expect(r.maxY).toBeLessThanOrEqual(210);
    }
    expect(regions[0]!.minX).toBe(0);
    expect(cropRegions([], options)).toEqual([]);
  });

  it("never gives more than maxCrops, and every change stays inside a crop (random pages)", () => {
    const random = seeded(99);
    for (let round = 0; round < 50; round++) {
      const boxes = Array.from({ length: 1 + Math.floor(random() * 40) }, () => {
        const x = random() * 280;
        const y = random() * 200;
        return { minX: x, minY: y, maxX: x + random() * 15, maxY: y + random() * 8 };
      });
      const regions = cropRegions(boxes, options);
      expect(regions.length).toBeGreaterThan(0);
      expect(regions.length).toBeLessThanOrEqual(6);
      for (const box of boxes) {
        const inside = regions.some(
          (r) =>
            r.minX <= box.minX + 0.01 &&
            r.minY <= box.minY + 0.01 &&
            r.maxX >= Math.min(box.maxX, 297) - 0.01 &&
            r.maxY >= Math.min(box.maxY, 210) - 0.01,
        );
        expect(inside).toBe(true);
      }
    }
  });
});
