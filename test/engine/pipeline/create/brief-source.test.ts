import { describe, expect, it } from "vitest";
import { UsageError } from "../../../../engine/errors.js";
import { briefFromSentence } from "../../../../engine/pipeline/create/brief-source.js";
import { designSlug } from "../../../../engine/repo/design-slug.js";

describe("briefFromSentence", () => {
  it("the first clause is the title (and names the KiCad project), the sentence the body", () => {
    const brief = briefFromSentence(
      "a USB-C 5V power breakout, 3A, screw terminal and header, power LED",
    );
    expect(brief).toBe(
      "# A USB-C 5V power breakout\n\nA USB-C 5V power breakout, 3A, screw terminal and header, power LED.\n",
    );
    expect(designSlug(brief)).toBe("a-usb-c-5v-power-breakout");
  });

  it("the same sentence always gives the same bytes; whitespace does not matter", () => {
    expect(briefFromSentence("  an  LED\tblinker at 3.3 V. ")).toBe(
      briefFromSentence("an LED blinker at 3.3 V."),
    );
    expect(briefFromSentence("an LED blinker at 3.3 V.")).toBe(
      "# An LED blinker at 3.3 V\n\nAn LED blinker at 3.3 V.\n",
    );
  });

  it("a long first clause keeps eight words in the title", () => {
    expect(
      briefFromSentence("one two three four five six seven eight nine ten").split("\n")[0],
    ).toBe("# One two three four five six seven eight");
  });

  it("an empty sentence says what to give instead", () => {
    expect(() => briefFromSentence("   ")).toThrow(UsageError);
  });
});
