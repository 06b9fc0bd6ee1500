import { writeFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Intent } from "../../../../../engine/kicad/draft/intent.js";
import type { IntentFinding } from "../../../../../engine/kicad/draft/intent-finding.js";
import type { ResolvedIntent } from "../../../../../engine/kicad/draft/resolved-intent.js";
import { validateIntent } from "../../../../../engine/kicad/draft/validate-intent.js";
import { SymbolCatalog } from "../../../../../engine/kicad/library/symbol-catalog.js";
import { makeTempDir, type TempDir } from "../../../../helpers/temp-dir.js";
import { bufferIntent, HIDDEN_POWER_LIBRARY } from "../hidden-power-library.js";

// The real KiCad 9 parts the issue names: LP38691SD-1.8's two IN pins (1 visible, 6 hidden) sit
// at one point, as do MCP73871's three V_SS pins; LP38691's pin 3 is of type no_connect.
const LDO = "Regulator_Linear:LP38691SD-1.8";
const CHARGER = "Battery_Management:MCP73871-1AA";

let catalog: SymbolCatalog;
let custom: TempDir;
let withHidden: SymbolCatalog;

beforeAll(async () => {
  catalog = SymbolCatalog.fromEnv();
  custom = await makeTempDir("copperhead-hidden-power-");
  await writeFile(custom.path("Legacy.kicad_sym"), HIDDEN_POWER_LIBRARY);
  withHidden = new SymbolCatalog([custom.dir, ...catalog.dirs]);
});
afterAll(() => custom.remove());

/** The LDO with a 1 µF on each side and a header, as a breakout would wire it. */
function ldo(edit: (intent: Intent) => void = () => {}): Intent {
  const intent: Intent = {
    version: 1,
    parts: [
      { ref: "U1", libId: LDO, value: "LP38691SD-1.8", group: "LDO" },
      { ref: "C1", libId: "Device:C", value: "1µF", group: "LDO" },
      { ref: "C2", libId: "Device:C", value: "1µF", group: "LDO" },
      { ref: "J1", libId: "Connector_Generic:Conn_01x03", value: "Header", group: "LDO" },
    ],
    nets: [
      { name: "VIN", pins: ["U1.1", "U1.6", "C1.1", "J1.1"] },
      { name: "GND", pins: ["U1.2", "C1.2", "C2.2", "J1.2"] },
      { name: "+1V8", pins: ["U1.4", "U1.5", "C2.1", "J1.3"] },
    ],
    noConnect: ["U1.7"],
  };
  edit(intent);
  return intent;
}

async function resolved(intent: Intent, source = catalog): Promise<ResolvedIntent> {
  const result = await validateIntent(intent, { resolve: (id) => source.resolve(id) });
  if (!result.ok) throw new Error(JSON.stringify(result.findings));
  return result.resolved;
}

async function findings(intent: Intent, source = catalog): Promise<IntentFinding[]> {
  const result = await validateIntent(intent, { resolve: (id) => source.resolve(id) });
  if (result.ok) throw new Error("expected findings");
  return result.findings;
}

const netPins = (r: ResolvedIntent, name: string) =>
  r.nets
    .find((n) => n.net.name === name)
    ?.endpoints.map((e) => `${e.ref}.${e.pin.number}`)
    .sort();

