import type { Intent } from "../../../../../engine/kicad/draft/intent.js";
import { seeded } from "../../../../../engine/kicad/layout/place/seeded-random.js";

/**
 * A generated design with one group too big for A3 and a small one beside it: a connector and
 * its bulk capacitor ("Input"), then a chain of 5–8 amplifier stages in one group ("Signal
 * chain"), each a dual op-amp with its decoupling capacitor listed right after it, two gain
 * networks and now and then an RC filter between its halves, the chain's output back on the
 * connector. With `copies: 2` a second chain identical up to names ("Signal chain 2": refs from
 * 101, nets prefixed `B_`) hangs on the connector too. Only symbols of KiCad's own libraries;
 * replayable from its seed.
 */
export function oversizedIntent(seed: number, options: { copies?: 1 | 2 } = {}): Intent {
  const copies = options.copies ?? 1;
  const parts: Intent["parts"] = [];
  const nets = new Map<string, string[]>();
  const join = (net: string, ...pins: string[]) =>
    nets.set(net, [...(nets.get(net) ?? []), ...pins]);
  const connector = copies === 1 ? "Connector_Generic:Conn_01x04" : "Connector_Generic:Conn_01x06";
  parts.push({ ref: "J1", libId: connector, value: "IO", group: "Input" });
  join("+5V", "J1.1");
  join("GND", "J1.2");
  const bulk = copies === 1 ? 1 : 201;
  parts.push({ ref: `C${bulk}`, libId: "Device:C", value: "10uF", group: "Input" });
  join("+5V", `C${bulk}.1`);
  join("GND", `C${bulk}.2`);
  for (let copy = 0; copy < copies; copy++) {
    // Every copy draws the same numbers: the same stages and values, other names.
    const rand = seeded(seed);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)] as T;
    const group = copy === 0 ? "Signal chain" : "Signal chain 2";
    const net = (name: string) =>
      copy === 0 || name === "GND" || name === "+5V" ? name : `B_${name}`;
    const base = copy * 100;
    let r = base;
    let c = copy === 0 && copies === 1 ? 1 : base;
    const resistor = (a: string, b: string) => {
      const ref = `R${++r}`;
      parts.push({
        ref,
        libId: "Device:R",
        value: pick(["1k", "4.7k", "10k", "47k", "100k"]),
        group,
      });
      join(net(a), `${ref}.1`);
      join(net(b), `${ref}.2`);
    };
    const capacitor = (a: string, b: string, value = pick(["1nF", "10nF", "100nF"])) => {
      const ref = `C${++c}`;
      parts.push({ ref, libId: "Device:C", value, group });
      join(net(a), `${ref}.1`);
      join(net(b), `${ref}.2`);
    };
    join(net("IN0"), `J1.${3 + copy * 2}`);
    const stages = 5 + Math.floor(rand() * 4);
    for (let s = 1; s <= stages; s++) {
      const u = `U${base + s}`;
      parts.push({ ref: u, libId: "Amplifier_Operational:LM358", value: "LM358", group });
      capacitor("+5V", "GND", "100nF");
      join("+5V", `${u}.8`);
      join("GND", `${u}.4`);
      // Half A: non-inverting gain from the stage's input.
      join(net(`IN${s - 1}`), `${u}.3`);
      join(net(`FBA${s}`), `${u}.2`);
      join(net(`MID${s}`), `${u}.1`);
      resistor(`MID${s}`, `FBA${s}`);
      resistor(`FBA${s}`, "GND");
      // Between the halves, sometimes a low-pass filter.
      let into = `MID${s}`;
      if (rand() < 0.5) {
        into = `FLT${s}`;
        resistor(`MID${s}`, into);
        capacitor(into, "GND");
      }
      join(net(into), `${u}.5`);
      join(net(`FBB${s}`), `${u}.6`);
      join(net(`IN${s}`), `${u}.7`);
      resistor(`IN${s}`, `FBB${s}`);
      resistor(`FBB${s}`, "GND");
    }
    join(net(`IN${stages}`), `J1.${4 + copy * 2}`);
  }
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
    hints: {
      groupOrder:
        copies === 1 ? ["Input", "Signal chain"] : ["Input", "Signal chain", "Signal chain 2"],
    },
  };
}
