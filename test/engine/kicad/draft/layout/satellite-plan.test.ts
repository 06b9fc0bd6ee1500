import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { groupMembers } from "../../../../../engine/kicad/draft/layout/group-block.js";
import {
  planSatellites,
  type SatellitePlan,
} from "../../../../../engine/kicad/draft/layout/satellite-plan.js";
import type { ResolvedIntent } from "../../../../../engine/kicad/draft/resolved-intent.js";
import { validateIntent } from "../../../../../engine/kicad/draft/validate-intent.js";
import type { SymbolCatalog } from "../../../../../engine/kicad/library/symbol-catalog.js";
import { REPO_ROOT } from "../../../../helpers/fixture-project.js";
import type { TempDir } from "../../../../helpers/temp-dir.js";
import { smallCatalog } from "../library-fixture.js";

let catalog: SymbolCatalog;
let dir: TempDir;
beforeAll(async () => {
  ({ catalog, dir } = await smallCatalog());
});
afterAll(() => dir.remove());

async function resolvedExample(name: string): Promise<ResolvedIntent> {
  const intent = JSON.parse(
    await readFile(`${REPO_ROOT}/examples/intents/${name}.intent.json`, "utf8"),
  );
  const validated = await validateIntent(intent, { resolve: (id) => catalog.resolve(id) });
  if (!validated.ok) throw new Error(JSON.stringify(validated.findings));
  return validated.resolved;
}

/** Every stack as `host: part>part`, e.g. `J1.A5: R1` or `R3.2: D2`. */
function stacks(plan: SatellitePlan): string[] {
  return [...plan.stacks.entries()]
    .flatMap(([host, list]) => list.map((s) => `${host}: ${s.parts.map((p) => p.ref).join(">")}`))
    .sort();
}

function planOf(resolved: ResolvedIntent): SatellitePlan[] {
  return resolved.groups.map((g) => planSatellites(resolved, groupMembers(resolved, g)));
}

describe("planSatellites", () => {
  it("hangs the USB-C breakout's two-pin parts from the pins they serve", async () => {
    const plans = planOf(await resolvedExample("usb-c-breakout"));
    const all = plans.flatMap(stacks);
    // CC resistors on their CC pins (a signal net beats ground).
    expect(all).toContain("J1.A5: R1");
    expect(all).toContain("J1.B5: R2");
    // The LED group has no multi-pin part: R3 hosts, the LED hangs from its anode side.
    expect(all).toContain("R3.2: D2");
    expect(plans.flatMap((p) => p.promoted)).toContain("R3");
    // Every two-pin part is either hung or hosts something.
    const hung = new Set(plans.flatMap((p) => [...p.hung]));
    const hosts = new Set(all.map((s) => s.split(".")[0]));
    for (const ref of ["R1", "R2", "R3", "D1", "D2", "F1", "C1"])
      expect(hung.has(ref) || hosts.has(ref)).toBe(true);
  });

  it("puts a decoupling capacitor on the power pin it serves and lets chains follow", async () => {
    const resolved = await resolvedExample("mcu-opamp-board");
    const all = planOf(resolved).flatMap(stacks);
    // C8 decouples the LM358: on its V+ pin (power input), not on a connector's +3V3 pin.
    expect(all).toContain("U3.8: C8");
    // The ADC filter capacitor (ADC to GND) follows its series resistor in line: R7 > C7, hung
    // from the op-amp output that drives it rather than the test header's AMP_OUT pin.
    expect(all).toContain("U3.7: R7>C7");
    // The op-amp's feedback divider hangs from its inverting input and output.
    expect(all).toContain("U3.6: R5");
    expect(all).toContain("U3.7: R6");
    // Indicators: no multi-pin part in the group, so each resistor hosts its LED.
    expect(all).toContain("R8.2: D2");
  });

  it("hangs a part from the IC's pin rather than a connector's pin on the same net", async () => {
    const resolved = await resolvedExample("mcu-opamp-board");
    const all = planOf(resolved).flatMap(stacks);
    // The RESET pull-up sits at the MCU's RESET pin (U2 pin 1), not the ISP header's (J2 pin 5).
    const u2Reset = resolved.nets
      .find((n) => n.net.name === "RESET")
      ?.endpoints.find((e) => e.ref === "U2");
    expect(u2Reset?.pin.number).toBe("1");
    expect(all).toContain("U2.1: R1");
    expect(all.filter((s) => s.startsWith("J2."))).toEqual([]);
    // The sensor's input network hangs from the op-amp's input, not the sensor header J3.
    expect(all.filter((s) => s.startsWith("J3."))).toEqual([]);
  });

  it("keeps a series part between a connector's net and an IC's on the connector", async () => {
    // R49 joins CH1_IN (header J3, TVS D10) to CH1_SENS (U2's input): no IC pin shares J3's
    // net, so the connector is no worse a host and the input reads J3 > R49 > U2.
    const all = planOf(await resolvedExample("sensor-hub")).flatMap(stacks);
    expect(all.filter((s) => s.endsWith(": R49"))).toEqual(["J3.2: R49"]);
  });
});
