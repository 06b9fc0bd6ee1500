import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import { installInterrupt, interruptOf } from "../../../engine/cli/interrupt.js";
import { InterruptedError } from "../../../engine/errors.js";

function harness() {
  const source = new EventEmitter();
  const notices: string[] = [];
  const exits: number[] = [];
  const interrupt = installInterrupt({
    source,
    notify: (line) => notices.push(line),
    exit: (code) => exits.push(code),
  });
  return { source, notices, exits, interrupt };
}

describe("installInterrupt", () => {
  it("aborts the signal on the first SIGINT with an InterruptedError (exit 130)", () => {
    const { source, notices, exits, interrupt } = harness();
    expect(interrupt.signal.aborted).toBe(false);
    source.emit("SIGINT");
    expect(interrupt.signal.aborted).toBe(true);
    expect(interrupt.signal.reason).toBeInstanceOf(InterruptedError);
    expect(interruptOf(interrupt.signal)?.exitCode).toBe(130);
    expect(notices).toEqual([
      "copperhead: SIGINT received — cleaning up and stopping (send it again to stop at once)\n",
    ]);
    expect(exits).toEqual([]);
  });

  it("exits at once on a second signal, with that signal's code", () => {
    const { source, exits, interrupt } = harness();
    source.emit("SIGTERM");
    expect(interruptOf(interrupt.signal)?.signalName).toBe("SIGTERM");
    source.emit("SIGINT");
    expect(exits).toEqual([130]);
    source.emit("SIGTERM");
    expect(exits).toEqual([130, 143]);
  });

  it("stops listening when disposed; interruptOf ignores other abort reasons", () => {
    const { source, interrupt } = harness();
    interrupt.dispose();
    expect(source.listenerCount("SIGINT") + source.listenerCount("SIGTERM")).toBe(0);
    source.emit("SIGINT");
    expect(interrupt.signal.aborted).toBe(false);
    expect(interruptOf(undefined)).toBeUndefined();
    expect(interruptOf(AbortSignal.abort(new Error("other")))).toBeUndefined();
  });
});
