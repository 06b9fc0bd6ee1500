import { describe, expect, it } from "vitest";
import { parseMarkup } from "../../../../engine/kicad/text/markup.js";

describe("parseMarkup", () => {
  it("keeps plain text as one run", () => {
    expect(parseMarkup("GND")).toEqual([{ text: "GND", script: "normal", overbar: false }]);
  });

  it("splits overbar, superscript and subscript groups", () => {
    expect(parseMarkup("~{RST} V_{CC} x^{2}")).toEqual([
      { text: "RST", script: "normal", overbar: true },
      { text: " V", script: "normal", overbar: false },
      { text: "CC", script: "sub", overbar: false },
      { text: " x", script: "normal", overbar: false },
      { text: "2", script: "super", overbar: false },
    ]);
  });

  it("nests groups", () => {
    expect(parseMarkup("~{A_{1}}")).toEqual([
      { text: "A", script: "normal", overbar: true },
      { text: "1", script: "sub", overbar: true },
    ]);
  });

  it("draws unmatched markers and text variables literally", () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: KiCad text variables are spelled ${…}
    const variable = "${VAR}";
    expect(parseMarkup("~{open")).toEqual([{ text: "~{open", script: "normal", overbar: false }]);
    expect(parseMarkup(variable)).toEqual([{ text: variable, script: "normal", overbar: false }]);
    expect(parseMarkup(`~{${variable}}`)).toEqual([
      { text: variable, script: "normal", overbar: true },
    ]);
    expect(parseMarkup("a^b_c~d")).toEqual([{ text: "a^b_c~d", script: "normal", overbar: false }]);
  });

  it("treats a lone tilde as KiCad's empty text", () => {
    expect(parseMarkup("~")).toEqual([]);
    expect(parseMarkup("~~")).toEqual([{ text: "~~", script: "normal", overbar: false }]);
  });
});
