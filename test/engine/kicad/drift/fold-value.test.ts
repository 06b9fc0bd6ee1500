import { describe, expect, it } from "vitest";
import { foldValue, valuesEquivalent } from "../../../../engine/kicad/drift/fold-value.js";

function same(a: string, b: string) {
  expect(valuesEquivalent(a, b), `${a} = ${b}`).toBe(true);
  expect(valuesEquivalent(b, a), `${b} = ${a}`).toBe(true);
}

function different(a: string, b: string) {
  expect(valuesEquivalent(a, b), `${a} ≠ ${b}`).toBe(false);
  expect(valuesEquivalent(b, a), `${b} ≠ ${a}`).toBe(false);
}

describe("value folding: equivalent spellings", () => {
  it("micro: µ (micro sign), μ (Greek mu) and u", () => {
    same("4.7µF", "4.7uF");
    same("4.7μF", "4.7uF");
    same("4µ7", "4.7uF");
    same("10U", "10u");
  });

  it("ohms: Ω, Ω (ohm sign), ohm, ohms, R", () => {
    same("10Ω", "10R");
    same("10Ω", "10 ohms");
    same("10 Ohm", "10R");
    same("4R7", "4.7Ω");
    same("R47", "0.47Ω");
    same("0R", "0 ohm");
    same("2.2kΩ", "2.2 kohm");
  });

  it("RKM codes, decimals, plain numbers", () => {
    same("4k7", "4.7k");
    same("4k7", "4700");
    same("4K7", "4.7 kΩ");
    same("2M2", "2.2M");
    same("1n5", "1.5nF");
    same("3V3", "3.3V");
    same("4,7k", "4.7k");
    same("1,000uF", "1000µF");
  });

  it("prefix changes that keep the quantity", () => {
    same("100nF", "0.1uF");
    same("100 nF", "0.1 µF");
    same("1000pF", "1nF");
    same("0.001F", "1mF");
    same("1 MEG", "1M");
    same("10K", "10k");
  });

  it("comparison signs and unit words", () => {
    same("≥ 3.3V", ">=3.3 V");
    same("≤5V", "<= 5 volts");
    same("±1%", "+/-1%");
    same("10 farads", "10F");
    same("100 uH", "100µH");
  });

  it("a unit on one side only is not a difference", () => {
    same("10k", "10kΩ");
    same("100n", "100nF");
  });

  it("words compare without case", () => {
    same("LED", "led");
    same("LM358", "lm358");
    same("100nF X7R 0402", "0.1uF x7r 0402");
  });
});

describe("value folding: different values stay different", () => {
  it("milli and mega", () => {
    different("1k", "1M");
    different("10mF", "10MF");
    different("1m", "1M");
    different("10mA", "10MA");
  });

  it("other quantities, units and extra words", () => {
    different("4k7", "47k");
    different("100nF", "10nF");
    different("10V", "10A");
    different("3.3V", "≥ 3.3V");
    different("10k", "10k 1%");
    different("1N4148", "1N4149");
  });

  it("part numbers that look like RKM codes are words", () => {
    expect(foldValue("1N4148").tokens).toEqual([
      { kind: "word", text: "1n4148", source: "1N4148" },
    ]);
    expect(foldValue("2N2222").tokens[0]?.kind).toBe("word");
  });
});

describe("canonical text for messages", () => {
  it("writes engineering notation with the unit", () => {
    expect(foldValue("4k7").text).toBe("4.7k");
    expect(foldValue("0.1uF").text).toBe("100nF");
    expect(foldValue("4.7 kohm").text).toBe("4.7kΩ");
    expect(foldValue("≥3.3V").text).toBe("≥ 3.3V");
    expect(foldValue("100nF 0402").text).toBe("100nF 0402");
    expect(foldValue("LED").text).toBe("LED");
  });
});
