import { cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { execa } from "execa";
import { afterAll, describe, expect, it } from "vitest";
import { drc } from "../../../../engine/kicad/cli/drc.js";
import { erc } from "../../../../engine/kicad/cli/erc.js";
import { exportNetlist } from "../../../../engine/kicad/cli/export-netlist.js";
import { probe } from "../../../../engine/kicad/cli/probe.js";
import { renderSvg } from "../../../../engine/kicad/cli/render-svg.js";
import { UnsafeDesignError } from "../../../../engine/kicad/paths/unsafe-design-error.js";
import { preflightDesign } from "../../../../engine/kicad/preflight/preflight-design.js";
import { demoBoards, demoName, demoRootSchematics } from "../../../helpers/demo-corpus.js";
import { LED_EXAMPLE } from "../../../helpers/fixture-project.js";

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

/** A private copy of the LED project (not a git repository: its folder is the scope). */
async function ledCopy(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "copperhead-preflight-"));
  dirs.push(dir);
  await cp(LED_EXAMPLE, join(dir, "led"), { recursive: true });
  return join(dir, "led");
}

async function edit(file: string, change: (text: string) => string): Promise<void> {
  await writeFile(file, change(await readFile(file, "utf8")));
}

const kinds = async (design: Parameters<typeof preflightDesign>[0]) =>
  (await preflightDesign(design)).findings.map(
    (f) => `${f.kind} ${f.file}: ${f.field.replace(/\(line \d+\)/, "(line …)")} ${f.path}`,
  );

describe("preflightDesign over KiCad's own demos", () => {
  it("clears every demo project but the one whose table names its author's disk", async () => {
    const refused: string[] = [];
    for (const root of demoRootSchematics()) {
      const { findings } = await preflightDesign({ schematic: root });
      if (findings.length > 0) refused.push(`${demoName(root)}: ${findings.map((f) => f.path)}`);
    }
    for (const board of demoBoards()) {
      const { findings } = await preflightDesign({ board });
      if (findings.length > 0) refused.push(`${demoName(board)}: ${findings.map((f) => f.path)}`);
    }
    const author =
      "/home/hlord/Documents/LordsBoards/RoyalBlue54L-Feather/RoyalBlue54L-Feather-Hardware/lib/footprints/LordsBoards-Symbol.pretty";
    expect(refused).toEqual([
      `royalblue54L_feather/nfc_antenna/RoyalBlue54L-NFC-Antenna/RoyalBlue54L-NFC-Antenna.kicad_sch: ${author}`,
      `royalblue54L_feather/nfc_antenna/RoyalBlue54L-NFC-Antenna/RoyalBlue54L-NFC-Antenna.kicad_pcb: ${author}`,
    ]);
  });
});

