import { describe, expect, it } from "vitest";
import {
  createRedactor,
  KNOWN_SECRET_VARIABLES,
  REDACTED,
  redactJson,
  redactText,
} from "../../../engine/agent/redact.js";

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

const PEM = [
  "-----BEGIN RSA PRIVATE KEY-----",
  "MIIEowIBAAKCAQEAu1SU1LfVLPHCozMxH2Mo4lgOEePzNm0tRgeLezV6ffAt0gun",
  "VTLw7onLRnrq0/IzW7yWR7QkrmBL7jTKEn5u+qKhbwKfBstIs+bMY2Zkp18gnTxK",
  "-----END RSA PRIVATE KEY-----",
].join("\n");

describe("the redactor", () => {
  it("replaces the values of secret-looking variables, never short or harmless ones", () => {
    const env = {
      ANTHROPIC_API_KEY: "sk-ant-api03-abcdefghijklmnop",
      MY_PASSWORD: "correct horse battery",
      DB_PASSWD: "hunter2hunter2",
      SIGNING_PRIVATE: "0123456789abcdef",
      SHORT_TOKEN: "abc",
      HOME: "/home/someone",
    };
    const text = `key ${env.ANTHROPIC_API_KEY} pw ${env.MY_PASSWORD} db ${env.DB_PASSWD} sig ${env.SIGNING_PRIVATE} abc home /home/someone`;
    expect(redactText(text, env)).toBe(
      `key ${REDACTED} pw ${REDACTED} db ${REDACTED} sig ${REDACTED} abc home /home/someone`,
    );
  });

  it("names copperhead's own secrets, and the name pattern covers each of them", () => {
    for (const name of KNOWN_SECRET_VARIABLES) {
      expect(redactText(`x ${"v".repeat(12)}9 y`, { [name]: `${"v".repeat(12)}9` }), name).toBe(
        `x ${REDACTED} y`,
      );
    }
  });

  it("replaces token shapes whoever's they are", () => {
    const tokens = [
      `ghs_${"a1".repeat(18)}`,
      `ghp_${"B2".repeat(18)}`,
      `gho_${"c3".repeat(18)}`,
      `ghu_${"d4".repeat(18)}`,
      `ghr_${"e5".repeat(18)}`,
      `github_pat_${"f6".repeat(20)}`,
      "sk-ant-api03-Zx9_Zx9-Zx9Zx9Zx9",
      `npm_${"g7".repeat(18)}`,
      "AKIAIOSFODNN7EXAMPLE",
    ];
    for (const token of tokens)
      expect(redactText(`see ${token}.`, {}), token).toBe(`see ${REDACTED}.`);
  });

  it("replaces a PEM private key whole, also when a message cut it short", () => {
    expect(redactText(`before\n${PEM}\nafter`, {})).toBe(`before\n${REDACTED}\nafter`);
    const cut = PEM.split("\n").slice(0, 2).join("\n");
    expect(redactText(`log: ${cut}`, {})).toBe(`log: ${REDACTED}`);
    expect(redactText("-----BEGIN PUBLIC KEY-----", {})).toBe("-----BEGIN PUBLIC KEY-----");
  });

  it("catches one line of a multi-line secret, and its JSON-escaped form", () => {
    const env = { COPPERHEAD_APP_PRIVATE_KEY: PEM };
    const line = PEM.split("\n")[1] as string;
    expect(redactText(`stray ${line}`, env)).toBe(`stray ${REDACTED}`);
    expect(redactText(JSON.stringify({ key: PEM }), env)).toBe(`{"key":"${REDACTED}"}`);
  });

  it("keeps the scheme of an Authorization header or a URL and drops the credential", () => {
    expect(redactText("AUTHORIZATION: basic eC1hY2Nlc3MtdG9rZW46Z2hz", {})).toBe(
      `AUTHORIZATION: basic ${REDACTED}`,
    );
    expect(redactText("https://x-access-token:abcd1234@github.com/o/r", {})).toBe(
      `https://x-access-token:${REDACTED}@github.com/o/r`,
    );
  });

  it("redacts every string of a JSON value, keys included, and keeps its shape", () => {
    const env = { GITHUB_TOKEN: "ghs_secretsecretsecretsecret1234" };
    const outcome = {
      schema: 1,
      ok: false,
      evidence: [{ check: "erc", ok: false, detail: `token ${env.GITHUB_TOKEN}` }],
      [env.GITHUB_TOKEN]: null,
      cost: { tokensIn: 10 },
    };
    expect(redactJson(outcome, env)).toEqual({
      schema: 1,
      ok: false,
      evidence: [{ check: "erc", ok: false, detail: `token ${REDACTED}` }],
      [REDACTED]: null,
      cost: { tokensIn: 10 },
    });
    expect(outcome.evidence[0]?.detail).toContain(env.GITHUB_TOKEN);
  });

  it("follows the environment as it changes (a token minted during a run)", () => {
    const env: NodeJS.ProcessEnv = {};
    expect(redactText("value mintedtoken123", env)).toBe("value mintedtoken123");
    env.INSTALLATION_TOKEN = "mintedtoken123";
    expect(redactText("value mintedtoken123", env)).toBe(`value ${REDACTED}`);
  });

  it("says whether text carries a secret (the response cache refuses to keep it)", () => {
    const redactor = createRedactor({ API_KEY: "abcdefgh1234" });
    expect(redactor.containsSecret("nothing here")).toBe(false);
    expect(redactor.containsSecret("x abcdefgh1234")).toBe(true);
    expect(redactor.containsSecret(`x ghs_${"z".repeat(30)}`)).toBe(true);
    // Repeated calls do not carry regex state over.
    expect(redactor.containsSecret("x abcdefgh1234")).toBe(true);
  });
});
