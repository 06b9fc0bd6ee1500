import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Intent } from "../../../../engine/kicad/draft/intent.js";
import type { IntentFinding } from "../../../../engine/kicad/draft/intent-finding.js";
import { renderIntentFindings } from "../../../../engine/kicad/draft/intent-finding.js";
import {
  type ValidationContext,
  validateIntent,
} from "../../../../engine/kicad/draft/validate-intent.js";
import type { SymbolCatalog } from "../../../../engine/kicad/library/symbol-catalog.js";
import { REPO_ROOT } from "../../../helpers/fixture-project.js";
import type { TempDir } from "../../../helpers/temp-dir.js";
import { smallCatalog } from "./library-fixture.js";

let catalog: SymbolCatalog;
let dir: TempDir;
let usb: Intent;

beforeAll(async () => {
  ({ catalog, dir } = await smallCatalog());
  usb = JSON.parse(
    await readFile(`${REPO_ROOT}/examples/intents/usb-c-breakout.intent.json`, "utf8"),
  ) as Intent;
});
afterAll(() => dir.remove());

function context(extra: Partial<ValidationContext> = {}): ValidationContext {
  return { resolve: (id) => catalog.resolve(id), ...extra };
}

/** A fresh deep copy of the USB-C example to break one way. */
function variant(edit: (intent: Intent) => void): Intent {
  const copy = structuredClone(usb);
  edit(copy);
  return copy;
}

async function findings(
  intent: unknown,
  extra: Partial<ValidationContext> = {},
): Promise<IntentFinding[]> {
  const result = await validateIntent(intent, context(extra));
  if (result.ok) throw new Error("expected validation to fail");
  return result.findings;
}

