import { readFile, writeFile } from "node:fs/promises";
import { describe, it } from "vitest";
import { ercOutputSchema } from "../../../../engine/cli/commands/erc.js";
import { runCli } from "../../../../engine/cli/run-cli.js";
import { captureIo } from "../../../helpers/capture-io.js";
import { copyFixtureProject, REPO_ROOT } from "../../../helpers/fixture-project.js";

const open = "test/fixtures/kicad/led-variants/led_open.kicad_sch";

describe.concurrent("copperhead erc", () => {
  it("exits 0 and says so for the clean LED example", async ({ expect }) => {
    const io = captureIo(REPO_ROOT);
    expect(await runCli(["erc", "examples/led/led.kicad_sch"], io)).toBe(0);
    expect(io.out()).toBe("examples/led/led.kicad_sch: ERC clean (0 errors, 0 warnings)\n");
    expect(io.err()).toBe("");
  });

  it("exits 1 and prints numbered violations with sheet, position and items", async ({
    expect,
  }) => {
    const io = captureIo(REPO_ROOT);
    expect(await runCli(["erc", open], io)).toBe(1);
    const text = io.out();
    expect(text).toContain(`${open}: ERC found 2 errors, 0 warnings`);
    expect(text).toContain("  1. error pin_not_connected — Pin not connected\n");
    expect(text).toContain("  2. error pin_not_connected — Pin not connected\n");
    expect(text).toContain("sheet /, at (85.09, 76.2) mm");
    expect(text).toContain("· Symbol R1 Pin 2 [Passive, Line] (85.09, 76.2)");
  });

  it("prints one JSON document described by ercOutputSchema with --json", async ({ expect }) => {
    const io = captureIo(`${REPO_ROOT}/test`);
    expect(await runCli(["erc", "--json", `../${open}`], io)).toBe(1);
    const output = ercOutputSchema.parse(JSON.parse(io.out()));
    expect(output).toMatchObject({
      schema: 1,
      command: "erc",
      // Paths are relative to the working directory, normalised.
      file: open.replace(/^test\//, ""),
      root: open.replace(/^test\//, ""),
      sheets: ["/"],
      clean: false,
      counts: { errors: 2, warnings: 0, excluded: 0 },
    });
    expect(output.violations.map((v) => v.items[0]?.pos)).toEqual(
      expect.arrayContaining([
        { x: 85.09, y: 76.2 },
        { x: 97.79, y: 76.2 },
      ]),
    );
  });

  it("does not count excluded violations against the file", async ({ expect }) => {
    const io = captureIo(REPO_ROOT);
    const code = await runCli(
      ["erc", "--json", "test/fixtures/kicad/led-variants/led_excluded.kicad_sch"],
      io,
    );
    expect(code).toBe(1);
    expect(ercOutputSchema.parse(JSON.parse(io.out())).counts).toEqual({
      errors: 1,
      warnings: 0,
      excluded: 1,
    });
  });

  it("exits 2 with a message saying what to do for an unloadable file", async ({ expect }) => {
    const io = captureIo(REPO_ROOT);
    expect(await runCli(["erc", "test/fixtures/kicad/led-variants/bom.kicad_sch"], io)).toBe(2);
    expect(io.out()).toBe("");
    expect(io.err()).toMatch(
      /^copperhead erc: kicad-cli could not load bom\.kicad_sch \(rc 3\): \S*bom\.kicad_sch:1:1: found a UTF-8 byte order mark.* — save the file as UTF-8 without a byte order mark/,
    );
  });

  it("exits 2 on bad usage", async ({ expect }) => {
    for (const args of [
      ["erc"],
      ["erc", "--frobnicate", open],
      ["erc", open, "extra"],
      ["erc", "examples/led/led.kicad_pcb"],
    ]) {
      const io = captureIo(REPO_ROOT);
      expect(await runCli(args, io), args.join(" ")).toBe(2);
      expect(io.err(), args.join(" ")).toMatch(/^copperhead erc: .+ — /);
    }
  });

  it("exits 2 when kicad-cli cannot be found", async ({ expect }) => {
    const io = captureIo(REPO_ROOT, {
      ...process.env,
      COPPERHEAD_KICAD_CLI: "/nonexistent/kicad-cli",
    });
    expect(await runCli(["erc", open], io)).toBe(2);
    expect(io.err()).toContain("COPPERHEAD_KICAD_CLI is set to /nonexistent/kicad-cli");
  });
});

describe("copperhead erc annotation", () => {
  it("adds copperhead's duplicate-reference finding that kicad-cli's ERC does not report", async ({
    expect,
  }) => {
    const project = await copyFixtureProject();
    try {
      const sheet = project.path("led.kicad_sch");
      const text = await readFile(sheet, "utf8");
      // D1 renamed to R1: kicad-cli's ERC stays silent and its netlist would merge the two parts.
      await writeFile(
        sheet,
        text
          .replace('(property "Reference" "D1"', '(property "Reference" "R1"')
          .replace('(reference "D1")', '(reference "R1")'),
      );
      const io = captureIo(project.dir);
      expect(await runCli(["erc", "--json", "led.kicad_sch"], io)).toBe(1);
      const output = ercOutputSchema.parse(JSON.parse(io.out()));
      const ours = output.violations.filter((v) => v.source === "copperhead");
      expect(ours).toHaveLength(1);
      expect(ours[0]).toMatchObject({ type: "duplicate_reference", severity: "error", sheet: "/" });
      expect(ours[0]!.items.map((i) => i.description)).toEqual([
        expect.stringContaining("Symbol R1 [330]"),
        expect.stringContaining("Symbol R1 [LED]"),
      ]);
    } finally {
      await project.remove();
    }
  });
});
