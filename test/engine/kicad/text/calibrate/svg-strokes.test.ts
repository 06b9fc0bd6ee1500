import { describe, expect, it } from "vitest";
import { readSvgStrokedText } from "../../../../../engine/kicad/text/calibrate/svg-strokes.js";

// The shape kicad-cli 9 writes: a style group, an invisible <text>, the stroked glyph paths,
// and for a hierarchical label its outline right after the text group.
const SVG = `<g style="fill:none; 
stroke:#725600; stroke-width:0.1524; stroke-opacity:1; 
stroke-linecap:round; stroke-linejoin:round;">
<text x="101.4605" y="70.6350" opacity="0">A&amp;B</text>
<g class="stroked-text"><desc>A&amp;B &#956;</desc>
<path d="M101.8630 70.5795
L101.8630 69.3095
" />
<path d="M102.5000 69.9000
L104.8869 70.0000
" />
</g><path style="fill:none; stroke-width:0.1524;fill:none"
d="M 100.0000,70.0000
100.6350,70.6350
101.2700,69.3650
Z" /> 
</g>
<g style="fill:none; stroke:#0000C2; stroke-width:0.3; stroke-opacity:1;">
<g class="stroked-text"><desc>X</desc>
</g></g>`;

describe("readSvgStrokedText", () => {
  it("reads text, pen, centre-line box and label outline", () => {
    const [label, empty] = readSvgStrokedText(SVG);
    expect(label).toEqual({
      text: "A&B μ",
      pen: 0.1524,
      centerLines: { minX: 101.863, minY: 69.3095, maxX: 104.8869, maxY: 70.5795 },
      outline: { minX: 100, minY: 69.365, maxX: 101.27, maxY: 70.635 },
    });
    expect(empty).toEqual({ text: "X", pen: 0.3, centerLines: undefined, outline: undefined });
  });
});
