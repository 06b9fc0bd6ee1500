import { describe, expect, it } from "vitest";
import { createRedactor, REDACTED } from "../../../engine/agent/redact.js";
import { createRedactingWriter } from "../../../engine/cli/redacting-io.js";

const SECRET = "sk-ant-api03-abcdefghijklmnop";

function capture() {
  const chunks: string[] = [];
  const writer = createRedactingWriter(
    (text) => chunks.push(text),
    createRedactor({ K_TOKEN: "plantedtoken99" }),
  );
  return { writer, out: () => chunks.join(""), chunks };
}

describe("createRedactingWriter", () => {
  it("redacts a secret split across writes: lines are released whole", () => {
    const { writer, out, chunks } = capture();
    writer.write("error: key sk-ant-api0");
    expect(chunks).toEqual([]);
    writer.write("3-abcdefghijklmnop in use\nnext plantedtok");
    writer.write(Buffer.from("en99 line\n"));
    expect(out()).toBe(`error: key ${REDACTED} in use\nnext ${REDACTED} line\n`);
    expect(out()).not.toContain(SECRET);
  });

  it("holds a private key block until it ends, and flushes a last line without a newline", () => {
    const { writer, out } = capture();
    writer.write("a\n-----BEGIN PRIVATE KEY-----\n");
    writer.write("MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7\n");
    expect(out()).toBe("a\n");
    writer.write("-----END PRIVATE KEY-----\ntail without newline");
    expect(out()).toBe(`a\n${REDACTED}\n`);
    writer.flush();
    expect(out()).toBe(`a\n${REDACTED}\ntail without newline`);
  });

  it("never lets a key that does not end through, even at flush", () => {
    const { writer, out } = capture();
    writer.write(
      "-----BEGIN EC PRIVATE KEY-----\nMHcCAQEEIIrYSSNQFaA2Hwf1duRSxKtLYX5CB04fSeQ6tF1aY/PuoAoGCCqGSM49\n",
    );
    writer.flush();
    expect(out()).toBe(REDACTED);
  });
});

describe("createRedactingWriter: GitHub's add-mask command", () => {
  it("passes ::add-mask:: lines as written only when asked (GitHub Actions), redacting the rest", () => {
    const redactor = createRedactor({ K_TOKEN: "plantedtoken99" });
    const text = "a plantedtoken99\n::add-mask::plantedtoken99\nb plantedtoken99\n";
    for (const [maskCommands, mask] of [
      [true, "::add-mask::plantedtoken99\n"],
      [false, `::add-mask::${REDACTED}\n`],
    ] as const) {
      const chunks: string[] = [];
      const writer = createRedactingWriter((t) => chunks.push(t), redactor, { maskCommands });
      writer.write(text);
      expect(chunks.join("")).toBe(`a ${REDACTED}\n${mask}b ${REDACTED}\n`);
    }
  });
});
