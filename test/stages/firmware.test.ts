import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { macroName, pinsHeader } from "../../engine/firmware/pins-header.js";
import { firmwareGate, preparePinsHeader } from "../../stages/firmware/gate.js";
import { firmwareChecks } from "../../stages/firmware/stage.js";
import { draftedRepo, ledRepo, runGate, useStageRepos, write } from "./stage-repos.js";

useStageRepos();

const MAIN_C = '#include "pins.h"\n\nint main(void) {\n  for (;;) {\n  }\n}\n';

describe("firmware gate on a design with an MCU (ATtiny85 board, drafted)", () => {
  let repo: string;
  beforeAll(async () => {
    repo = await draftedRepo("mcu-opamp-board");
  });

  it("fails the empty firmware folder: no pins.h, no sources", async () => {
    const { passes, evidence } = await runGate(firmwareGate, repo);
    expect(passes).toBe(false);
    expect(evidence.map((e) => [e.check, e.ok])).toEqual([
      ["pins-header", false],
      ["firmware-sources", false],
    ]);
    expect(evidence[0]!.detail).toMatch(
      /firmware\/pins\.h is missing \(programmable: U2 \(ki_keywords "Microcontroller"\)\)/,
    );
  });

  it("passes with pins.h regenerated from PINOUT.md and a source beside it", async () => {
    await preparePinsHeader({ repo });
    const header = await readFile(join(repo, "firmware/pins.h"), "utf8");
    expect(header).toContain("/* U2: ");
    expect(header).toMatch(/#define PIN_\w+ \d+ \/\* U2 pin \d+ \([^)]*PB\d\), net /);
    expect(header).not.toMatch(/PIN_GND|PIN_\+3V3|VCC/);
    await write(repo, "firmware/src/main.c", MAIN_C);
    const { passes, byCheck } = await runGate(firmwareGate, repo);
    expect(passes).toBe(true);
    expect(byCheck.get("pins-header")?.detail).toMatch(
      /matches docs\/PINOUT\.md: [1-9]\d* pin\(s\) of U2/,
    );
    // The same pinout always generates the same bytes.
    await preparePinsHeader({ repo });
    expect(await readFile(join(repo, "firmware/pins.h"), "utf8")).toBe(header);
  });

  it("fails after an edit to PINOUT.md until pins.h is regenerated", async () => {
    const pinout = join(repo, "docs/PINOUT.md");
    const text = await readFile(pinout, "utf8");
    const row = text.split("\n").find((l) => /^\| U2 \| \d+ \| [^|]*PB\d \| (?!NC)/.test(l))!;
    const [, ref, pin, name] = row.split("|").map((c) => c.trim());
    await writeFile(pinout, text.replace(row, `| ${ref} | ${pin} | ${name} | STATUS_LED |  |`));
    const stale = await runGate(firmwareGate, repo);
    expect(stale.byCheck.get("pins-header")).toMatchObject({ ok: false });
    expect(stale.byCheck.get("pins-header")?.detail).toMatch(
      /is not what docs\/PINOUT\.md generates/,
    );
    // A hand edit to pins.h does not help either: only regeneration does.
    await writeFile(
      join(repo, "firmware/pins.h"),
      `${await readFile(join(repo, "firmware/pins.h"), "utf8")}#define PIN_STATUS_LED ${pin}\n`,
    );
    expect((await runGate(firmwareGate, repo)).passes).toBe(false);
    await preparePinsHeader({ repo });
    const fixed = await runGate(firmwareGate, repo);
    expect(fixed.passes).toBe(true);
    expect(await readFile(join(repo, "firmware/pins.h"), "utf8")).toContain(
      `#define PIN_STATUS_LED ${pin} `,
    );
  });
});

describe("firmware gate on a design without an MCU (LED example)", () => {
  it("fails without a recorded verdict and passes with one that gives the reason", async () => {
    const repo = await ledRepo();
    const none = await runGate(firmwareGate, repo);
    expect(none.evidence).toEqual([
      {
        check: "no-firmware-verdict",
        ok: false,
        detail:
          'the schematic has no programmable part; record that in firmware/README.md ("no programmable part", and why)',
      },
    ]);
    await write(repo, "firmware/README.md", "# Firmware\n\nVerdict: no programmable part.\n");
    expect((await runGate(firmwareGate, repo)).evidence[0]?.detail).toMatch(/without a reason/);
    await write(
      repo,
      "firmware/README.md",
      "# Firmware\n\nVerdict: no programmable part — the board is a resistor and an LED on a header.\n",
    );
    const { passes, evidence } = await runGate(firmwareGate, repo);
    expect(passes).toBe(true);
    expect(evidence.map((e) => e.check)).toEqual(["no-firmware-verdict"]);
    for (const e of evidence) expect(firmwareChecks).toContain(e.check);
  });
});

describe("pins.h generator", () => {
  const pinout = [
    "# Pinout",
    "",
    "## U1 — STM32G031",
    "",
    "| Pin | Name | Net |",
    "|---|---|---|",
    "| 1 | VDD | +3V3 |",
    "| 2 | PA0 | /SENSE_IN |",
    "| 3 | PA1 | Net-(U1-PA1) |",
    "| 4 | PA2 | NC |",
    "| 5 | VSS | GND |",
    "| 6 | PA3 | LED |",
    "| 7 | PA4 | LED |",
    "",
    "| Refdes | Pin | Name | Net |",
    "|---|---|---|---|",
    "| J1 | 1 | Pin_1 | LED |",
    "| U2 | A1 | GPIO0 | 3V3_EN |",
    "",
  ].join("\n");

  it("names each signal pin for its net, skips supply and unconnected pins, tells pins of one net apart", () => {
    const { text, pins } = pinsHeader(pinout, ["U1"]);
    expect(pins).toBe(4);
    expect(text).toContain(
      '#define PIN_SENSE_IN 2 /* U1 pin 2 (PA0), net /SENSE_IN */\n#define PIN_SENSE_IN_NAME "PA0"\n',
    );
    expect(text).toContain("#define PIN_NET_U1_PA1 3 ");
    expect(text).toContain("#define PIN_LED 6 ");
    expect(text).toContain("#define PIN_LED_7 7 ");
    expect(text).not.toMatch(/VDD|VSS|PA2/);
    expect(text.startsWith("/*\n * pins.h: generated by copperhead from docs/PINOUT.md.")).toBe(
      true,
    );
    expect(text.endsWith("#endif /* COPPERHEAD_PINS_H */\n")).toBe(true);
  });

  it("prefixes with the reference when there are several programmable parts; a ball is a string", () => {
    const { text } = pinsHeader(pinout, ["U2", "U1"]);
    expect(text.indexOf("/* U1:")).toBeLessThan(text.indexOf("/* U2:"));
    expect(text).toContain('#define U2_PIN_N3V3_EN "A1" /* U2 pin A1 (GPIO0), net 3V3_EN */');
    expect(text).toContain("#define U1_PIN_LED 6 ");
    expect(macroName("~{RESET}")).toBe("RESET");
  });
});
