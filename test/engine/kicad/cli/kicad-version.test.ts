import { describe, expect, it } from "vitest";
import { KicadVersionError } from "../../../../engine/kicad/cli/errors.js";
import {
  parseKicadVersion,
  requireSupportedVersion,
} from "../../../../engine/kicad/cli/kicad-version.js";

describe("kicad-cli version", () => {
  it("reads what `kicad-cli version` prints", () => {
    expect(parseKicadVersion("9.0.8\n")).toEqual({ text: "9.0.8", major: 9, minor: 0, patch: 8 });
    expect(parseKicadVersion("10.0")).toEqual({ text: "10.0", major: 10, minor: 0, patch: 0 });
    expect(parseKicadVersion("no idea")).toBeUndefined();
  });

  it("accepts 9 and newer, refuses older or unreadable output", () => {
    expect(requireSupportedVersion("9.0.8", "/bin/kicad-cli").major).toBe(9);
    expect(requireSupportedVersion("10.1.0", "/bin/kicad-cli").major).toBe(10);
    expect(() => requireSupportedVersion("8.0.4", "/bin/kicad-cli")).toThrow(KicadVersionError);
    expect(() => requireSupportedVersion("", "/bin/kicad-cli")).toThrow(
      expect.objectContaining({ fix: expect.stringMatching(/install-kicad\.sh/) }),
    );
  });
});
