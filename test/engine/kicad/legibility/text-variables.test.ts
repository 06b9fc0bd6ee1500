// biome-ignore-all lint/suspicious/noTemplateCurlyInString: KiCad text variables are literal ${NAME} strings
import { describe, expect, it } from "vitest";
import {
  resolveTextVariables,
  variablesFrom,
} from "../../../../engine/kicad/legibility/text-variables.js";

describe("text variables", () => {
  const lookup = variablesFrom([
    ["Sim.Params", "PWR_FLAG"],
    ["Value", "${SIM.PARAMS}"],
    ["TITLE", "Amp"],
  ]);

  it("resolves case-insensitively and through one variable naming another", () => {
    expect(resolveTextVariables("${VALUE}", lookup)).toBe("PWR_FLAG");
    expect(resolveTextVariables("${title} rev", lookup)).toBe("Amp rev");
  });

  it("leaves unknown names literal, as KiCad shows them, and stops on loops", () => {
    expect(resolveTextVariables("${NOPE}/${TITLE}", lookup)).toBe("${NOPE}/Amp");
    const loop = variablesFrom([
      ["A", "${B}"],
      ["B", "${A}"],
    ]);
    expect(["${A}", "${B}"]).toContain(resolveTextVariables("${A}", loop));
  });
});
