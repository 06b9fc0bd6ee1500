import { describe, expect, it } from "vitest";
import { createRedactor, REDACTED } from "../../../engine/agent/redact.js";

// Planted secrets of every source the redactor knows, and look-alikes it must leave alone.
describe("createRedactor: secrets from the environment", () => {
  it("redacts the value of every variable whose name says KEY, TOKEN, SECRET or PASSWORD, in any case", () => {
    const env = {
      ANTHROPIC_API_KEY: "value-of-the-key-1",
      github_token: "value-of-the-token-2",
      MySecretThing: "value-of-the-secret-3",
      DB_PASSWORD: "value-of-the-password-4",
    };
    const r = createRedactor(env);
    const text = Object.values(env).join(" | ");
    expect(r.redact(text)).toBe([REDACTED, REDACTED, REDACTED, REDACTED].join(" | "));
    for (const value of Object.values(env))
      expect(r.containsSecret(`x ${value} y`), value).toBe(true);
  });

  it("leaves values of other names, short values (under 8 characters) and unset variables alone", () => {
    const r = createRedactor({
      HOME: "/home/someone-long",
      API_KEY: "1234567",
      OTHER_KEY: undefined,
      EIGHT_KEY: "12345678",
    });
    expect(r.redact("/home/someone-long 1234567 true")).toBe("/home/someone-long 1234567 true");
    expect(r.containsSecret("/home/someone-long 1234567")).toBe(false);
    expect(r.redact("id 12345678.")).toBe(`id ${REDACTED}.`);
  });

  it("redacts every occurrence, the JSON-escaped form too, and a secret containing another as one", () => {
    const inner = 'abc"def\\ghi';
    const outer = `${inner}-and-more`;
    const r = createRedactor({ A_TOKEN: inner, B_TOKEN: outer });
    expect(r.redact(`${inner} then ${inner}`)).toBe(`${REDACTED} then ${REDACTED}`);
    expect(r.redact(JSON.stringify({ v: inner }))).toBe(`{"v":"${REDACTED}"}`);
    expect(r.redact(outer)).toBe(REDACTED);
    expect(r.containsSecret(JSON.stringify(inner))).toBe(true);
  });

  it("treats regex characters in a secret literally", () => {
    const r = createRedactor({ WEIRD_SECRET: "a.b*c+d?(e)[f]{g}|h^$" });
    expect(r.redact("xa.b*c+d?(e)[f]{g}|h^$x")).toBe(`x${REDACTED}x`);
    expect(r.redact("aXbbbcdde")).toBe("aXbbbcdde");
  });
});

describe("createRedactor: token shapes, wherever they appear", () => {
  const r = createRedactor({});
  const cases = {
    anthropic: "sk-ant-api03-abcdEFGH_ij-kl",
    classic: `ghp_${"a1".repeat(10)}`,
    server: `ghs_${"B2".repeat(10)}`,
    fine: `github_pat_${"c_3".repeat(7)}`,
    pem: "-----BEGIN RSA PRIVATE KEY-----\nMIIEow\nabc\n-----END RSA PRIVATE KEY-----",
    pemPlain: "-----BEGIN PRIVATE KEY-----\nxyz\n-----END PRIVATE KEY-----",
  };

  it("redacts each shape in running text and reports it as a secret", () => {
    for (const [name, secret] of Object.entries(cases)) {
      expect(r.redact(`before ${secret} after`), name).toBe(`before ${REDACTED} after`);
      expect(r.containsSecret(`before ${secret} after`), name).toBe(true);
    }
    expect(Object.keys(cases)).toHaveLength(6);
  });

  it("leaves too-short look-alikes and plain text alone", () => {
    const plain = [
      "sk-ant-short",
      `ghp_${"a".repeat(19)}`,
      `ghs_${"a".repeat(19)}`,
      `github_pat_${"a".repeat(19)}`,
      "-----BEGIN PUBLIC KEY-----",
    ];
    for (const text of plain) {
      expect(r.redact(text), text).toBe(text);
      expect(r.containsSecret(text), text).toBe(false);
    }
  });

  it("answers containsSecret the same on every call (no regex state carried between calls)", () => {
    const text = `x ${cases.classic}`;
    expect([1, 2, 3].map(() => r.containsSecret(text))).toEqual([true, true, true]);
    const withEnv = createRedactor({ X_TOKEN: "planted-secret" });
    expect([1, 2, 3].map(() => withEnv.containsSecret("a planted-secret"))).toEqual([
      true,
      true,
      true,
    ]);
    expect(withEnv.containsSecret("nothing here")).toBe(false);
  });

  it("redacts env values and token shapes in the same text", () => {
    const both = createRedactor({ MY_TOKEN: "planted-secret" });
    expect(both.redact(`planted-secret ${cases.anthropic}`)).toBe(`${REDACTED} ${REDACTED}`);
  });
});
