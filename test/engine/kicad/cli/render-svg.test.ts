import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, it } from "vitest";
import { renderSvg } from "../../../../engine/kicad/cli/render-svg.js";
import { DEMO_DIR } from "../../../helpers/demo-corpus.js";
import { LED_EXAMPLE } from "../../../helpers/fixture-project.js";
import { makeTempDir, type TempDir } from "../../../helpers/temp-dir.js";

let out: TempDir;
beforeAll(async () => {
  out = await makeTempDir();
});
afterAll(() => out.remove());

const svgSize = (svg: string) => {
  const match = /<svg[^>]*width="([\d.]+)mm" height="([\d.]+)mm"/.exec(svg);
  return match ? { width: Number(match[1]), height: Number(match[2]) } : undefined;
};

describe.concurrent("renderSvg", () => {
  it("renders a schematic page with its symbols into a folder", async ({ expect }) => {
    const written = await renderSvg(join(LED_EXAMPLE, "led.kicad_sch"), out.path("sch"));
    expect(written).toEqual([out.path("sch/led.svg")]);
    const svg = await readFile(written[0] ?? "", "utf8");
    expect(svg).toContain("Eeschema");
    // A5 landscape (the example's paper) with the drawing sheet.
    expect(svgSize(svg)).toEqual({ width: expect.closeTo(210, 0), height: expect.closeTo(148, 0) });
    expect(svg).toContain("330");
  });

  it("renders every page of a hierarchy, or only the root page into a file", async ({ expect }) => {
    const sub = join(DEMO_DIR, "pic_programmer/pic_sockets.kicad_sch");
    const [pages, single] = await Promise.all([
      renderSvg(sub, out.path("pic")),
      renderSvg(sub, out.path("one/root.svg")),
    ]);
    expect(pages).toHaveLength(2);
    expect(pages).toContain(out.path("pic/pic_programmer.svg"));
    expect(single).toEqual([out.path("one/root.svg")]);
    expect(await readdir(out.path("one"))).toEqual(["root.svg"]);
  });

  it("renders a board cropped to its 30 × 15 mm outline", async ({ expect }) => {
    const written = await renderSvg(join(LED_EXAMPLE, "led.kicad_pcb"), out.path("board.svg"));
    expect(written).toEqual([out.path("board.svg")]);
    const svg = await readFile(out.path("board.svg"), "utf8");
    expect(svg).toContain("PCBNEW");
    const size = svgSize(svg);
    expect(size?.width).toBeCloseTo(30, 0);
    expect(size?.height).toBeCloseTo(15, 0);
  });
});
