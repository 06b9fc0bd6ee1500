import { writeFileSync } from "node:fs";
import { afterAll, describe, expect, test } from "vitest";
import { AppEnvError, readAppEnv } from "../../app/env.js";
import { describeError } from "../../engine/errors.js";
import { makeTempDir } from "../helpers/temp-dir.js";
import { TEST_PRIVATE_KEY } from "./harness.js";

const tmp = await makeTempDir("copperhead-env-");
afterAll(() => tmp.remove());
const SECRET = "s3cr3t-webhook-value";

describe("the App's environment", () => {
  test("a complete environment is read (key inline, with literal \\n, or from a file)", () => {
    expect(
      readAppEnv({ APP_ID: "123", PRIVATE_KEY: TEST_PRIVATE_KEY, WEBHOOK_SECRET: SECRET }),
    ).toMatchObject({ appId: 123, keyFrom: "PRIVATE_KEY", port: 3000 });
    const escaped = TEST_PRIVATE_KEY.replace(/\n/g, "\\n");
    expect(
      readAppEnv({
        APP_ID: "123",
        PRIVATE_KEY: escaped,
        WEBHOOK_SECRET: SECRET,
        PORT: "8080",
      }).privateKey.trim(),
    ).toBe(TEST_PRIVATE_KEY.trim());
    const b64 = Buffer.from(TEST_PRIVATE_KEY).toString("base64");
    expect(
      readAppEnv({ APP_ID: "1", PRIVATE_KEY: b64, WEBHOOK_SECRET: SECRET }).privateKey.trim(),
    ).toBe(TEST_PRIVATE_KEY.trim());
    const path = tmp.path("app.pem");
    writeFileSync(path, TEST_PRIVATE_KEY);
    expect(
      readAppEnv({ APP_ID: "1", PRIVATE_KEY_PATH: path, WEBHOOK_SECRET: SECRET }),
    ).toMatchObject({ keyFrom: "PRIVATE_KEY_PATH" });
  });

  test("an empty environment names every missing variable and how to fix it", () => {
    let error: unknown;
    try {
      readAppEnv({});
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(AppEnvError);
    const message = describeError(error);
    expect(message).toContain("APP_ID is missing");
    expect(message).toContain("WEBHOOK_SECRET is missing");
    expect(message).toContain("PRIVATE_KEY or PRIVATE_KEY_PATH is missing");
    expect(message).toContain("npm run setup");
  });

  test.each([
    [{ APP_ID: "abc" }, "APP_ID must be the App's numeric id"],
    [{ PRIVATE_KEY: "not a key" }, "PRIVATE_KEY is not a PEM private key"],
    [
      { PRIVATE_KEY: "-----BEGIN RSA PRIVATE KEY-----\nAAAA\n-----END RSA PRIVATE KEY-----" },
      "does not parse as a private key",
    ],
    [
      { PRIVATE_KEY: undefined, PRIVATE_KEY_PATH: "/nonexistent/app.pem" },
      "cannot be read (ENOENT)",
    ],
    [{ WEBHOOK_SECRET: "development" }, "Probot's built-in development secret"],
    [{ PORT: "99999" }, "PORT must be 1–65535"],
    [{ WEBHOOK_PROXY_URL: "smee" }, "WEBHOOK_PROXY_URL must be a URL"],
  ])("%j is refused with its reason, and no secret is echoed", (over, reason) => {
    const env = { APP_ID: "1", PRIVATE_KEY: TEST_PRIVATE_KEY, WEBHOOK_SECRET: SECRET, ...over };
    expect(() => readAppEnv(env)).toThrow(reason);
    try {
      readAppEnv(env);
    } catch (e) {
      expect((e as Error).message).not.toContain(SECRET);
      expect((e as Error).message).not.toContain("MII");
    }
  });
});
