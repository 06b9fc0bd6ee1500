import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { searchSymbolsTool } from "../../../../engine/agent/tools/search-symbols.js";
import { symbolPinsTool } from "../../../../engine/agent/tools/symbol-pins.js";
import { verifySymbolsTool } from "../../../../engine/agent/tools/verify-symbols.js";
import { ledRepo, tempRepo } from "./temp-repo.js";

// The installed KiCad 9 libraries (/usr/share/kicad/symbols) are the data.
let led: Awaited<ReturnType<typeof ledRepo>>;
let bom: Awaited<ReturnType<typeof tempRepo>>;

beforeAll(async () => {
  led = await ledRepo();
  bom = await tempRepo({
    "docs/BOM.md": [
      "| Ref | Symbol | Value |",
      "|---|---|---|",
      "| R1 | Device:R | 330 |",
      "| D1 | Device:LEDD | LED |",
      "| U1 | NoSuchLib:X | MCU |",
      "",
    ].join("\n"),
  });
});
afterAll(async () => {
  await Promise.all([led.done(), bom.done()]);
});

describe("symbol library tools", () => {
  it("search_symbols finds lib ids containing every word", async () => {
    const result = await searchSymbolsTool.run({ query: "device:led" }, led.context);
    expect(result.detail?.split("\n")).toContain("Device:LED");
    const narrowed = await searchSymbolsTool.run({ query: "AMS1117 3.3" }, led.context);
    expect(narrowed.detail).toContain("Regulator_Linear:AMS1117-3.3");
    const none = await searchSymbolsTool.run({ query: "qqqzzzx" }, led.context);
    expect(none.summary).toContain("no matches");
    expect(none.detail).toContain("Closest names:");
  });

  it("symbol_pins lists numbers, names and types; a miss suggests close names", async () => {
    const pins = await symbolPinsTool.run({ lib_id: "Device:LED" }, led.context);
    expect(pins.detail).toBe(
      "Device:LED — 2 pin(s), 1 unit(s):\n  1: K · passive\n  2: A · passive",
    );
    const miss = await symbolPinsTool.run({ lib_id: "Device:LEDD" }, led.context);
    expect(miss.errorKind).toBe("not-found");
    expect(miss.detail).toContain("Device:LED");
    const noLib = await symbolPinsTool.run({ lib_id: "Devise:R" }, led.context);
    expect(noLib.detail).toContain("Device");
    expect((await symbolPinsTool.run({ lib_id: "LED" }, led.context)).errorKind).toBe(
      "invalid-arguments",
    );
  });

  it("verify_symbols passes the example's sheet", async () => {
    const result = await verifySymbolsTool.run({}, led.context);
    expect(result.ok).toBe(true);
    expect(result.summary).toMatch(/symbol\(s\) verified/);
  });

  it("verify_symbols names missing symbols and libraries from BOM.md with suggestions", async () => {
    const result = await verifySymbolsTool.run({}, bom.context);
    expect(result.ok).toBe(false);
    const lines = result.detail?.split("\n") ?? [];
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^1\. no-symbol: Device:LEDD \(docs\/BOM\.md:4\) .*Device:LED/);
    expect(lines[1]).toMatch(/^2\. no-library: NoSuchLib:X \(docs\/BOM\.md:5\)/);
  });
});
