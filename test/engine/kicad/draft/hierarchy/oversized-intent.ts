import type { Intent } from "../../../../../engine/kicad/draft/intent.js";
import { seeded } from "../../../../../engine/kicad/layout/place/seeded-random.js";

/**
 * A generated design with one group too big for A3 and a small one beside it: a connector and
 * its bulk capacitor ("Input"), then a chain of 5–8 amplifier stages in one group ("Signal
 * chain"), each a dual op-amp with its decoupling capacitor listed right after it, two gain
 * networks and now and then an RC filter between its halves, the chain's output back on the
 * connector. Only symbols of KiCad's own libraries; replayable from its seed.
 */
export function oversizedIntent(seed: number): Intent {
  const rand = seeded(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)] as T;
  const parts: Intent["parts"] = [];
  const nets = new Map<string, string[]>();
  const join = (net: string, ...pins: string[]) =>
    nets.set(net, [...(nets.get(net) ?? []), ...pins]);
  let r = 0;
  let c = 0;
  const resistor = (a: string, b: string) => {
    const ref = `R${++r}`;
    parts.push({
      ref,
      libId: "Device:R",
      value: pick(["1k", "4.7k", "10k", "47k", "100k"]),
      group: "Signal chain",
    });
    join(a, `${ref}.1`);
    join(b, `${ref}.2`);
  };
  const capacitor = (
    a: string,
    b: string,
    group = "Signal chain",
    value = pick(["1nF", "10nF", "100nF"]),
  ) => {
    const ref = `C${++c}`;
    parts.push({ ref, libId: "Device:C", value, group });
    join(a, `${ref}.1`);
    join(b, `${ref}.2`);
  };
  parts.push({ ref: "J1", libId: "Connector_Generic:Conn_01x04", value: "IO", group: "Input" });
  join("+5V", "J1.1");
  join("GND", "J1.2");
  join("IN0", "J1.3");
  capacitor("+5V", "GND", "Input", "10uF");
  const stages = 5 + Math.floor(rand() * 4);
  for (let s = 1; s <= stages; s++) {
    const u = `U${s}`;
    parts.push({
      ref: u,
      libId: "Amplifier_Operational:LM358",
      value: "LM358",
      group: "Signal chain",
    });
    capacitor("+5V", "GND", "Signal chain", "100nF");
    join("+5V", `${u}.8`);
    join("GND", `${u}.4`);
    // Half A: non-inverting gain from the stage's input.
    join(`IN${s - 1}`, `${u}.3`);
    join(`FBA${s}`, `${u}.2`);
    join(`MID${s}`, `${u}.1`);
    resistor(`MID${s}`, `FBA${s}`);
    resistor(`FBA${s}`, "GND");
    // Between the halves, sometimes a low-pass filter.
    let into = `MID${s}`;
    if (rand() < 0.5) {
      into = `FLT${s}`;
      resistor(`MID${s}`, into);
      capacitor(into, "GND");
    }
    join(into, `${u}.5`);
    join(`FBB${s}`, `${u}.6`);
    join(`IN${s}`, `${u}.7`);
    resistor(`IN${s}`, `FBB${s}`);
    resistor(`FBB${s}`, "GND");
  }
  join(`IN${stages}`, "J1.4");
  return {
    version: 1,
    title: `Oversized ${seed}`,
    parts,
    nets: [...nets].map(([name, pins]) => ({
      name,
      ...(name === "+5V"
        ? { kind: "power" as const }
        : name === "GND"
          ? { kind: "ground" as const }
          : {}),
      pins,
    })),
    hints: { groupOrder: ["Input", "Signal chain"] },
  };
}
