import { beforeAll, describe, expect, it } from "vitest";
import type { Probe } from "../../../../engine/kicad/text/calibrate/probe-sheet.js";
import {
  type ProbeInk,
  renderProbes,
} from "../../../../engine/kicad/text/calibrate/render-probes.js";
import { textBox } from "../../../../engine/kicad/text/text-box.js";
import type { TextRect } from "../../../../engine/kicad/text/text-rect.js";
import { fieldProbes, freeTextProbes, labelProbes } from "./probe-cases.js";

/** Every edge of our box within this distance of the ink kicad-cli drew. */
const EDGE_TOLERANCE = 0.1;

function ours(probe: Probe): TextRect {
  switch (probe.kind) {
    case "global_label":
    case "hierarchical_label":
      return textBox(probe.text, probe.at, probe.angle, undefined, probe.effects, {
        kind: probe.kind,
        shape: probe.shape,
      });
    case "field":
      return textBox(probe.text, probe.at, probe.angle, probe.justify, probe.effects, {
        kind: "field",
        symbol: probe.symbol,
      });
    default:
      return textBox(probe.text, probe.at, probe.angle, probe.justify, probe.effects, {
        kind: probe.kind,
      });
  }
}

function describeProbe(p: Probe): string {
  const extra = p.kind === "field" ? ` symbol ${JSON.stringify(p.symbol)}` : "";
  const shape = "shape" in p ? ` ${p.shape}` : "";
  const justify = "justify" in p && p.justify ? ` ${p.justify.h}/${p.justify.v}` : "";
  return `${p.kind}${shape} ${JSON.stringify(p.text)} @${p.angle}${justify} ${JSON.stringify(p.effects)}${extra}`;
}

function worstEdge(a: TextRect, b: TextRect): number {
  return Math.max(
    Math.abs(a.minX - b.minX),
    Math.abs(a.minY - b.minY),
    Math.abs(a.maxX - b.maxX),
    Math.abs(a.maxY - b.maxY),
  );
}

const sets = {
  "free text": freeTextProbes(),
  labels: labelProbes(),
  "symbol fields": fieldProbes(),
};
const rendered = new Map<string, ProbeInk[]>();

beforeAll(async () => {
  const entries = Object.entries(sets);
  const results = await Promise.all(entries.map(([, probes]) => renderProbes(probes, "A0")));
  entries.forEach(([name], i) => {
    rendered.set(name, results[i] ?? []);
  });
});

describe("textBox matches where kicad-cli 9 draws the text", () => {
  for (const name of Object.keys(sets)) {
    it(`${name}: every edge within ${EDGE_TOLERANCE} mm`, () => {
      const inks = rendered.get(name) ?? [];
      expect(inks.length).toBeGreaterThan(40);
      const failures: string[] = [];
      for (const { probe, ink } of inks) {
        if (!ink) {
          failures.push(`nothing drawn for ${describeProbe(probe)}`);
          continue;
        }
        const box = ours(probe);
        const error = worstEdge(box, ink);
        if (error > EDGE_TOLERANCE) {
          const r = (v: TextRect) =>
            [v.minX - probe.at.x, v.minY - probe.at.y, v.maxX - probe.at.x, v.maxY - probe.at.y]
              .map((x) => x.toFixed(3))
              .join(" ");
          failures.push(
            `${describeProbe(probe)}: off by ${error.toFixed(3)} — ours ${r(box)} kicad ${r(ink)}`,
          );
        }
      }
      expect(failures).toEqual([]);
    });
  }
});
