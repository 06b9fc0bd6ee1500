import { join } from "node:path";
import { describe, it } from "vitest";
import { KicadCliError } from "../../../../engine/kicad/cli/errors.js";
import { exportNetlist } from "../../../../engine/kicad/cli/export-netlist.js";
import { DEMO_DIR } from "../../../helpers/demo-corpus.js";
import { LED_EXAMPLE, LED_VARIANTS } from "../../../helpers/fixture-project.js";
import { cachedNetlist } from "../../../helpers/kicad-cache.js";

/** `(net (code "1") (name "+5V") … (node (ref "J1") (pin "1") …) …)` → "+5V: J1.1 R1.1". */
function nets(netlist: string): string[] {
  const out: string[] = [];
  for (const block of netlist.split(/\(net \(code/).slice(1)) {
    const name = /\(name "([^"]*)"\)/.exec(block)?.[1];
    const nodes = [...block.matchAll(/\(node \(ref "([^"]+)"\) \(pin "([^"]+)"\)/g)].map(
      (m) => `${m[1]}.${m[2]}`,
    );
    out.push(`${name}: ${nodes.sort().join(" ")}`);
  }
  return out.sort();
}

describe.concurrent("exportNetlist", () => {
  it("exports the LED circuit's three nets as kicadsexpr text", async ({ expect }) => {
    const text = await exportNetlist(join(LED_EXAMPLE, "led.kicad_sch"));
    expect(text.startsWith("(export (version")).toBe(true);
    expect(text).toContain('(tool "Eeschema 9.');
    expect(nets(text)).toEqual(["+5V: J1.1 R1.1", "GND: D1.1 J1.2", "Net-(D1-A): D1.2 R1.2"]);
  });

  it("exports the whole hierarchy when given a sub-sheet", async ({ expect }) => {
    const root = join(DEMO_DIR, "pic_programmer/pic_programmer.kicad_sch");
    const [fromSub, fromRoot] = await Promise.all([
      exportNetlist(join(DEMO_DIR, "pic_programmer/pic_sockets.kicad_sch")),
      cachedNetlist(root),
    ]);
    expect(nets(fromSub)).toEqual(nets(fromRoot));
    expect(nets(fromRoot).length).toBeGreaterThan(50);
  });

  it("raises KicadCliError for a schematic that does not load", async ({ expect }) => {
    await expect(exportNetlist(join(LED_VARIANTS, "bom.kicad_sch"))).rejects.toBeInstanceOf(
      KicadCliError,
    );
  });
});