describe("stacked pins", () => {
  it("split across nets: a stacked-pins-split finding naming the pins, their names and nets", async () => {
    const f = await findings(
      ldo((i) => {
        i.nets[0]!.pins = ["U1.1", "C1.1", "J1.1"];
        i.nets.push({ name: "EN", pins: ["U1.6", "C2.1"] });
        i.nets[2]!.pins = ["U1.4", "U1.5", "J1.3"];
      }),
    );
    expect(f.map((x) => x.kind)).toEqual(["stacked-pins-split"]);
    expect(f[0]?.path).toBe("nets[3].pins[0]");
    expect(f[0]?.detail).toMatch(
      /^U1 pins 1 \(IN\), 6 \(IN\) are stacked .* KiCad joins them, but the intent has 1 \(IN\) on VIN, 6 \(IN\) on EN; put the whole stack on one net/,
    );
  });

  it("on a net and under noConnect at once: the same finding", async () => {
    const f = await findings(
      ldo((i) => {
        i.nets[0]!.pins = ["U1.1", "C1.1", "J1.1"];
        i.noConnect = ["U1.7", "U1.6"];
      }),
    );
    expect(f.map((x) => x.kind)).toEqual(["stacked-pins-split"]);
    expect(f[0]?.detail).toMatch(/1 \(IN\) on VIN, 6 \(IN\) on noConnect/);
  });

  it("left out: joined to the stack's net and listed as joined", async () => {
    const r = await resolved(ldo((i) => (i.nets[0]!.pins = ["U1.1", "C1.1", "J1.1"])));
    expect(netPins(r, "VIN")).toEqual(["C1.1", "J1.1", "U1.1", "U1.6"]);
    expect(r.joined).toEqual([{ pin: "U1.6", net: "VIN", why: "stacked" }]);
  });

  it("three stacked ground pins of the MCP73871, one listed: the other two join GND", async () => {
    const r = await resolved({
      version: 1,
      parts: [
        { ref: "U1", libId: CHARGER, value: "MCP73871", group: "Charger" },
        { ref: "C1", libId: "Device:C", value: "4.7µF", group: "Charger" },
      ],
      nets: [
        { name: "GND", pins: ["U1.10", "C1.2"] },
        { name: "VIN", pins: ["U1.18", "C1.1"] },
      ],
      noConnect: ["U1.1", "U1.14"],
    });
    expect(r.joined.filter((j) => j.net === "GND").map((j) => j.pin)).toEqual(["U1.11", "U1.21"]);
    expect(r.joined.filter((j) => j.net === "VIN").map((j) => j.pin)).toEqual(["U1.19"]);
    expect(netPins(r, "GND")).toEqual(["C1.2", "U1.10", "U1.11", "U1.21"]);
  });

  it("named by a pin name only the stack's pins share: that names the stack", async () => {
    const r = await resolved(ldo((i) => (i.nets[0]!.pins = ["U1.IN", "C1.1", "J1.1"])));
    expect(netPins(r, "VIN")).toEqual(["C1.1", "J1.1", "U1.1", "U1.6"]);
  });
});

describe("pins of type no_connect", () => {
  it("in a net: a no-connect-pin finding, since KiCad never connects them", async () => {
    const f = await findings(ldo((i) => i.nets[2]!.pins.push("U1.3")));
    expect(f.map((x) => x.kind)).toEqual(["no-connect-pin"]);
    expect(f[0]?.path).toBe("nets[2].pins[4]");
    expect(f[0]?.detail).toMatch(
      /pin U1\.3 \(NC\) is of type no_connect.*net \+1V8 cannot reach it/,
    );
  });

  it("left out: nothing is drawn on them (and they are not reported as open)", async () => {
    const r = await resolved(ldo());
    expect([...r.undrawn]).toEqual(["U1.3"]);
  });

  it("under noConnect: marked like any declared no-connect", async () => {
    const r = await resolved(ldo((i) => i.noConnect?.push("U1.3")));
    expect([...r.undrawn]).toEqual([]);
    expect(r.noConnect.map((e) => `${e.ref}.${e.pin.number}`)).toEqual(["U1.7", "U1.3"]);
  });
});

describe("hidden power inputs", () => {
  const buffer = (edit: (intent: Intent) => void = () => {}): Intent => {
    const intent = bufferIntent();
    edit(intent);
    return intent;
  };

  it("left out: joined to the power net of their name, made when the intent has none", async () => {
    const r = await resolved(buffer(), withHidden);
    expect(netPins(r, "VCC")).toEqual(["J1.3", "J1.4", "U1.3"]);
    expect(netPins(r, "GND")).toEqual(["U1.4"]);
    expect(r.nets.find((n) => n.net.name === "GND")?.class.class).toBe("ground");
    expect(r.joined).toEqual([
      { pin: "U1.3", net: "VCC", why: "hidden-power" },
      { pin: "U1.4", net: "GND", why: "hidden-power" },
    ]);
    expect([...r.undrawn].sort()).toEqual(["U1.3", "U1.4"]);
  });

  it("in a net of another name: a hidden-power-pin finding", async () => {
    const f = await findings(
      buffer((i) => i.nets.push({ name: "+5V", pins: ["U1.3", "J1.4"] })),
      withHidden,
    );
    expect(f.map((x) => x.kind)).toContain("hidden-power-pin");
    expect(f.find((x) => x.kind === "hidden-power-pin")?.detail).toMatch(
      /pin U1\.3 \(VCC\) is a hidden power input, which KiCad joins to the power net "VCC" by its name, but it is in net \+5V/,
    );
  });
});
