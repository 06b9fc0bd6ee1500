import { describe, expect, it } from "vitest";
import { commands, findCommand } from "../../../engine/cli/registry.js";
import { runCli } from "../../../engine/cli/run-cli.js";
import { captureIo } from "../../helpers/capture-io.js";

describe("the command registry (lazy rows)", () => {
  it("names each command once, and each row's name and summary are its loaded Command's", async () => {
    const names = commands.map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
    for (const entry of commands) {
      const command = await entry.load();
      expect({ name: command.name, summary: command.summary }).toEqual({
        name: entry.name,
        summary: entry.summary,
      });
      expect(findCommand(entry.name)).toBe(entry);
    }
    expect(findCommand("frobnicate")).toBeUndefined();
  });

  it("help lists every row, and a command's --help prints its loaded usage", async () => {
    const io = captureIo("/");
    expect(await runCli(["help"], io)).toBe(0);
    for (const entry of commands) expect(io.out()).toContain(`  ${entry.name}`);
    for (const entry of commands) {
      const command = await entry.load();
      const each = captureIo("/");
      expect(await runCli([entry.name, "--help"], each)).toBe(0);
      expect(each.out()).toBe(`${command.usage}\n`);
      expect(each.err()).toBe("");
    }
  });
});