describe("validateIntent", () => {
  it("accepts the USB-C example and binds pin names to numbers", async () => {
    const result = await validateIntent(usb, context());
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const cc1 = result.resolved.nets.find((n) => n.net.name === "CC1");
    expect(cc1?.endpoints.map((e) => `${e.ref}.${e.pin.number}`)).toEqual(["J1.A5", "R1.1"]);
    expect(result.resolved.groups).toEqual([
      "USB-C input",
      "Protection",
      "5V output",
      "Power-good LED",
    ]);
    expect(result.resolved.nets.find((n) => n.net.name === "LED_A")?.class.class).toBe("signal");
  });

  it("reports bad shape with paths, all at once", async () => {
    const f = await findings({
      version: 2,
      parts: [{ ref: "R1", libId: "R", value: "1k" }],
      nets: "x",
    });
    expect(f.every((x) => x.kind === "shape")).toBe(true);
    const paths = f.map((x) => x.path);
    expect(paths).toEqual(
      expect.arrayContaining(["version", "parts[0].libId", "parts[0].group", "nets"]),
    );
    expect(renderIntentFindings(f)).toMatch(
      /^intent validation: \d+ finding\(s\) to reconcile:\n {2}1\. \[shape\]/,
    );
  });

  it("finds duplicate references and nets", async () => {
    const f = await findings(
      variant((i) => {
        i.parts.push({ ...(i.parts[1] as Intent["parts"][number]) });
        i.nets.push({ name: "CC1", pins: ["R3.1", "R3.2"] });
      }),
    );
    expect(f.map((x) => x.kind)).toEqual(
      expect.arrayContaining(["duplicate-ref", "duplicate-net"]),
    );
    expect(f.find((x) => x.kind === "duplicate-ref")?.detail).toMatch(/R1/);
  });

  it("lists the SUBSYSTEMS.md groups for an unknown group", async () => {
    const f = await findings(usb, { subsystems: ["USB-C input", "Protection", "5V output"] });
    expect(f).toHaveLength(2);
    expect(f[0]?.kind).toBe("unknown-group");
    expect(f[0]?.detail).toMatch(
      /R3 names group "Power-good LED".*use one of: USB-C input, Protection, 5V output/,
    );
  });

  it("suggests real symbol names, saying which half of the id was wrong", async () => {
    const f = await findings(
      variant((i) => {
        (i.parts[1] as Intent["parts"][number]).libId = "Device:R_Smal";
        (i.parts[5] as Intent["parts"][number]).libId = "Connector:C";
      }),
    );
    expect(f.map((x) => x.kind)).toEqual(["unknown-symbol", "unknown-symbol"]);
    expect(f[0]?.detail).toMatch(/library Device is right.*R_Small/);
    expect(f[1]?.detail).toMatch(/library is wrong: use "Device:C"/);
  });

  it("refuses a power symbol used as a part", async () => {
    const f = await findings(
      variant((i) =>
        i.parts.push({ ref: "PS1", libId: "power:GND", value: "GND", group: "5V output" }),
      ),
    );
    expect(f.map((x) => x.kind)).toEqual(["power-symbol-part"]);
  });

  it("lists the real pins for an unknown pin, and flags ambiguous names", async () => {
    const f = await findings(
      variant((i) => {
        (i.nets[3] as Intent["nets"][number]).pins = ["J1.CC3", "R1.1"];
        // Two cathodes at different points of the symbol: the name alone does not say which.
        i.parts.push({
          ref: "D9",
          libId: "Device:D_Dual_CommonAnode_AKK",
          value: "BAT54A",
          group: "5V output",
        });
        i.nets.push({ name: "KX", pins: ["D9.K", "D9.A"] });
      }),
    );
    const unknown = f.find((x) => x.kind === "unknown-pin");
    expect(unknown?.detail).toMatch(/J1 has no pin "CC3"; its pins are .*A5 \(CC1\).*B5 \(CC2\)/);
    expect(unknown?.path).toBe("nets[3].pins[0]");
    expect(f.find((x) => x.kind === "ambiguous-pin")?.detail).toMatch(
      /D9 has 2 pins named "K" \(2, 3\)/,
    );
  });

  it("finds an unknown part in a net", async () => {
    const f = await findings(
      variant((i) => (i.nets[5] as Intent["nets"][number]).pins.push("D9.1")),
    );
    expect(f.map((x) => x.kind)).toEqual(["unknown-part"]);
  });

  it("finds a pin in two nets, by number or by name", async () => {
    const f = await findings(
      variant((i) => (i.nets[5] as Intent["nets"][number]).pins.push("R1.1")),
    );
    expect(f.map((x) => x.kind)).toEqual(["pin-in-two-nets"]);
    expect(f[0]?.detail).toMatch(/R1\.1 is in nets CC1 and LED_A/);
    const byName = await findings(
      variant((i) => (i.nets[5] as Intent["nets"][number]).pins.push("J1.A5")),
    );
    expect(byName[0]?.detail).toMatch(/J1\.A5 is in nets CC1 and LED_A/);
  });

  it("finds a single-endpoint net", async () => {
    const f = await findings(variant((i) => i.nets.push({ name: "LONELY", pins: ["J3.4"] })));
    // J3.4 is also on GND, so this variant shows both findings at once.
    expect(f.map((x) => x.kind).sort()).toEqual(["pin-in-two-nets", "single-endpoint-net"]);
  });

  it("finds a no-connect pin used in a net", async () => {
    const f = await findings(variant((i) => (i.noConnect = ["R3.1"])));
    expect(f.map((x) => x.kind)).toEqual(["no-connect-in-net"]);
    expect(f[0]?.detail).toMatch(/R3\.1 is declared no-connect but is in net \+5V/);
  });

  it("finds power nets whose symbol tokens collide", async () => {
    const f = await findings(
      variant((i) => {
        i.nets.push({ name: "RAIL A", kind: "power", pins: ["R3.2", "D2.2"] });
        i.nets.push({ name: "RAIL_A", kind: "power", pins: ["D2.1", "R2.1"] });
        i.nets = i.nets.filter((n) => !["LED_A", "GND", "CC2"].includes(n.name));
      }),
    );
    expect(f.map((x) => x.kind)).toEqual(["power-token-collision"]);
    expect(f[0]?.detail).toMatch(/"RAIL A" and "RAIL_A" both become the symbol token "RAIL_A"/);
  });

  it("cross-checks docs/BOM.md when it exists", async () => {
    const rows = usb.parts
      .map((p) => `| ${p.ref} | ${p.ref === "R3" ? "4.7k" : p.value} |`)
      .filter((r) => !r.includes("D2"));
    const bom = ["| Ref | Value |", "|---|---|", ...rows].join("\n");
    const f = await findings(usb, { bom });
    expect(f.every((x) => x.kind === "bom-mismatch")).toBe(true);
    const details = f.map((x) => x.detail).join("\n");
    expect(details).toMatch(/value-mismatch/);
    expect(details).toMatch(/R3/);
    expect(details).toMatch(/missing-ref.*D2|D2.*missing-ref/s);
  });
});
