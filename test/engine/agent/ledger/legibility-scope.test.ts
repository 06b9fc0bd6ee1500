import { describe, expect, it } from "vitest";
import { legibilityGated } from "../../../../engine/agent/ledger/legibility-scope.js";
import { createRedactor } from "../../../../engine/agent/redact.js";

describe("legibility scope", () => {
  it("gates create-origin repos on stamped or absent sheets only", () => {
    expect(legibilityGated("create", { present: false })).toBe(true);
    expect(legibilityGated("create", { present: true, engineAuthored: true })).toBe(true);
    expect(legibilityGated("create", { present: true, engineAuthored: false })).toBe(false);
    expect(legibilityGated("init", { present: false })).toBe(false);
  });
});

describe("redactor", () => {
  it("redacts secret env values, token shapes and PEM keys, and leaves short values alone", () => {
    const r = createRedactor({
      DB_PASSWORD: "correct-horse",
      DEBUG_KEY: "1",
      PATH: "/usr/bin:/bin",
    });
    const pem = "-----BEGIN RSA PRIVATE KEY-----\nMIIE\n-----END RSA PRIVATE KEY-----";
    const out = r.redact(
      `pw=correct-horse gh=ghs_${"a".repeat(30)} ${pem} mode=1 path=/usr/bin:/bin`,
    );
    expect(out).toBe("pw=[REDACTED] gh=[REDACTED] [REDACTED] mode=1 path=/usr/bin:/bin");
    expect(r.containsSecret("nothing here")).toBe(false);
    expect(r.containsSecret("github_pat_0123456789abcdefghij_x")).toBe(true);
  });
});
