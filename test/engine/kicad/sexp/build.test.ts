import { describe, expect, it } from "vitest";
import {
  at,
  node,
  PCB_DECIMALS,
  pcbNum,
  SCH_DECIMALS,
  schNum,
  uuidNode,
  xy,
  yesNo,
} from "../../../../engine/kicad/sexp/build.js";
import { atom, formatNumber, num, str } from "../../../../engine/kicad/sexp/node.js";
import { writeSexp } from "../../../../engine/kicad/sexp/write.js";

describe("formatNumber: numbers as KiCad writes them", () => {
  it.each([
    [0, 4, "0"],
    [-0, 4, "0"],
    [1.27, 4, "1.27"],
    [2.54, 4, "2.54"],
    [100, 4, "100"],
    [-3.81, 4, "-3.81"],
    [0.1 + 0.2, 4, "0.3"],
    [121.92000000000002, 4, "121.92"],
    [1.23456, 4, "1.2346"],
    [1.23456789, 6, "1.234568"],
    [0.0001, 4, "0.0001"],
    [0.00004, 4, "0"],
    [-0.00004, 4, "0"],
    [-0.000001, 6, "-0.000001"],
    [-0.0000004, 6, "0"],
    [1e6, 6, "1000000"],
    [12.5, 0, "13"],
  ])("formatNumber(%s, %s) = %s", (value, decimals, expected) => {
    expect(formatNumber(value, decimals)).toBe(expected);
  });

  it("never writes an exponent, a trailing dot or -0", () => {
    for (let i = -2000; i <= 2000; i++) {
      const text = formatNumber(i / 3000, 4);
      expect(text).toMatch(/^-?\d+(\.\d*[1-9])?$/);
      expect(text).not.toBe("-0");
    }
  });

  it("refuses values that have no KiCad spelling", () => {
    expect(() => formatNumber(Number.NaN)).toThrow(RangeError);
    expect(() => formatNumber(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it("schematic lengths keep 4 decimals, board lengths 6", () => {
    expect(SCH_DECIMALS).toBe(4);
    expect(PCB_DECIMALS).toBe(6);
    expect(schNum(0.1234567).text).toBe("0.1235");
    expect(pcbNum(0.1234567).text).toBe("0.123457");
    expect(num(0.1234567).text).toBe("0.1235");
    expect(schNum(1).quoted).toBe(false);
  });
});

describe("node builders", () => {
  it("node skips absent optionals and splices arrays", () => {
    const mirror = false;
    const tree = node(
      "symbol",
      node("lib_id", str("Device:R")),
      mirror && node("mirror", atom("x")),
      undefined,
      null,
      [node("unit", atom("1")), node("dnp", atom("no"))],
    );
    expect(writeSexp(tree)).toBe('(symbol\n\t(lib_id "Device:R")\n\t(unit 1)\n\t(dnp no)\n)\n');
  });

  it("yesNo, uuidNode, xy and at", () => {
    expect(writeSexp(yesNo("in_bom", true))).toBe("(in_bom yes)\n");
    expect(writeSexp(yesNo("dnp", false))).toBe("(dnp no)\n");
    expect(writeSexp(uuidNode("abc"))).toBe('(uuid "abc")\n');
    expect(writeSexp(xy(1.27, -2.54))).toBe("(xy 1.27 -2.54)\n");
    expect(writeSexp(at(10.16, 20.32, 90))).toBe("(at 10.16 20.32 90)\n");
  });

  it("built nodes carry no source offset", () => {
    const tree = node("a", atom("b"));
    expect(tree.offset).toBe(-1);
    expect(tree.items[0]!.offset).toBe(-1);
  });
});
