import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import {
  installInterrupt,
  interruption,
  type SignalSource,
} from "../../../engine/cli/interrupt.js";
import { InterruptedError } from "../../../engine/errors.js";

/** A process stand-in: signals are emitted by the test, exits are recorded instead of taken. */
function fakeProcess() {
  const emitter = new EventEmitter();
  const exits: number[] = [];
  const source: SignalSource = {
    on: (event, listener) => emitter.on(event, listener),
    exit: ((code: number) => {
      exits.push(code);
    }) as SignalSource["exit"],
  };
  return { source, exits, send: (signal: string) => emitter.emit(signal) };
}

describe("installInterrupt", () => {
  it("with a command listening, SIGTERM aborts the signal with an InterruptedError (143) and does not exit", () => {
    const { source, exits, send } = fakeProcess();
    const signal = installInterrupt(source);
    signal.addEventListener("abort", () => undefined);
    send("SIGTERM");
    expect(signal.aborted).toBe(true);
    expect(signal.reason).toBeInstanceOf(InterruptedError);
    expect(interruption(signal)).toMatchObject({ signalName: "SIGTERM", exitCode: 143 });
    expect(exits).toEqual([]);
  });

  it("a second signal exits at once with its own code", () => {
    const { source, exits, send } = fakeProcess();
    const signal = installInterrupt(source);
    signal.addEventListener("abort", () => undefined);
    send("SIGINT");
    expect(interruption(signal)?.exitCode).toBe(130);
    send("SIGTERM");
    expect(exits).toEqual([143]);
  });

  it("with nothing listening (a command with no work to set aside), the first signal exits 130", () => {
    const { source, exits, send } = fakeProcess();
    const signal = installInterrupt(source);
    send("SIGINT");
    expect(exits).toEqual([130]);
    expect(signal.aborted).toBe(false);
    expect(interruption(signal)).toBeUndefined();
  });
});
