import { describe, expect, it } from "vitest";
import {
  expandPathVariables,
  hasVariables,
  PATH_VARIABLES_VARIABLE,
  type VariableContext,
} from "../../../../engine/kicad/paths/path-variables.js";

const context = (extra: Partial<VariableContext> = {}): VariableContext => ({
  projectDir: "/repo/hw",
  projectName: "board",
  textVariables: new Map(),
  env: {
    KICAD9_FOOTPRINT_DIR: "/kicad/footprints",
    KICAD8_SYMBOL_DIR: "/old/symbols",
    SECRET: "s3cr3t-value",
  },
  ...extra,
});

const expand = (text: string, extra?: Partial<VariableContext>) =>
  expandPathVariables(text, context(extra));

describe("expandPathVariables (KiCad's KIwxExpandEnvVars, environment refused)", () => {
  it("expands the three spellings of KIPRJMOD and KiCad's project name", () => {
    for (const text of [`\${KIPRJMOD}/x`, "$(KIPRJMOD)/x", "$KIPRJMOD/x"]) {
      expect(expand(text)).toEqual({ ok: true, text: "/repo/hw/x" });
    }
    expect(expand(`\${KIPRJMOD}/\${PROJECTNAME}.pretty`)).toEqual({
      ok: true,
      text: "/repo/hw/board.pretty",
    });
  });

  it("maps a library variable of any KiCad version to the environment's, else KiCad 9's", () => {
    expect(expand(`\${KICAD9_FOOTPRINT_DIR}/R.pretty`)).toEqual({
      ok: true,
      text: "/kicad/footprints/R.pretty",
    });
    expect(expand(`\${KICAD6_FOOTPRINT_DIR}/R.pretty`)).toEqual({
      ok: true,
      text: "/kicad/footprints/R.pretty",
    });
    // An own value wins over the versioned fallback, as in KiCad.
    expect(expand(`\${KICAD8_SYMBOL_DIR}/x`)).toEqual({ ok: true, text: "/old/symbols/x" });
  });

  it("looks up text variables first, even over KIPRJMOD, and expands their values again", () => {
    const textVariables = new Map([
      ["KIPRJMOD", "/elsewhere"],
      ["LIBS", `\${KICAD9_FOOTPRINT_DIR}/mine`],
    ]);
    expect(expand(`\${KIPRJMOD}/x`, { textVariables })).toEqual({ ok: true, text: "/elsewhere/x" });
    expect(expand(`\${LIBS}/x.pretty`, { textVariables })).toEqual({
      ok: true,
      text: "/kicad/footprints/mine/x.pretty",
    });
    const leaking = new Map([["LIBS", `\${SECRET}`]]);
    expect(expand(`\${LIBS}/x`, { textVariables: leaking })).toMatchObject({
      ok: false,
      kind: "path-variable",
    });
    const looping = new Map([
      ["A", `\${B}`],
      ["B", `\${A}`],
    ]);
    expect(expand(`\${A}`, { textVariables: looping })).toMatchObject({
      ok: false,
      kind: "path-invalid",
    });
  });

  it("refuses any other name, set or unset, escaped or not, and never shows its value", () => {
    for (const text of [
      `\${SECRET}/x`,
      "$(SECRET)",
      "$SECRET",
      `\\\${SECRET}`,
      `\${UNSET}`,
      `\${secret}`,
      `a\${SECRET}b`,
      `\${SECRET`,
    ]) {
      const result = expand(text);
      expect(result.ok, text).toBe(false);
      if (!result.ok) expect(result.detail).not.toContain("s3cr3t");
    }
  });

  it("lets an operator allow a name through COPPERHEAD_PATH_VARIABLES (the environment, not the repo)", () => {
    const env = { [PATH_VARIABLES_VARIABLE]: "MYLIBS", MYLIBS: "/opt/libs" };
    expect(expand(`\${MYLIBS}/x`, { env })).toEqual({ ok: true, text: "/opt/libs/x" });
    expect(expand(`\${MYLIBS}/x`, { env: { [PATH_VARIABLES_VARIABLE]: "MYLIBS" } })).toEqual({
      ok: true,
      text: `\${MYLIBS}/x`,
    });
  });

  it("leaves a `$` that starts no name as written", () => {
    expect(expand("a$/b$")).toEqual({ ok: true, text: "a$/b$" });
    expect(expand(`\${}`)).toEqual({ ok: true, text: `\${}` });
  });

  it("tells text that names a variable from text that does not", () => {
    expect(hasVariables(`\${A}`)).toBe(true);
    expect(hasVariables("$(A)")).toBe(true);
    expect(hasVariables("$A/x")).toBe(true);
    expect(hasVariables("/usr/share/kicad")).toBe(false);
    expect(hasVariables("cost $ 5")).toBe(false);
  });
});