describe("preflightDesign over one project", () => {
  it("clears the LED example, judged in its own folder (no repository around it)", async () => {
    const dir = await ledCopy();
    const { findings, scope } = await preflightDesign({ schematic: join(dir, "led.kicad_sch") });
    expect(findings).toEqual([]);
    expect(scope.root).toBe(dir);
    expect(scope.repository).toBe(false);
  });

  it("follows the project file's text variables and paths the way KiCad does", async () => {
    const dir = await ledCopy();
    await writeFile(
      join(dir, "led.kicad_pro"),
      JSON.stringify({
        text_variables: { LIBS: "/etc", KIPRJMOD: "/usr", HERE: `\${KIPRJMOD}` },
        schematic: {
          page_layout_descr_file: "../../../../../../../../../../tmp/x.kicad_wks",
          legacy_lib_list: [`\${HOME}/old.lib`],
        },
        pcbnew: { page_layout_descr_file: `\${HERE}/sheet.kicad_wks` },
      }),
    );
    await edit(join(dir, "sym-lib-table"), (t) =>
      t.replace(
        /\)\s*$/,
        `  (lib (name "E")(type "KiCad")(uri "\${LIBS}/passwd")(options "")(descr "")(disabled))\n)\n`,
      ),
    );
    expect(await kinds({ schematic: join(dir, "led.kicad_sch") })).toEqual([
      "path-outside-repo led.kicad_pro: schematic.page_layout_descr_file (drawing sheet) ../../../../../../../../../../tmp/x.kicad_wks",
      // KIPRJMOD is shadowed by the text variable (/usr), as KiCad would: outside.
      `path-outside-repo led.kicad_pro: pcbnew.page_layout_descr_file (drawing sheet) \${HERE}/sheet.kicad_wks`,
      `path-variable led.kicad_pro: schematic.legacy_lib_list entry \${HOME}/old.lib`,
      // The shadowed KIPRJMOD sends every ${KIPRJMOD} row out too; this table has none. A
      // disabled row is still checked: one edit enables it.
      `path-outside-repo sym-lib-table: sym-lib-table row "E" uri \${LIBS}/passwd`,
    ]);
  });

  it("checks the files KiCad opens inside a repository footprint folder", async () => {
    const dir = await ledCopy();
    const pretty = join(dir, "mine.pretty");
    await mkdir(pretty);
    await writeFile(join(pretty, "ok.kicad_mod"), "(footprint)\n");
    await symlink("/proc/self/environ", join(pretty, "leak.kicad_mod"));
    await execa("mkfifo", [join(pretty, "pipe.kicad_mod")]);
    await symlink("/etc/passwd", join(pretty, "README.txt"));
    await edit(join(dir, "fp-lib-table"), (t) =>
      t.replace(
        /\)\s*$/,
        `  (lib (name "Mine")(type "KiCad")(uri "\${KIPRJMOD}/mine.pretty")(options "")(descr ""))\n)\n`,
      ),
    );
    expect((await kinds({ board: join(dir, "led.kicad_pcb") })).sort()).toEqual([
      'path-not-a-file mine.pretty/pipe.kicad_mod: fp-lib-table row "Mine" uri: library entry pipe.kicad_mod',
      'path-symlink-outside mine.pretty/leak.kicad_mod: fp-lib-table row "Mine" uri: library entry leak.kicad_mod',
    ]);
  });

  it("checks simulation libraries, every Sheetfile value and sheets our parser refuses", async () => {
    const dir = await ledCopy();
    await writeFile(
      join(dir, "broken.kicad_sch"),
      '(kicad_sch (version 20250114) (generator "x")\n(sheet (property "Sheetname" "Deep") (property "Sheetfile" "/proc/self/environ"))\n(unclosed',
    );
    await edit(join(dir, "led.kicad_sch"), (t) =>
      t.replace(
        /\)\s*$/,
        '\t(sheet (at 150 40) (size 20 10) (uuid "00000000-0000-4000-8000-0000000000aa")\n\t\t(property "Sheetname" "Twice" (at 150 39 0))\n\t\t(property "sheet file" "/etc/passwd" (at 150 51 0))\n\t\t(property "SHEETFILE" "broken.kicad_sch" (at 150 52 0)))\n\t(symbol (lib_id "x:y") (property "Sim.Library" "/etc/spice.lib" (at 0 0 0)))\n)\n',
      ),
    );
    expect(await kinds({ schematic: join(dir, "led.kicad_sch") })).toEqual([
      'path-outside-repo led.kicad_sch: Sheetfile of sheet "Twice" /etc/passwd',
      'path-outside-repo broken.kicad_sch: Sheetfile of sheet "Deep" /proc/self/environ',
      "path-outside-repo led.kicad_sch: Sim.Library field (line …) /etc/spice.lib",
    ]);
  });

  it("refuses a design or project file that is a symlink out, before reading anything", async () => {
    const dir = await ledCopy();
    await rm(join(dir, "sym-lib-table"));
    await symlink("/proc/self/environ", join(dir, "sym-lib-table"));
    await symlink("/etc/passwd", join(dir, "evil.kicad_sch"));
    expect(await kinds({ schematic: join(dir, "led.kicad_sch") })).toEqual([
      "path-symlink-outside sym-lib-table: project file sym-lib-table",
    ]);
    expect(await kinds({ schematic: join(dir, "evil.kicad_sch") })).toEqual([
      "path-symlink-outside evil.kicad_sch: design file evil.kicad_sch",
      "path-symlink-outside sym-lib-table: project file sym-lib-table",
    ]);
  });
});

describe("every kicad-cli wrapper refuses a design before kicad-cli runs", () => {
  it("erc and drc return the refusal; probe, render and netlist raise it", async () => {
    const dir = await ledCopy();
    await edit(join(dir, "led.kicad_pcb"), (t) =>
      t.replace(/\(model "[^"]*"/, '(model "/proc/self/environ"'),
    );
    // A kicad-cli that cannot start: any wrapper that tried to run it would fail differently.
    const env = { ...process.env, COPPERHEAD_KICAD_CLI: join(dir, "no-such-kicad-cli") };
    const sch = join(dir, "led.kicad_sch");
    const pcb = join(dir, "led.kicad_pcb");
    const ercResult = await erc(sch, { env });
    expect(ercResult.refused?.map((f) => f.path)).toEqual(["/proc/self/environ"]);
    expect(ercResult.violations.map((v) => v.type)).toEqual(["unsafe_path"]);
    const drcResult = await drc(pcb, { env });
    expect(drcResult.violations.map((v) => [v.type, v.severity, v.source])).toEqual([
      ["unsafe_path", "error", "copperhead"],
    ]);
    const failures = await Promise.all(
      [
        probe(sch, { env }),
        renderSvg(pcb, join(dir, "out"), { env }),
        exportNetlist(sch, { env }),
      ].map((run) =>
        run.then(
          () => undefined,
          (error: unknown) => error,
        ),
      ),
    );
    for (const failure of failures) {
      expect(failure).toBeInstanceOf(UnsafeDesignError);
      expect((failure as UnsafeDesignError).findings.map((f) => basename(f.file))).toEqual([
        "led.kicad_pcb",
      ]);
    }
  });
});
