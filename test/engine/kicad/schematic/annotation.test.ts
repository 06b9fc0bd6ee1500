import { mkdir, writeFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { checkAnnotation } from "../../../../engine/kicad/schematic/annotation.js";
import { loadSchematicHierarchy } from "../../../../engine/kicad/schematic/hierarchy.js";
import { violationSchema } from "../../../../engine/kicad/violation.js";
import { makeTempDir, type TempDir } from "../../../helpers/temp-dir.js";
import { ROOT_UUID, sheetText } from "./helpers/build-sheet.js";

let dir: TempDir;
beforeAll(async () => {
  dir = await makeTempDir("copperhead-annotation-");
});
afterAll(() => dir?.remove());

async function check(name: string, files: Record<string, string>) {
  await mkdir(dir.path(name));
  for (const [file, text] of Object.entries(files)) await writeFile(dir.path(name, file), text);
  return checkAnnotation(await loadSchematicHierarchy(dir.path(name, Object.keys(files)[0]!)));
}

describe("checkAnnotation finds what kicad-cli's ERC does not", () => {
  test("unannotated and duplicate references on one sheet; units of one part are fine", async () => {
    const found = await check("flat", {
      "flat.kicad_sch": sheetText({
        symbols: [
          { lib: "Device:R", ref: "R1", at: [50.8, 50.8] },
          { lib: "Device:R", ref: "R1", at: [76.2, 50.8] },
          { lib: "Device:R", ref: "R?", at: [101.6, 50.8] },
          { lib: "Amplifier_Operational:LM2904", ref: "U1", unit: 1, at: [50.8, 101.6] },
          { lib: "Amplifier_Operational:LM2904", ref: "U1", unit: 2, at: [101.6, 101.6] },
          { lib: "Amplifier_Operational:LM2904", ref: "U2", unit: 1, at: [50.8, 152.4] },
          { lib: "Amplifier_Operational:LM2904", ref: "U2", unit: 1, at: [101.6, 152.4] },
          { lib: "power:GND", ref: "#PWR01", at: [50.8, 203.2] },
          { lib: "power:GND", ref: "#PWR01", at: [76.2, 203.2] },
        ],
      }),
    });
    for (const v of found) expect(violationSchema.parse(v)).toEqual(v);
    expect(found.map((v) => [v.type, v.items.map((i) => i.description)])).toEqual([
      ["unannotated", ["Symbol R? [R] on sheet /"]],
      ["duplicate_reference", ["Symbol R1 [R] on sheet /", "Symbol R1 [R] on sheet /"]],
      [
        "duplicate_reference",
        ["Symbol U2 unit 1 [LM2904] on sheet /", "Symbol U2 unit 1 [LM2904] on sheet /"],
      ],
    ]);
    expect(
      found.every((v) => v.severity === "error" && v.source === "copperhead" && v.sheet === "/"),
    ).toBe(true);
    expect(found[1]?.items.map((i) => i.pos)).toEqual([
      { x: 50.8, y: 50.8 },
      { x: 76.2, y: 50.8 },
    ]);
    expect(found[0]?.description).toMatch(/Annotate/);
  });

  test("a reused sheet: references per instance; the same one in both is a duplicate across sheets", async () => {
    const sheetUuids = [
      "d2b3c1a0-0000-4000-8000-0000000000a1",
      "d2b3c1a0-0000-4000-8000-0000000000a2",
    ];
    const root = sheetText({
      sheets: sheetUuids.map((uuid, i) => ({
        name: `ch${i + 1}`,
        file: "channel.kicad_sch",
        uuid,
        at: [50.8 + i * 50.8, 50.8] as [number, number],
        size: [25.4, 25.4] as [number, number],
        pins: [],
      })),
    });
    // One child file, annotated per instance path: distinct (R11, R21) or clashing (R5, R5).
    const child = (refs: [string, string]) =>
      sheetText({
        symbols: [{ lib: "Device:R", ref: refs[0], at: [50.8, 50.8] }],
        uuid: "d2b3c1a0-0000-4000-8000-0000000000c0",
      }).replace(
        /\(instances \(project "t" \(path "[^"]*" \(reference "[^"]*"\) \(unit 1\)\)\)\)/,
        `(instances (project "t" ${sheetUuids
          .map((u, i) => `(path "/${ROOT_UUID}/${u}" (reference "${refs[i]}") (unit 1))`)
          .join(" ")}))`,
      );
    expect(
      await check("reuse-ok", {
        "root.kicad_sch": root,
        "channel.kicad_sch": child(["R11", "R21"]),
      }),
    ).toEqual([]);
    const clash = await check("reuse-clash", {
      "root.kicad_sch": root,
      "channel.kicad_sch": child(["R5", "R5"]),
    });
    expect(clash.map((v) => [v.type, v.sheet, v.items.map((i) => i.description)])).toEqual([
      [
        "duplicate_reference",
        "/ch1/",
        ["Symbol R5 [R] on sheet /ch1/", "Symbol R5 [R] on sheet /ch2/"],
      ],
    ]);
  });
});
